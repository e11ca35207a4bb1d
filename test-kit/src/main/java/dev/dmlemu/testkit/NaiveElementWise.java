package dev.dmlemu.testkit;

import dev.dmlemu.desc.ActivationIdentityOperatorDesc;
import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationShrinkOperatorDesc;
import dev.dmlemu.desc.ActivationThresholdedReluOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CastOperatorDesc;
import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseAdd1OperatorDesc;
import dev.dmlemu.desc.ElementWiseCeilOperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.ElementWiseIsInfinityOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Optional;

/**
 * The element-wise operators written out plainly from the DirectML docs and the probes of docs/directml-behaviour.md
 * §15: one output element at a time, its coordinates turned into each tensor's offset, the value computed in the
 * tensor type's own arithmetic (FLOAT32 in float, FLOAT16 widened to float and rounded back, FLOAT64 in double,
 * integers in 64 bits written modulo the type's width). NaN rules as measured: a NaN operand, the first if both are,
 * comes out quiet with its payload; an invalid operation on numbers gives the negative quiet NaN. Shares no code with
 * the emulator.
 */
public final class NaiveElementWise {

    private static final int F32_DEFAULT_NAN = 0xFFC0_0000;
    private static final long F64_DEFAULT_NAN = 0xFFF8_0000_0000_0000L;

    private NaiveElementWise() {}

    /** The output buffer (TotalTensorSizeInBytes bytes, zeros where the output strides do not reach). */
    public static byte[] run(ElementWiseCase c) {
        BufferTensorDesc out = c.outputTensor();
        byte[] result = new byte[Math.toIntExact(out.totalTensorSizeInBytes())];
        List<Long> sizes = out.sizes();
        long count = 1;
        for (long s : sizes) {
            count *= s;
        }
        long[] x = new long[c.inputTensors().size()];
        for (long e = 0; e < count; e++) {
            long[] coordinate = new long[sizes.size()];
            long rest = e;
            for (int d = sizes.size() - 1; d >= 0; d--) {
                coordinate[d] = rest % sizes.get(d);
                rest /= sizes.get(d);
            }
            for (int i = 0; i < x.length; i++) {
                BufferTensorDesc in = c.inputTensors().get(i);
                x[i] = read(in, c.inputs().get(i).bytes(), coordinate);
            }
            long y = element(c.desc(), c.inputTensors().get(c.op() == ElementWiseOp.IF ? 1 : 0).dataType(), x);
            int width = out.dataType().sizeInBytes();
            LittleEndian.put(result, Math.toIntExact(offset(out, coordinate) * width), width, y);
        }
        return result;
    }

    private static long offset(BufferTensorDesc t, long[] coordinate) {
        List<Long> strides = t.effectiveStrides();
        long at = 0;
        for (int d = 0; d < coordinate.length; d++) {
            at += coordinate[d] * strides.get(d);
        }
        return at;
    }

    /** The element's bits, zero-extended (floats) or as the integer's value (UINT64: its bits). */
    private static long read(BufferTensorDesc t, byte[] bytes, long[] coordinate) {
        int width = t.dataType().sizeInBytes();
        long bits = LittleEndian.bits(bytes, Math.toIntExact(offset(t, coordinate) * width), width);
        if (t.dataType().isSignedInteger() && width < 8) {
            int unused = 64 - 8 * width;
            return bits << unused >> unused;
        }
        return bits;
    }

