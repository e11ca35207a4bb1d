package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseClipGrad1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipGradOperatorDesc;
import dev.dmlemu.desc.ElementWiseDequantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseRoundOperatorDesc;
import dev.dmlemu.desc.ElementWiseThresholdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.Optional;

/**
 * DIVIDE, MEAN, DIFFERENCE_SQUARE, the modulus operators, ROUND, THRESHOLD, CLIP_GRAD(1) and linear (de)quantization
 * written out plainly from the probes of docs/directml-behaviour.md §15.7, one element at a time: floats in FLOAT32
 * (FLOAT16 widened to it and rounded back at the end), each step rounded, NaN rules as measured (a NaN operand, the
 * first if both are, comes out quiet; an invalid operation gives {@code FFC00000}); integers in 64 bits, written
 * modulo the type's width. Shares no code with the emulator.
 */
final class NaiveArithmetic {

    private static final float INVALID = Float.intBitsToFloat(0xFFC0_0000);

    private NaiveArithmetic() {}

    /** One output element; {@code x} holds each input element's bits (signed integers sign-extended). */
    static long element(OperatorDesc desc, long[] x) {
        TensorDataType type = typeOf(firstInput(desc));
        return switch (desc.operatorType()) {
            case ELEMENT_WISE_DIVIDE -> type.isFloatingPoint() ? floats(type, x, '/') : divide(type, x[0], x[1]);
            case ELEMENT_WISE_MEAN -> type.isFloatingPoint() ? floats(type, x, 'm') : mean(type, x[0], x[1]);
            case ELEMENT_WISE_DIFFERENCE_SQUARE -> type.isFloatingPoint() ? floats(type, x, 'd')
                    : (x[0] - x[1]) * (x[0] - x[1]);
            case ELEMENT_WISE_MODULUS_TRUNCATE -> type.isFloatingPoint() ? floats(type, x, 't')
                    : truncatedRemainder(type, x[0], x[1]);
            case ELEMENT_WISE_MODULUS_FLOOR -> type.isFloatingPoint() ? floats(type, x, 'f')
                    : flooredRemainder(type, x[0], x[1]);
            case ELEMENT_WISE_ROUND -> bits(type, round(toFloat(type, x[0]),
                    ((ElementWiseRoundOperatorDesc) desc).roundingMode().name()));
            case ELEMENT_WISE_THRESHOLD -> threshold((ElementWiseThresholdOperatorDesc) desc, type, x[0]);
            case ELEMENT_WISE_CLIP_GRAD -> {
                ElementWiseClipGradOperatorDesc d = (ElementWiseClipGradOperatorDesc) desc;
                yield type.isFloatingPoint() ? (toFloat(type, x[0]) > d.min() && toFloat(type, x[0]) < d.max() ? x[1] : 0)
                        : (compare(type, x[0], saturatedBound(d.min(), type)) > 0
                                && compare(type, x[0], saturatedBound(d.max(), type)) < 0 ? x[1] : 0);
            }
            case ELEMENT_WISE_CLIP_GRAD1 -> {
                ElementWiseClipGrad1OperatorDesc d = (ElementWiseClipGrad1OperatorDesc) desc;
                TensorDataType b = d.minMaxDataType();
                boolean inside = type.isFloatingPoint()
                        ? toFloat(type, x[0]) > d.min().asDouble(b) && toFloat(type, x[0]) < d.max().asDouble(b)
                        : compare(type, x[0], d.min().asLong(b)) > 0 && compare(type, x[0], d.max().asLong(b)) < 0;
                yield inside ? x[1] : 0;
            }
            case ELEMENT_WISE_QUANTIZE_LINEAR -> quantize((ElementWiseQuantizeLinearOperatorDesc) desc, x);
            case ELEMENT_WISE_DEQUANTIZE_LINEAR -> dequantize((ElementWiseDequantizeLinearOperatorDesc) desc, x);
            default -> throw new IllegalArgumentException("no naive arithmetic for " + desc.operatorType());
        };
    }

    /** Integers by value; UINT64 elements are their unsigned bits. */
    private static int compare(TensorDataType type, long a, long b) {
        return type == TensorDataType.UINT64 ? Long.compareUnsigned(a, b) : Long.compare(a, b);
    }

    private static TensorDesc firstInput(OperatorDesc desc) {
        return desc.tensorFields().get(0).desc();
    }

    private static TensorDataType typeOf(TensorDesc t) {
        return ((BufferTensorDesc) t).dataType();
    }

    // ---- floats

