package dev.dmlemu.emulator.elementwise;

/**
 * CLIP and CLIP1: the input clamped to [min, max]. Floats: a NaN becomes max (measured, docs/directml-behaviour.md
 * §15), the bounds are compared in the input's own precision. Integers: clamped to the integer bounds, UINT64 unsigned.
 */
final class Clamp {

    private Clamp() {}

    static ElementFunction of(double min, double max, long intMin, long intMax) {
        return Bodies.unary(x -> x != x ? max : x < min ? min : x > max ? max : x,
                (x, t) -> Bodies.compare(x, intMin, t) < 0 ? intMin : Bodies.compare(x, intMax, t) > 0 ? intMax : x);
    }
}