    /** One output element from its inputs' elements; {@code type} is the (first) input's type. */
    private static long element(OperatorDesc desc, TensorDataType type, long[] x) {
        TensorDataType inputType = type;
        return switch (desc.operatorType()) {
            case ELEMENT_WISE_IDENTITY -> unaryWithScaleBias(type, x[0],
                    ((ElementWiseIdentityOperatorDesc) desc).scaleBias(), false);
            case ELEMENT_WISE_ABS -> unaryWithScaleBias(type, x[0], ((ElementWiseAbsOperatorDesc) desc).scaleBias(),
                    true);
            case ELEMENT_WISE_NEGATE -> type.isFloatingPoint() ? x[0] ^ signBit(type) : saturated(type, x[0], true);
            case ELEMENT_WISE_ADD -> arithmetic(type, '+', x[0], x[1]);
            case ELEMENT_WISE_SUBTRACT -> arithmetic(type, '-', x[0], x[1]);
            case ELEMENT_WISE_MULTIPLY -> arithmetic(type, '*', x[0], x[1]);
            case ELEMENT_WISE_ADD1 -> activation(type, arithmetic(type, '+', x[0], x[1]),
                    ((ElementWiseAdd1OperatorDesc) desc).fusedActivation());
            case ELEMENT_WISE_MIN -> minMax(type, x[0], x[1], true);
            case ELEMENT_WISE_MAX -> minMax(type, x[0], x[1], false);
            case ELEMENT_WISE_CLIP -> {
                ElementWiseClipOperatorDesc d = (ElementWiseClipOperatorDesc) desc;
                // Integer tensors: the bounds truncated toward zero, saturated to the type.
                yield clamp(type, x[0], d.scaleBias(), d.min(), d.max(),
                        type.isFloatingPoint() ? 0 : integerBound(d.min(), type),
                        type.isFloatingPoint() ? 0 : integerBound(d.max(), type));
            }
            case ELEMENT_WISE_CLIP1 -> {
                ElementWiseClip1OperatorDesc d = (ElementWiseClip1OperatorDesc) desc;
                TensorDataType bounds = d.minMaxDataType();
                yield clamp(type, x[0], d.scaleBias(), d.min().asDouble(bounds),
                        d.max().asDouble(bounds), d.min().asLong(bounds), d.max().asLong(bounds));
            }
            case ELEMENT_WISE_CEIL -> rounded(type, x[0], ((ElementWiseCeilOperatorDesc) desc).scaleBias(), true);
            case ELEMENT_WISE_FLOOR -> rounded(type, x[0], ((ElementWiseFloorOperatorDesc) desc).scaleBias(), false);
            case ELEMENT_WISE_LOGICAL_EQUALS -> truth(compared(type, x[0], x[1]) == 0);
            case ELEMENT_WISE_LOGICAL_GREATER_THAN -> truth(compared(type, x[0], x[1]) == 1);
            case ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL -> truth(compared(type, x[0], x[1]) == 1
                    || compared(type, x[0], x[1]) == 0);
            case ELEMENT_WISE_LOGICAL_LESS_THAN -> truth(compared(type, x[0], x[1]) == -1);
            case ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL -> truth(compared(type, x[0], x[1]) == -1
                    || compared(type, x[0], x[1]) == 0);
            case ELEMENT_WISE_LOGICAL_AND -> truth(x[0] != 0 && x[1] != 0);
            case ELEMENT_WISE_LOGICAL_OR -> truth(x[0] != 0 || x[1] != 0);
            case ELEMENT_WISE_LOGICAL_XOR -> truth((x[0] != 0) ^ (x[1] != 0));
            case ELEMENT_WISE_LOGICAL_NOT -> truth(x[0] == 0);
            case ELEMENT_WISE_IS_NAN -> truth(inputType.isFloatingPoint() && Double.isNaN(asDouble(inputType, x[0])));
            case ELEMENT_WISE_IS_INFINITY -> {
                double v = inputType.isFloatingPoint() ? asDouble(inputType, x[0]) : 0;
                yield truth(switch (((ElementWiseIsInfinityOperatorDesc) desc).infinityMode()) {
                    case POSITIVE -> v == Double.POSITIVE_INFINITY;
                    case NEGATIVE -> v == Double.NEGATIVE_INFINITY;
                    default -> Double.isInfinite(v);
                });
            }
            case ELEMENT_WISE_BIT_AND -> x[0] & x[1];
            case ELEMENT_WISE_BIT_OR -> x[0] | x[1];
            case ELEMENT_WISE_BIT_XOR -> x[0] ^ x[1];
            case ELEMENT_WISE_BIT_NOT -> ~x[0];
            case ELEMENT_WISE_BIT_COUNT -> {
                long count = 0;
                for (int bit = 0; bit < inputType.sizeInBits(); bit++) {
                    count += (x[0] >>> bit) & 1;
                }
                yield count;
            }
            case ELEMENT_WISE_BIT_SHIFT_LEFT -> x[0] << shiftCount(type, x[1]);
            case ELEMENT_WISE_BIT_SHIFT_RIGHT -> {
                long count = shiftCount(type, x[1]);
                yield type.isSignedInteger() ? x[0] >> count : x[0] >>> count;
            }
            case ELEMENT_WISE_SIGN -> {
                if (!type.isFloatingPoint()) {
                    yield type.isUnsignedInteger() ? (x[0] != 0 ? 1 : 0) : Long.signum(x[0]);
                }
                double v = asDouble(type, x[0]);
                yield fromDouble(type, v > 0 ? 1 : v < 0 ? -1 : 0);
            }
            case ELEMENT_WISE_IF -> x[0] != 0 ? x[1] : x[2];
            case CAST -> NaiveCast.element(type,
                    ((BufferTensorDesc) ((CastOperatorDesc) desc).outputTensor()).dataType(), x[0]);
            case ELEMENT_WISE_DIVIDE, ELEMENT_WISE_MEAN, ELEMENT_WISE_DIFFERENCE_SQUARE, ELEMENT_WISE_MODULUS_TRUNCATE,
                    ELEMENT_WISE_MODULUS_FLOOR, ELEMENT_WISE_ROUND, ELEMENT_WISE_THRESHOLD, ELEMENT_WISE_CLIP_GRAD,
                    ELEMENT_WISE_CLIP_GRAD1, ELEMENT_WISE_QUANTIZE_LINEAR, ELEMENT_WISE_DEQUANTIZE_LINEAR ->
                    NaiveArithmetic.element(desc, x);
            case ACTIVATION_IDENTITY, ACTIVATION_RELU, ACTIVATION_LEAKY_RELU, ACTIVATION_LINEAR,
                    ACTIVATION_THRESHOLDED_RELU, ACTIVATION_SHRINK, ACTIVATION_HARD_SIGMOID,
                    ACTIVATION_PARAMETERIZED_RELU, ACTIVATION_RELU_GRAD, ACTIVATION_HARD_SWISH ->
                    NaiveActivations.element(desc, type, x);
            default -> throw new IllegalArgumentException("no naive " + desc.operatorType());
        };
    }

