package dev.dmlemu.testkit;

import dev.dmlemu.desc.ActivationHardSigmoidOperatorDesc;
import dev.dmlemu.desc.ActivationHardSwishOperatorDesc;
import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ActivationShrinkOperatorDesc;
import dev.dmlemu.desc.ActivationThresholdedReluOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;

/**
 * The stand-alone exact activations, one element at a time, as measured on the real DLL
 * (docs/directml-behaviour.md §15.8): float arithmetic in FLOAT32 with each operation rounded, then FLOAT16 rounded
 * from it; inputs that pass through keep their bits.
 */
final class NaiveActivations {

    private NaiveActivations() {}

    /**
     * @param type the input's data type
     * @param x the inputs' elements: bits for floats, values for integers
     */
    static long element(OperatorDesc desc, TensorDataType type, long[] x) {
        boolean floats = type.isFloatingPoint();
        return switch (desc.operatorType()) {
            case ACTIVATION_IDENTITY -> x[0];
            case ACTIVATION_RELU -> (floats ? value(type, x[0]) > 0 : x[0] > 0) ? x[0] : 0;
            case ACTIVATION_LEAKY_RELU -> value(type, x[0]) < 0
                    ? bits(type, times(value(type, x[0]), ((ActivationLeakyReluOperatorDesc) desc).alpha())) : x[0];
            case ACTIVATION_LINEAR -> {
                ActivationLinearOperatorDesc d = (ActivationLinearOperatorDesc) desc;
                yield bits(type, plus(times(value(type, x[0]), d.alpha()), d.beta()));
            }
            case ACTIVATION_THRESHOLDED_RELU -> {
                float v = value(type, x[0]);
                yield v <= ((ActivationThresholdedReluOperatorDesc) desc).alpha() ? 0 : x[0];
            }
            case ACTIVATION_SHRINK -> {
                ActivationShrinkOperatorDesc d = (ActivationShrinkOperatorDesc) desc;
                if (!floats) {
                    // In FLOAT32, rounded to nearest even, converted as the shaders convert.
                    float v = (float) x[0];
                    float r = v < -d.threshold() ? v + d.bias() : v > d.threshold() ? v - d.bias() : 0f;
                    yield NaiveArithmetic.shaderInteger((float) Math.rint(r), type);
                }
                float v = value(type, x[0]);
                yield v < -d.threshold() ? bits(type, plus(v, d.bias()))
                        : v > d.threshold() ? bits(type, minus(v, d.bias())) : 0;
            }
            case ACTIVATION_HARD_SIGMOID -> {
                ActivationHardSigmoidOperatorDesc d = (ActivationHardSigmoidOperatorDesc) desc;
                float v = plus(times(value(type, x[0]), d.alpha()), d.beta());
                // A NaN fails both comparisons: +0, as -0.0 does.
                yield bits(type, v >= 1f ? 1f : v > 0f ? v : 0f);
            }
            case ACTIVATION_HARD_SWISH -> {
                ActivationHardSwishOperatorDesc d = (ActivationHardSwishOperatorDesc) desc;
                float x0 = value(type, x[0]);
                float v = plus(times(x0, d.alpha()), d.beta());
                yield bits(type, times(x0, v >= 1f ? 1f : v > 0f ? v : 0f));
            }
            case ACTIVATION_PARAMETERIZED_RELU -> {
                if (!floats) {
                    yield x[0] < 0 ? x[0] * x[1] : x[0];
                }
                yield value(type, x[0]) < 0 ? bits(type, times(value(type, x[0]), value(type, x[1]))) : x[0];
            }
            case ACTIVATION_RELU_GRAD -> (floats ? value(type, x[0]) > 0 : x[0] > 0) ? x[1] : 0;
            default -> throw new IllegalArgumentException("no naive " + desc.operatorType());
        };
    }

    private static float value(TensorDataType type, long bits) {
        return type == TensorDataType.FLOAT16 ? KitHalf.toFloat((int) bits) : Float.intBitsToFloat((int) bits);
    }

    private static long bits(TensorDataType type, float v) {
        return type == TensorDataType.FLOAT16 ? KitHalf.fromFloat(v) & 0xFFFFL
                : Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }

    /** x86's arithmetic, as the kit's element-wise reference states it: a NaN operand (the first if both) quiet. */
    private static float times(float a, float b) {
        return NaiveElementWise.floatOp('*', a, b);
    }

    private static float plus(float a, float b) {
        return NaiveElementWise.floatOp('+', a, b);
    }

    private static float minus(float a, float b) {
        return NaiveElementWise.floatOp('-', a, b);
    }
}
