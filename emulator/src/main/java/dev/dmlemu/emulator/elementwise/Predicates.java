package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/** Bodies whose output is a truth value: 1 or 0 in the output's integer type (UINT8 in DirectML's tables). */
final class Predicates {

    private Predicates() {}

    @FunctionalInterface
    interface FloatTest2 {
        boolean test(double a, double b);
    }

    @FunctionalInterface
    interface IntTest2 {
        boolean test(long a, long b, TensorDataType type);
    }

    @FunctionalInterface
    interface FloatTest1 {
        boolean test(double x);
    }

    /** A comparison: on exact values, so a NaN compares false and -0.0 equals 0. */
    static ElementFunction of(FloatTest2 onFloats, IntTest2 onIntegers) {
        return (in, out, n) -> {
            Lanes a = in[0];
            Lanes b = in[1];
            if (a.isFloat()) {
                for (int i = 0; i < n; i++) {
                    out.bits[i] = onFloats.test(a.values[i], b.values[i]) ? 1 : 0;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    out.bits[i] = onIntegers.test(a.bits[i], b.bits[i], a.type) ? 1 : 0;
                }
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    /** A test of one float element; integer inputs are never NaN or infinite. */
    static ElementFunction ofFloat(FloatTest1 test) {
        return (in, out, n) -> {
            Lanes x = in[0];
            for (int i = 0; i < n; i++) {
                out.bits[i] = x.isFloat() && test.test(x.values[i]) ? 1 : 0;
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }
}