    /**
     * Measured: 8- to 32-bit types shift by the count modulo 32; 64-bit types by the count's low 32 bits when below 32,
     * else by 32 plus that modulo 32 (a count of 64 shifts by 32).
     */
    private static long shiftCount(TensorDataType type, long count) {
        if (type.sizeInBits() < 64) {
            return count & 31;
        }
        long low = count & 0xFFFF_FFFFL;
        return low < 32 ? low : 32 + low % 32;
    }

    /** A float bound truncated toward zero and saturated to an integer type (NaN: as measured). */
    private static long integerBound(float bound, TensorDataType type) {
        if (bound != bound) {
            return NaiveArithmetic.nanBound(type);
        }
        java.math.BigInteger whole = Float.isInfinite(bound)
                ? java.math.BigInteger.ONE.shiftLeft(70)
                        .multiply(java.math.BigInteger.valueOf((long) Math.signum(bound)))
                : new java.math.BigDecimal(bound).toBigInteger();
        java.math.BigInteger lo = type.isUnsignedInteger() ? java.math.BigInteger.ZERO
                : java.math.BigInteger.ONE.shiftLeft(type.sizeInBits() - 1).negate();
        java.math.BigInteger hi = (type.isUnsignedInteger() ? java.math.BigInteger.ONE.shiftLeft(type.sizeInBits())
                : java.math.BigInteger.ONE.shiftLeft(type.sizeInBits() - 1)).subtract(java.math.BigInteger.ONE);
        return whole.max(lo).min(hi).longValue();
    }

    private static long truth(boolean value) {
        return value ? 1 : 0;
    }