    private static float toFloat(TensorDataType type, long bits) {
        return type == TensorDataType.FLOAT16 ? KitHalf.toFloat((int) bits) : Float.intBitsToFloat((int) bits);
    }

    private static long bits(TensorDataType type, float v) {
        return type == TensorDataType.FLOAT16 ? KitHalf.fromFloat(v) : Float.floatToRawIntBits(v) & 0xFFFF_FFFFL;
    }

    private static float quiet(float nan) {
        return Float.intBitsToFloat(Float.floatToRawIntBits(nan) | 0x40_0000);
    }

    /** One IEEE step with the measured NaN rules. */
    private static float step(char op, float a, float b) {
        if (Float.isNaN(a)) {
            return quiet(a);
        }
        if (Float.isNaN(b)) {
            return quiet(b);
        }
        float r = switch (op) {
            case '+' -> a + b;
            case '-' -> a - b;
            case '*' -> a * b;
            default -> a / b;
        };
        return Float.isNaN(r) ? INVALID : r;
    }

    private static float trunc(float v) {
        if (Float.isNaN(v)) {
            return quiet(v);
        }
        if (Float.isInfinite(v) || Math.abs(v) >= 0x1p23f) {
            return v;
        }
        float whole = (float) (long) v;
        return whole == 0 ? Math.copySign(0f, v) : whole;
    }

    private static float floor(float v) {
        float t = trunc(v);
        return t > v ? t - 1 : t;
    }

    private static long floats(TensorDataType type, long[] x, char op) {
        float a = toFloat(type, x[0]);
        float b = toFloat(type, x[1]);
        float r = switch (op) {
            case '/' -> step('/', a, b);
            case 'm' -> step('*', step('+', a, b), 0.5f);
            case 'd' -> step('*', step('-', a, b), step('-', a, b));
            case 't' -> {
                // Measured: the quotient's bits plus one (not for an infinity), truncated, then a - t * b.
                float q = step('/', a, b);
                if (!Float.isInfinite(q)) {
                    q = Float.intBitsToFloat(Float.floatToRawIntBits(q) + 1);
                }
                yield step('-', a, step('*', trunc(q), b));
            }
            default -> {
                // Measured: the quotient one unit up toward +infinity (finite, non-zero ones), floored, a - t * b.
                float q = step('/', a, b);
                if (!Float.isNaN(q) && !Float.isInfinite(q) && q != 0) {
                    q = Math.nextUp(q);
                }
                yield step('-', a, step('*', floor(q), b));
            }
        };
        return bits(type, r);
    }

    private static float round(float v, String mode) {
        if (Float.isNaN(v)) {
            return quiet(v);
        }
        return switch (mode) {
            case "HALVES_TO_NEAREST_EVEN" -> (float) Math.rint(v);
            case "TOWARD_ZERO" -> trunc(v);
            // Measured: x + 0.5 (x - 0.5 below zero) rounded to FLOAT32, then truncated.
            default -> trunc(v < 0 ? v - 0.5f : v + 0.5f);
        };
    }

    private static float scaleBias(float v, Optional<ScaleBias> scaleBias) {
        if (scaleBias.isEmpty() || scaleBias.get().scale() == 1f && scaleBias.get().bias() == 0f) {
            return v;
        }
        if (Float.isNaN(v)) {
            return quiet(v);
        }
        float product = scaleBias.get().scale() * v;
        return product + scaleBias.get().bias();
    }

    private static long threshold(ElementWiseThresholdOperatorDesc d, TensorDataType type, long x) {
        float min = d.min();
        if (!type.isFloatingPoint()) {
            long bound = shaderInteger(min, type);
            boolean unsigned = type.isUnsignedInteger();
            return (unsigned ? Long.compareUnsigned(x, bound) > 0 : x > bound) ? x : bound;
        }
        boolean leftOut = d.scaleBias().isEmpty()
                || d.scaleBias().get().scale() == 1f && d.scaleBias().get().bias() == 0f;
        float v = scaleBias(toFloat(type, x), d.scaleBias());
        long kept = leftOut ? x : bits(type, v);
        // Measured: a NaN Min keeps every element; otherwise the element stays only when strictly above Min.
        return Float.isNaN(min) || v > min ? kept : bits(type, min);
    }

    // ---- integers (32-bit arithmetic, as measured; 64-bit types are not run)

    private static final long ALL_ONES = 0xFFFF_FFFFL;

