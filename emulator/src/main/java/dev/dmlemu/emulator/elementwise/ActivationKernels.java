package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.ActivationHardSigmoidOperatorDesc;
import dev.dmlemu.desc.ActivationHardSwishOperatorDesc;
import dev.dmlemu.desc.ActivationIdentityOperatorDesc;
import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ActivationParameterizedReluOperatorDesc;
import dev.dmlemu.desc.ActivationReluGradOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationShrinkOperatorDesc;
import dev.dmlemu.desc.ActivationThresholdedReluOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.elementwise.ElementWiseKernel.Parts;
import java.util.List;

/**
 * The stand-alone activations whose result is exactly defined. They are not the fused activations of ADD1
 * ({@link FusedActivations}): measured on the real DLL, ACTIVATION_RELU gives +0 for every negative input and for a
 * NaN, where a fused RELU gives -0 and keeps the NaN (docs/directml-behaviour.md §15.8). Where an input passes
 * through, its bits are copied (a signaling NaN stays signaling); arithmetic is in FLOAT32, each operation rounded, a
 * FLOAT16 result rounded from it [inferred: the device lacks FLOAT16].
 */
public final class ActivationKernels {

    private static final String INPUT = "InputTensor";
    private static final String OUTPUT = "OutputTensor";

    /** The integer body of an operator whose tables allow float tensors only: the validator never lets one here. */
    private static final Bodies.IntOp1 FLOATS_ONLY = (x, t) -> {
        throw new IllegalStateException("a float-only activation on " + t);
    };

    private ActivationKernels() {}

    /** Every one of them, for the emulator's registry. */
    public static List<OperatorKernel> all() {
        return List.of(identity(), relu(), leakyRelu(), linear(), thresholdedRelu(), shrink(), hardSigmoid(),
                parameterizedRelu(), reluGrad(), hardSwish());
    }

