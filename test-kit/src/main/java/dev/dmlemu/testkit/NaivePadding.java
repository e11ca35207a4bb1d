package dev.dmlemu.testkit;

import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.List;

/**
 * DML_PADDING and DML_PADDING1: each output coordinate minus StartPadding is an input coordinate, or, outside the
 * input along some dimension, the padding value (CONSTANT) or the input coordinate the mode maps it to, per dimension:
 * EDGE clamps, REFLECTION mirrors about the edge element, SYMMETRIC mirrors including it, WRAP wraps around. PADDING's
 * FLOAT value becomes an integer as {@link #fromFloat} says (docs/directml-behaviour.md §16).
 */
public final class NaivePadding {

    private NaivePadding() {}

    public static List<byte[]> run(MovementCase movement) {
        PaddingMode mode;
        List<Long> starts;
        byte[] value = new byte[8];
        NaiveElements elements = new NaiveElements(movement);
        TensorDataType type = elements.output(0).type();
        if (movement.desc() instanceof PaddingOperatorDesc p) {
            mode = p.paddingMode();
            starts = p.startPadding();
            LittleEndian.put(value, 0, 8, fromFloat(p.paddingValue(), type));
        } else {
            Padding1OperatorDesc p = (Padding1OperatorDesc) movement.desc();
            mode = p.paddingMode();
            starts = p.startPadding();
            LittleEndian.put(value, 0, 8, p.paddingValue().bits());
        }
        long[] in = elements.input(0).sizes();
        long[] out = elements.output(0).sizes();
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] to = Shapes.coordinate(e, out);
            long[] from = new long[to.length];
            boolean outside = false;
            for (int d = 0; d < to.length; d++) {
                long i = to[d] - starts.get(d);
                long n = in[d];
                if (i < 0 || i >= n) {
                    outside = true;
                    i = switch (mode) {
                        case CONSTANT -> 0;
                        case EDGE -> i < 0 ? 0 : n - 1;
                        case REFLECTION -> i < 0 ? -i : 2 * (n - 1) - i;
                        case SYMMETRIC -> i < 0 ? -i - 1 : 2 * n - 1 - i;
                        case WRAP -> Math.floorMod(i, n);
                    };
                }
                from[d] = i;
            }
            if (outside && mode == PaddingMode.CONSTANT) {
                elements.put(0, to, value, 0);
            } else {
                elements.copy(0, from, 0, to);
            }
        }
        return elements.outputs();
    }

    /**
     * PADDING's FLOAT value as the bits of the output type's element, as measured: the value truncated toward zero,
     * through a conversion of 32 bits (INT8, UINT8, INT32) or 64 bits (UINT32, INT64, UINT64) whose out-of-range and NaN
     * result is its most negative value, then cut to the element's width.
     */
    static long fromFloat(float value, TensorDataType type) {
        if (type == TensorDataType.FLOAT32) {
            return Float.floatToRawIntBits(value);
        }
        if (type == TensorDataType.FLOAT64) {
            return Double.doubleToRawLongBits(value);
        }
        int conversionBits = switch (type) {
            case INT8, UINT8, INT32 -> 32;
            case UINT32, INT64, UINT64 -> 64;
            default -> throw new IllegalArgumentException(type + " is not modelled");
        };
        BigInteger most = BigInteger.ONE.shiftLeft(conversionBits - 1);
        BigInteger converted = most.negate();
        if (!Float.isNaN(value) && !Float.isInfinite(value)) {
            BigInteger truncated = new BigDecimal(value).setScale(0, RoundingMode.DOWN).toBigInteger();
            if (truncated.compareTo(most.negate()) >= 0 && truncated.compareTo(most) < 0) {
                converted = truncated;
            }
        }
        return converted.longValue();
    }
}