    private static long divide(TensorDataType type, long a, long b) {
        if (type.isUnsignedInteger()) {
            return b == 0 ? ALL_ONES : a / b;
        }
        long q = b == 0 ? ALL_ONES : Math.abs(a) / Math.abs(b);
        return (a < 0) != (b < 0) ? -q : q;
    }

    private static long truncatedRemainder(TensorDataType type, long a, long b) {
        if (type.isUnsignedInteger()) {
            return b == 0 ? ALL_ONES : a % b;
        }
        return a - b * divide(type, a, b);
    }

    private static long flooredRemainder(TensorDataType type, long a, long b) {
        if (type.isUnsignedInteger()) {
            return b == 0 ? ALL_ONES : a % b;
        }
        long m = b == 0 ? ALL_ONES : Math.abs(a) % Math.abs(b);
        if ((a < 0) == (b < 0)) {
            return a < 0 ? -m : m;
        }
        if (m == 0) {
            return 0;
        }
        return a < 0 ? Math.abs(b) - m : m - Math.abs(b);
    }

    private static long mean(TensorDataType type, long a, long b) {
        long sum = (a + b) & ALL_ONES;
        if (type.isSignedInteger()) {
            return (long) (int) sum / 2;
        }
        return sum / 2;
    }

    /** A float bound truncated toward zero and saturated to the type, NaN giving the type's minimum (measured). */
    /**
     * What a NaN Min or Max of CLIP and CLIP_GRAD becomes on integer tensors, as measured on DirectML.dll 1.15.4
     * (INT16 and UINT16 inferred: the device lacks them).
     */
    static long nanBound(TensorDataType type) {
        return switch (type) {
            case INT32 -> Integer.MIN_VALUE;
            case INT64, UINT64 -> Long.MIN_VALUE;
            default -> 0;
        };
    }

    private static long saturatedBound(float v, TensorDataType type) {
        double lo = type.isUnsignedInteger() ? 0 : -Math.pow(2, type.sizeInBits() - 1);
        if (Float.isNaN(v)) {
            return nanBound(type);
        }
        double hi = type.isUnsignedInteger() ? Math.pow(2, type.sizeInBits()) - 1 : Math.pow(2, type.sizeInBits() - 1) - 1;
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        if (type == TensorDataType.UINT64 && t >= 0x1p64) {
            return -1L;
        }
        return (long) Math.max(lo, Math.min(hi, t));
    }

    /**
     * A FLOAT32 value converted to an integer type as measured on THRESHOLD and QUANTIZE_LINEAR: signed types via
     * INT32 (NaN or out of range: INT32's minimum), clamped; unsigned types: NaN, anything at or below -1 and
     * anything above the maximum give the maximum.
     */
    static long shaderInteger(float v, TensorDataType type) {
        double t = v < 0 ? Math.ceil(v) : Math.floor(v);
        if (type.isSignedInteger()) {
            long max = (1L << (type.sizeInBits() - 1)) - 1;
            long i = Float.isNaN(v) || t >= 2147483648.0 || t < -2147483648.0 ? -2147483648L : (long) t;
            return i > max ? max : Math.max(i, -max - 1);
        }
        long max = (1L << type.sizeInBits()) - 1;
        if (Float.isNaN(v) || t < 0 || t > max) {
            return max;
        }
        return (long) t;
    }

    // ---- quantization

    private static float element(TensorDataType type, long bits) {
        if (type.isFloatingPoint()) {
            return toFloat(type, bits);
        }
        return (float) bits;
    }

    private static long quantize(ElementWiseQuantizeLinearOperatorDesc d, long[] x) {
        float input = element(typeOf(d.inputTensor()), x[0]);
        float scale = element(typeOf(d.scaleTensor()), x[1]);
        float zeroPoint = d.zeroPointTensor() == TensorDesc.NULL ? 0f : element(typeOf(d.zeroPointTensor()), x[2]);
        float q = step('/', input, scale);
        q = Float.isNaN(q) ? quiet(q) : (float) Math.rint(q);
        return shaderInteger(step('+', q, zeroPoint), typeOf(d.outputTensor()));
    }

    private static long dequantize(ElementWiseDequantizeLinearOperatorDesc d, long[] x) {
        float input = element(typeOf(d.inputTensor()), x[0]);
        float scale = element(typeOf(d.scaleTensor()), x[1]);
        float zeroPoint = d.zeroPointTensor() == TensorDesc.NULL ? 0f : element(typeOf(d.zeroPointTensor()), x[2]);
        return bits(typeOf(d.outputTensor()), step('*', step('-', input, zeroPoint), scale));
    }
}