    /** The input's bits. */
    static OperatorKernel identity() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_IDENTITY, ActivationIdentityOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, Bodies.onBits((x, t) -> x), PackedLanes.copy()));
    }

    /** Floats: the input above 0, else +0 (-0.0, negatives and NaNs alike). Integers: the larger of x and 0. */
    static OperatorKernel relu() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_RELU, ActivationReluOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, passOrZero((x, i, t) -> x.isFloat()
                        ? x.values[i] > 0 : x.bits[i] > 0), lanes((in, out, n) -> {
                            float[] x = in[0];
                            for (int i = 0; i < n; i++) {
                                // Branch-free: Math.max gives +0 for -0 and a NaN (which the exact body redoes).
                                out[i] = Math.max(x[i], 0f);
                            }
                        }, (in, out, n) -> {
                            int[] x = in[0];
                            for (int i = 0; i < n; i++) {
                                out[i] = Math.max(x[i], 0);
                            }
                        })));
    }

    /** Below 0, {@code x * Alpha}; else the input (-0.0 and NaNs included). */
    static OperatorKernel leakyRelu() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_LEAKY_RELU, ActivationLeakyReluOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, belowZeroTimes((in, i) -> d.alpha()),
                        lanes(leakyReluLane(d.alpha()), null)));
    }

    /**
     * LEAKY_RELU's FLOAT32 lane without a branch where Alpha allows: for +0 <= Alpha <= 1 the result is the larger of
     * x and {@code x * Alpha}, for Alpha > 1 the smaller (-0 stays -0 in both, and a NaN goes to the exact body); a
     * negative Alpha (which would turn -0 into +0 that way), -0 and NaN keep the conditional.
     */
    private static PackedLane.Floats leakyReluLane(float alpha) {
        boolean positive = Float.floatToRawIntBits(alpha) >= 0 && alpha == alpha;
        if (positive && alpha <= 1) {
            return (in, out, n) -> {
                float[] x = in[0];
                for (int i = 0; i < n; i++) {
                    out[i] = Math.max(x[i], x[i] * alpha);
                }
            };
        }
        if (positive) {
            return (in, out, n) -> {
                float[] x = in[0];
                for (int i = 0; i < n; i++) {
                    out[i] = Math.min(x[i], x[i] * alpha);
                }
            };
        }
        return (in, out, n) -> {
            float[] x = in[0];
            for (int i = 0; i < n; i++) {
                out[i] = x[i] < 0 ? x[i] * alpha : x[i];
            }
        };
    }

    /** {@code x * Alpha + Beta}, two roundings (measured: no fused multiply-add). */
    static OperatorKernel linear() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_LINEAR, ActivationLinearOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, Bodies.unary(x -> linear(x, d.alpha(), d.beta()),
                        FLOATS_ONLY), lanes((in, out, n) -> {
                            float[] x = in[0];
                            float alpha = d.alpha();
                            float beta = d.beta();
                            for (int i = 0; i < n; i++) {
                                out[i] = x[i] * alpha + beta;
                            }
                        }, null)));
    }

    /** The input above Alpha (a NaN stays, its bits copied), else +0. */
    static OperatorKernel thresholdedRelu() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_THRESHOLDED_RELU,
                ActivationThresholdedReluOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, passOrZero((x, i, t) -> !(x.values[i] <= d.alpha())),
                        lanes((in, out, n) -> {
                            float[] x = in[0];
                            float alpha = d.alpha();
                            for (int i = 0; i < n; i++) {
                                out[i] = x[i] <= alpha ? 0f : x[i];
                            }
                        }, null)));
    }

    /**
     * Below -Threshold {@code x + Bias}, above Threshold {@code x - Bias}, else +0 (a NaN too). Integer tensors are
     * computed the same way in FLOAT32 (the input converted to nearest) and the result rounded to nearest even, then
     * converted as the shaders convert ({@link ShaderIntegers}): measured on INT8, UINT8, INT32 and UINT32.
     */
    static OperatorKernel shrink() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_SHRINK, ActivationShrinkOperatorDesc.class, d -> {
            float bias = d.bias();
            float threshold = d.threshold();
            return new Parts(List.of(INPUT), OUTPUT, Bodies.unary(x -> shrink((float) x, bias, threshold),
                    (x, t) -> ShaderIntegers.of((float) Math.rint(shrink((float) x, bias, threshold)), t)),
                    lanes((in, out, n) -> {
                        float[] x = in[0];
                        for (int i = 0; i < n; i++) {
                            out[i] = shrink(x[i], bias, threshold);
                        }
                    }, (in, out, n) -> {
                        int[] x = in[0];
                        for (int i = 0; i < n; i++) {
                            out[i] = (int) ShaderIntegers.of((float) Math.rint(shrink((float) x[i], bias, threshold)),
                                    TensorDataType.INT32);
                        }
                    }));
        });
    }

    private static float shrink(float x, float bias, float threshold) {
        return x < -threshold ? x + bias : x > threshold ? x - bias : 0f;
    }

    /** {@code x * Alpha + Beta} (two roundings) clamped to [0, 1]; a NaN and -0.0 give +0. */
    static OperatorKernel hardSigmoid() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_HARD_SIGMOID, ActivationHardSigmoidOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, Bodies.unary(x -> {
                    double v = linear(x, d.alpha(), d.beta());
                    return v > 0 ? Math.min(v, 1.0) : 0.0;
                }, FLOATS_ONLY), lanes((in, out, n) -> {
                    float[] x = in[0];
                    float alpha = d.alpha();
                    float beta = d.beta();
                    for (int i = 0; i < n; i++) {
                        // Branch-free: Math.max turns -0 into +0, and a NaN (redone by the exact body) stays one.
                        out[i] = Math.max(0f, Math.min(x[i] * alpha + beta, 1f));
                    }
                }, null)));
    }

    /**
     * {@code x} times its hard sigmoid ({@code x * Alpha + Beta}, two roundings, clamped to [0, 1]), a third
     * rounding: a NaN keeps its payload (quieted), infinity times 0 is x86's default NaN (measured, §15.8).
     */
    static OperatorKernel hardSwish() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_HARD_SWISH, ActivationHardSwishOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, Bodies.unary(x -> {
                    double v = linear(x, d.alpha(), d.beta());
                    double sigmoid = v > 0 ? Math.min(v, 1.0) : 0.0;
                    return (float) Bodies.ieee((a, b) -> a * b).apply(x, sigmoid);
                }, FLOATS_ONLY)));
    }

    /** Below 0, {@code x * Slope} (integers wrap in the type's width); else the input. */
    static OperatorKernel parameterizedRelu() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_PARAMETERIZED_RELU,
                ActivationParameterizedReluOperatorDesc.class,
                d -> new Parts(List.of(INPUT, "SlopeTensor"), OUTPUT, belowZeroTimes((in, i) -> in[1].values[i]),
                        lanes((in, out, n) -> {
                            float[] x = in[0];
                            float[] slope = in[1];
                            for (int i = 0; i < n; i++) {
                                out[i] = x[i] < 0 ? x[i] * slope[i] : x[i];
                            }
                        }, (in, out, n) -> {
                            int[] x = in[0];
                            int[] slope = in[1];
                            for (int i = 0; i < n; i++) {
                                out[i] = x[i] < 0 ? x[i] * slope[i] : x[i];
                            }
                        })));
    }

    /** The input gradient where the input is above 0 (its bits copied), else 0. */
    static OperatorKernel reluGrad() {
        return new ElementWiseKernel<>(OperatorType.ACTIVATION_RELU_GRAD, ActivationReluGradOperatorDesc.class,
                d -> new Parts(List.of(INPUT, "InputGradientTensor"), "OutputGradientTensor", (in, out, n) -> {
                    Lanes x = in[0];
                    Lanes gradient = in[1];
                    for (int i = 0; i < n; i++) {
                        boolean above = x.isFloat() ? x.values[i] > 0 : x.bits[i] > 0;
                        out.bits[i] = above ? gradient.bits[i] : 0;
                    }
                    out.carrier = Lanes.Carrier.BITS;
                }, lanes((in, out, n) -> {
                    float[] x = in[0];
                    float[] gradient = in[1];
                    for (int i = 0; i < n; i++) {
                        out[i] = x[i] > 0 ? gradient[i] : 0f;
                    }
                }, (in, out, n) -> {
                    int[] x = in[0];
                    int[] gradient = in[1];
                    for (int i = 0; i < n; i++) {
                        out[i] = x[i] > 0 ? gradient[i] : 0;
                    }
                })));
    }

    /**
     * The fast lanes on packed rows: FLOAT32 (a NaN it writes is recomputed by the exact body, which keeps the input's
     * bits) and, where the operator takes integers, INT32 alone (UINT32 is in none of these tables but SHRINK's, whose
     * unsigned conversion the exact body keeps).
     */
    private static PackedLanes lanes(PackedLane.Floats float32, PackedLane.Ints int32) {
        return type -> type == TensorDataType.FLOAT32 ? float32 : type == TensorDataType.INT32 ? int32 : null;
    }

    /** Whether element {@code i} of the first input passes. */
    @FunctionalInterface
    private interface Passes {
        boolean test(Lanes x, int i, TensorDataType type);
    }

    /** The first input's bits where {@code passes}, else 0 (+0 for floats). */
    private static ElementFunction passOrZero(Passes passes) {
        return (in, out, n) -> {
            Lanes x = in[0];
            for (int i = 0; i < n; i++) {
                out.bits[i] = passes.test(x, i, x.type) ? x.bits[i] : 0;
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    /** A float factor per element: a constant, or the element of a second input. */
    @FunctionalInterface
    private interface Factor {
        double of(Lanes[] in, int i);
    }

    /**
     * Below zero, the product with the factor, rounded to FLOAT32 and then to the output type (a NaN factor's payload
     * kept, as x86 multiplies); integers multiply the second input's element, wrapping; else the input's bits.
     */
    private static ElementFunction belowZeroTimes(Factor factor) {
        return (in, out, n) -> {
            Lanes x = in[0];
            for (int i = 0; i < n; i++) {
                if (x.isFloat()) {
                    out.bits[i] = x.values[i] < 0 ? floatBits(product(x.values[i], factor.of(in, i)), x.type)
                            : x.bits[i];
                } else {
                    out.bits[i] = x.bits[i] < 0 ? x.bits[i] * in[1].bits[i] : x.bits[i];
                }
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    /** {@code x * factor} in FLOAT32 for an x that is a number: a NaN factor comes out quiet with its payload. */
    private static float product(double x, double factor) {
        return (float) Bodies.ieee((a, b) -> a * b).apply(x, factor);
    }

    /** {@code x * alpha + beta} in FLOAT32, each operation rounded, x86's NaN rules (x's NaN first). */
    static double linear(double x, float alpha, float beta) {
        float product = (float) Bodies.ieee((a, b) -> a * b).apply(x, alpha);
        return (float) Bodies.ieee((a, b) -> a + b).apply(product, beta);
    }

    /** A FLOAT32 result as the output type's bits: FLOAT16 rounded to nearest even. */
    private static long floatBits(float v, TensorDataType type) {
        return type == TensorDataType.FLOAT16 ? Half.fromDouble(v) & 0xFFFFL
                : Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }
}
