package dev.dmlemu.emulator.elementwise;

/**
 * CLIP and CLIP1: the input clamped to [min, max]. Floats: {@code max(min(x, Max), Min)} with x86's rules, measured
 * (docs/directml-behaviour.md §15): a NaN becomes Max; 1.0 clipped to [-0.0, 0] gives -0.0. Integers: clamped to
 * the integer bounds, UINT64 unsigned.
 */
final class Clamp {

    private Clamp() {}

    static ElementFunction of(double min, double max, long intMin, long intMax) {
        // min then max, each keeping its second operand unless the first is strictly beyond it, as x86's minss and
        // maxss do: a NaN becomes Max, and -0.0 and 0 as bounds or input give the bound.
        return Bodies.unary(x -> {
                    double below = x < max ? x : max;
                    return below > min ? below : min;
                },
                (x, t) -> Bodies.compare(x, intMin, t) < 0 ? intMin : Bodies.compare(x, intMax, t) > 0 ? intMax : x);
    }
}