    /**
     * -1, 0 or 1 as a is below, equal to or above b; 2 when either is a NaN (unordered: every comparison is false).
     * Floats compare by value, so -0.0 equals 0.
     */
    private static int compared(TensorDataType type, long a, long b) {
        if (!type.isFloatingPoint()) {
            return type == TensorDataType.UINT64 ? Integer.signum(Long.compareUnsigned(a, b))
                    : Integer.signum(Long.compare(a, b));
        }
        double x = asDouble(type, a);
        double y = asDouble(type, b);
        if (x != x || y != y) {
            return 2;
        }
        return x < y ? -1 : x > y ? 1 : 0;
    }

    /**
     * A float element after the scale-bias, as the shader holds it before the operator's own step: in float for
     * FLOAT32 and FLOAT16 (not rounded to half), in double for FLOAT64. A NaN is returned as it is.
     */
    private static double scaledValue(TensorDataType type, long x, Optional<ScaleBias> scaleBias) {
        double v = asDouble(type, x);
        if (scaleBias.isEmpty() || v != v) {
            return v;
        }
        float scale = scaleBias.get().scale();
        float bias = scaleBias.get().bias();
        if (type != TensorDataType.FLOAT64) {
            return scaleBias((float) v, scale, bias);
        }
        return scale == 1f && bias == 0f ? v : scale * v + bias;
    }

    /** MIN and MAX: on floats a NaN operand gives the other operand (IEEE minNum, maxNum). */
    private static long minMax(TensorDataType type, long a, long b, boolean min) {
        if (!type.isFloatingPoint()) {
            int order = type == TensorDataType.UINT64 ? Long.compareUnsigned(a, b) : Long.compare(a, b);
            return (min ? order <= 0 : order >= 0) ? a : b;
        }
        double x = asDouble(type, a);
        double y = asDouble(type, b);
        if (x != x && y != y) {
            return b; // measured: B's bits, unchanged
        }
        if (x != x) {
            return b;
        }
        if (y != y) {
            return a;
        }
        return (min ? x <= y : x >= y) ? a : b;
    }

    /** CLIP and CLIP1: a NaN becomes Max (measured); integers clamp to the integer bounds in the same order. */
    private static long clamp(TensorDataType type, long x, Optional<ScaleBias> scaleBias, double min, double max,
            long intMin, long intMax) {
        if (!type.isFloatingPoint()) {
            // Measured: min(x, Max), then max(that, Min), so a Min above Max gives Min everywhere.
            boolean unsigned = type == TensorDataType.UINT64;
            long below = (unsigned ? Long.compareUnsigned(x, intMax) < 0 : x < intMax) ? x : intMax;
            return (unsigned ? Long.compareUnsigned(below, intMin) > 0 : below > intMin) ? below : intMin;
        }
        double v = scaledValue(type, x, scaleBias);
        // Measured: min(v, Max) then max(that, Min), each keeping the bound unless the value is strictly inside it,
        // and a NaN bound keeping the value: a NaN gives Max, 1.0 clipped to [-0.0, 0] gives -0.0, and CLIP to
        // [NaN, NaN] changes nothing.
        boolean belowMax = Double.isNaN(max) || v < max;
        double clipped = belowMax ? v : max;
        if (!(Double.isNaN(min) || clipped > min)) {
            return fromDouble(type, min);
        }
        if (!belowMax) {
            return fromDouble(type, max);
        }
        return scaleBias.isEmpty() ? x : fromDouble(type, v);
    }

    private static long rounded(TensorDataType type, long x, Optional<ScaleBias> scaleBias, boolean up) {
        if (!type.isFloatingPoint()) {
            return x;
        }
        double v = scaledValue(type, x, scaleBias);
        if (v != v) {
            return quietBits(type, x);
        }
        return fromDouble(type, up ? Math.ceil(v) : Math.floor(v));
    }

    /** A NaN's bits with the quiet bit set. */
    private static long quietBits(TensorDataType type, long nan) {
        return nan | (type == TensorDataType.FLOAT64 ? 0x0008_0000_0000_0000L
                : type == TensorDataType.FLOAT32 ? 0x0040_0000L : 0x0200L);
    }

