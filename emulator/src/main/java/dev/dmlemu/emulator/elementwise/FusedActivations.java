package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.ActivationIdentityOperatorDesc;
import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationShrinkOperatorDesc;
import dev.dmlemu.desc.ActivationThresholdedReluOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Optional;

/**
 * The fused activations whose result is exactly defined, applied after an element-wise body to its result rounded to
 * the output type, in that type's arithmetic (FLOAT16 in FLOAT32, as the DLL's shaders compute). Any other
 * activation is refused when the operator is prepared.
 */
final class FusedActivations {

    private FusedActivations() {}

    /** One activation on one element, already rounded to the output type; the result is rounded again. */
    @FunctionalInterface
    interface Activation {
        double apply(double x, boolean singlePrecision);
    }

    static ElementFunction after(Optional<OperatorDesc> fused, ElementFunction body) {
        if (fused.isEmpty()) {
            return body;
        }
        Activation activation = of(fused.get());
        return (in, out, n) -> {
            body.apply(in, out, n);
            if (out.carrier != Lanes.Carrier.VALUES) {
                throw new IllegalStateException("a fused activation on an integer output");
            }
            boolean single = out.type != TensorDataType.FLOAT64;
            for (int i = 0; i < n; i++) {
                out.values[i] = activation.apply(round(out.values[i], out.type), single);
            }
        };
    }

    static Activation of(OperatorDesc desc) {
        if (desc instanceof ActivationIdentityOperatorDesc) {
            return (x, single) -> x;
        }
        if (desc instanceof ActivationReluOperatorDesc) {
            // Measured: x * 0 below 0, so a negative sum gives -0.0 and -infinity the default NaN.
            return (x, single) -> x < 0 ? timesZero(x) : x;
        }
        if (desc instanceof ActivationLeakyReluOperatorDesc d) {
            float alpha = d.alpha();
            return (x, single) -> x < 0 ? multiply(alpha, x, single) : x;
        }
        if (desc instanceof ActivationLinearOperatorDesc d) {
            float alpha = d.alpha();
            float beta = d.beta();
            return (x, single) -> add(multiply(alpha, x, single), beta, single);
        }
        if (desc instanceof ActivationThresholdedReluOperatorDesc d) {
            float alpha = d.alpha();
            // Measured: +0 at or below Alpha (-7 gives +0), and a NaN stays (7FC12345 gives 7FC12345).
            return (x, single) -> x <= alpha ? 0.0 : x;
        }
        if (desc instanceof ActivationShrinkOperatorDesc d) {
            float bias = d.bias();
            float threshold = d.threshold();
            return (x, single) -> x < -threshold ? add(x, bias, single)
                    : x > threshold ? add(x, -bias, single) : 0.0;
        }
        throw new UnsupportedOperationException("the emulator has no exact fused " + desc.operatorType());
    }

    /** {@code x * 0} on x86: a zero of x's sign, x itself when a NaN, the default NaN for an infinity. */
    static double timesZero(double x) {
        if (x != x) {
            return x;
        }
        return Double.isInfinite(x) ? Bodies.DEFAULT_NAN : Math.copySign(0.0, x);
    }

    private static double multiply(double a, double b, boolean single) {
        return single ? (float) a * (float) b : a * b;
    }

    private static double add(double a, double b, boolean single) {
        return single ? (float) a + (float) b : a + b;
    }

    /** {@code v} as the output type holds it. */
    static double round(double v, TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> (float) v;
            case FLOAT16 -> Half.toDouble(Half.fromDouble(v));
            default -> v;
        };
    }
}
