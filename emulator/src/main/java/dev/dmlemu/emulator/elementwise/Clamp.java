package dev.dmlemu.emulator.elementwise;

/**
 * CLIP and CLIP1: the input clamped to [min, max]. Floats: {@code max(min(x, Max), Min)}, measured
 * (docs/directml-behaviour.md §15): a NaN becomes Max, a NaN bound clamps nothing; 1.0 clipped to [-0.0, 0] gives
 * -0.0. Integers: the same
 * order over the integer bounds, UINT64 unsigned, so a Min above Max gives Min everywhere (measured).
 */
final class Clamp {

    private Clamp() {}

    static ElementFunction of(double min, double max, long intMin, long intMax) {
        Bodies.IntOp1 onIntegers = (x, t) -> {
            long below = Bodies.compare(x, intMax, t) < 0 ? x : intMax;
            return Bodies.compare(below, intMin, t) > 0 ? below : intMin;
        };
        if (min != min && max != max) {
            // Two NaN bounds clamp nothing: a float keeps its bits, a signaling NaN included (measured).
            return (in, out, n) -> {
                Lanes x = in[0];
                for (int i = 0; i < n; i++) {
                    out.bits[i] = x.isFloat() ? x.bits[i] : onIntegers.apply(x.bits[i], x.type);
                }
                out.carrier = Lanes.Carrier.BITS;
            };
        }
        // min then max, each keeping its bound unless the value is strictly inside it or the bound is a NaN
        // (measured): a NaN input becomes Max, a NaN bound is no bound, and -0.0 and 0 as bounds or input give the
        // bound.
        return Bodies.unary(x -> {
                    double below = max != max || x < max ? x : max;
                    return min != min || below > min ? below : min;
                }, onIntegers);
    }
}