    private static double asDouble(TensorDataType type, long bits) {
        return switch (type) {
            case FLOAT32 -> toF32(bits);
            case FLOAT16 -> KitHalf.toFloat((int) bits);
            default -> Double.longBitsToDouble(bits);
        };
    }

    /** A value exactly representable in {@code type} (or a bound, rounded to it through float). */
    private static long fromDouble(TensorDataType type, double v) {
        return switch (type) {
            case FLOAT32 -> f32((float) v);
            case FLOAT16 -> KitHalf.fromFloat((float) v);
            default -> Double.doubleToRawLongBits(v);
        };
    }

    private static long signBit(TensorDataType type) {
        return 1L << (type.sizeInBits() - 1);
    }

    /** IDENTITY and ABS: the scale-bias (product rounded, then sum rounded), then the sign cleared for ABS. */
    private static long unaryWithScaleBias(TensorDataType type, long x, Optional<ScaleBias> scaleBias, boolean abs) {
        long v = x;
        // Measured: Scale 1 with Bias 0 is left out altogether (bits unchanged, -0.0 and signaling NaNs included).
        boolean leftOut = scaleBias.isPresent() && scaleBias.get().scale() == 1f && scaleBias.get().bias() == 0f;
        if (scaleBias.isPresent() && !leftOut) {
            float scale = scaleBias.get().scale();
            float bias = scaleBias.get().bias();
            v = switch (type) {
                case FLOAT32 -> f32(scaleBias(toF32(x), scale, bias));
                case FLOAT16 -> KitHalf.fromFloat(scaleBias(KitHalf.toFloat((int) x), scale, bias));
                case FLOAT64 -> {
                    double d = Double.longBitsToDouble(x);
                    yield Double.doubleToRawLongBits(d != d ? quiet(d) : scale * d + bias);
                }
                default -> x;
            };
        }
        if (!abs) {
            return v;
        }
        return type.isFloatingPoint() ? v & ~signBit(type) : type.isSignedInteger() ? saturated(type, v, v < 0) : v;
    }

    /**
     * The signed integer {@code v}, negated when asked, as DirectML writes ABS and NEGATE (measured): INT8 and INT16
     * saturate at their maximum, INT32 and INT64 wrap.
     */
    private static long saturated(TensorDataType type, long v, boolean negate) {
        long r = negate ? -v : v;
        if (!type.isSignedInteger() || type.sizeInBits() >= 32) {
            return r;
        }
        long max = type == TensorDataType.INT8 ? Byte.MAX_VALUE : Short.MAX_VALUE;
        return r > max ? max : r;
    }

    private static float scaleBias(float x, float scale, float bias) {
        if (x != x) {
            return quiet(x);
        }
        if (scale == 1f && bias == 0f) {
            return x; // measured: left out, so -0.0 stays -0.0
        }
        float product = scale * x;
        return product + bias;
    }

    private static long arithmetic(TensorDataType type, char op, long a, long b) {
        return switch (type) {
            case FLOAT32 -> f32(floatOp(op, toF32(a), toF32(b)));
            case FLOAT16 -> KitHalf.fromFloat(floatOp(op, KitHalf.toFloat((int) a), KitHalf.toFloat((int) b)));
            case FLOAT64 -> Double.doubleToRawLongBits(doubleOp(op, Double.longBitsToDouble(a),
                    Double.longBitsToDouble(b)));
            default -> switch (op) {
                case '+' -> a + b;
                case '-' -> a - b;
                default -> a * b;
            };
        };
    }

    /** {@code a op b} in FLOAT32 with x86's NaN rules: a NaN operand (the first if both) quiet, else the default NaN. */
    static float floatOp(char op, float a, float b) {
        if (a != a) {
            return quiet(a);
        }
        if (b != b) {
            return quiet(b);
        }
        float r = switch (op) {
            case '+' -> a + b;
            case '-' -> a - b;
            default -> a * b;
        };
        return r != r ? Float.intBitsToFloat(F32_DEFAULT_NAN) : r;
    }

    private static double doubleOp(char op, double a, double b) {
        if (a != a) {
            return quiet(a);
        }
        if (b != b) {
            return quiet(b);
        }
        double r = switch (op) {
            case '+' -> a + b;
            case '-' -> a - b;
            default -> a * b;
        };
        return r != r ? Double.longBitsToDouble(F64_DEFAULT_NAN) : r;
    }

    /** The fused activation on the sum as the output type holds it, computed in float (double for FLOAT64). */
    private static long activation(TensorDataType type, long sum, Optional<OperatorDesc> fused) {
        if (fused.isEmpty() || !type.isFloatingPoint()) {
            return sum;
        }
        OperatorDesc f = fused.get();
        return switch (type) {
            case FLOAT32 -> f32(activate(f, toF32(sum)));
            case FLOAT16 -> KitHalf.fromFloat(activate(f, KitHalf.toFloat((int) sum)));
            default -> Double.doubleToRawLongBits(activateDouble(f, Double.longBitsToDouble(sum)));
        };
    }

    private static float activate(OperatorDesc f, float x) {
        if (f instanceof ActivationIdentityOperatorDesc) {
            return x;
        }
        if (f instanceof ActivationReluOperatorDesc) {
            // Measured: x * 0 below zero: -0.0 for a negative sum, the default NaN for -infinity.
            return x < 0 ? timesZero(x) : x;
        }
        if (f instanceof ActivationLeakyReluOperatorDesc d) {
            return x < 0 ? d.alpha() * x : x;
        }
        if (f instanceof ActivationLinearOperatorDesc d) {
            float product = d.alpha() * x;
            return product + d.beta();
        }
        if (f instanceof ActivationThresholdedReluOperatorDesc d) {
            return x > d.alpha() || Float.isNaN(x) ? x : 0f; // measured: +0 at or below Alpha, a NaN stays
        }
        if (f instanceof ActivationShrinkOperatorDesc d) {
            return x < -d.threshold() ? x + d.bias() : x > d.threshold() ? x - d.bias() : 0f;
        }
        throw new IllegalArgumentException("no naive fused " + f.operatorType());
    }

    private static double activateDouble(OperatorDesc f, double x) {
        if (f instanceof ActivationIdentityOperatorDesc) {
            return x;
        }
        if (f instanceof ActivationReluOperatorDesc) {
            return x < 0 ? (x == Double.NEGATIVE_INFINITY ? Double.longBitsToDouble(F64_DEFAULT_NAN) : -0.0) : x;
        }
        if (f instanceof ActivationLeakyReluOperatorDesc d) {
            return x < 0 ? d.alpha() * x : x;
        }
        if (f instanceof ActivationLinearOperatorDesc d) {
            return d.alpha() * x + d.beta();
        }
        if (f instanceof ActivationThresholdedReluOperatorDesc d) {
            return x > d.alpha() || Double.isNaN(x) ? x : 0.0;
        }
        if (f instanceof ActivationShrinkOperatorDesc d) {
            return x < -d.threshold() ? x + d.bias() : x > d.threshold() ? x - d.bias() : 0.0;
        }
        throw new IllegalArgumentException("no naive fused " + f.operatorType());
    }

    /** x times zero as measured on the DLL: a signed zero, the NaN itself, or the default NaN for an infinity. */
    private static float timesZero(float x) {
        if (Float.isNaN(x)) {
            return x;
        }
        if (Float.isInfinite(x)) {
            return Float.intBitsToFloat(F32_DEFAULT_NAN);
        }
        return x < 0 || 1 / x < 0 ? -0f : 0f;
    }

    private static float toF32(long bits) {
        return Float.intBitsToFloat((int) bits);
    }

    private static long f32(float v) {
        return Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }

    private static float quiet(float nan) {
        return Float.intBitsToFloat(Float.floatToRawIntBits(nan) | 0x0040_0000);
    }

    private static double quiet(double nan) {
        return Double.longBitsToDouble(Double.doubleToRawLongBits(nan) | 0x0008_0000_0000_0000L);
    }
}
