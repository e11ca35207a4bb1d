package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@link HarnessCase}'s buffers as the harness built them, and its output as the harness printed it, so the cases
 * and their recorded expectations carry over unchanged: each tensor in its own zeroed buffer of
 * TotalTensorSizeInBytes rounded up to 256, its values stored from their text as the harness's C code stores them
 * ({@code strtod}, {@code strtoll}/{@code strtoull} with base 0, truncated to the element's width), the whole buffer
 * bound; the output printed element by element in row-major order through its strides, {@code ?} past the buffer.
 */
final class HarnessBuffers {

    private HarnessBuffers() {
    }

    /** The buffer size the harness used for a tensor (its own implied size when TotalTensorSizeInBytes is 0). */
    static long bufferSize(BufferTensorDesc tensor) {
        long total = tensor.totalTensorSizeInBytes() != 0 ? tensor.totalTensorSizeInBytes() : impliedBytes(tensor);
        return Math.addExact(total, 255) & ~255L;
    }

    /** The harness's rule for the bytes a tensor addresses: (last element + 1) * size, rounded up to 4. */
    private static long impliedBytes(BufferTensorDesc tensor) {
        List<Long> strides = tensor.effectiveStrides();
        long last = 0;
        for (int i = 0; i < tensor.sizes().size(); i++) {
            if (tensor.sizes().get(i) == 0) {
                return 0;
            }
            last = Math.addExact(last, Math.multiplyExact(tensor.sizes().get(i) - 1, strides.get(i)));
        }
        long bytes = Math.multiplyExact(last + 1, tensor.dataType().sizeInBytes());
        return Math.addExact(bytes, 3) & ~3L;
    }

    /** A zeroed buffer of {@code size} bytes holding {@code values} from its start, as far as they fit. */
    static ByteBuffer fill(TensorDataType type, long size, List<String> values) {
        ByteBuffer buffer = ByteBuffer.allocate(Math.toIntExact(size)).order(ByteOrder.LITTLE_ENDIAN);
        int width = type.sizeInBytes();
        for (int i = 0; i < values.size() && (long) (i + 1) * width <= size; i++) {
            store(buffer, i * width, type, values.get(i));
        }
        return buffer;
    }

    private static void store(ByteBuffer buffer, int at, TensorDataType type, String text) {
        switch (type) {
            case FLOAT32 -> buffer.putFloat(at, (float) strtod(text));
            case FLOAT64 -> buffer.putDouble(at, strtod(text));
            default -> {
                long bits = integer(type, text);
                switch (type.sizeInBytes()) {
                    case 8 -> buffer.putLong(at, bits);
                    case 4 -> buffer.putInt(at, (int) bits);
                    case 2 -> buffer.putShort(at, (short) bits);
                    default -> buffer.put(at, (byte) bits);
                }
            }
        }
    }

    /** The harness's parse: strtoll for signed types and for text with a '-', strtoull otherwise. */
    private static long integer(TensorDataType type, String text) {
        boolean signed = type == TensorDataType.INT8 || type == TensorDataType.INT16 || type == TensorDataType.INT32
                || type == TensorDataType.INT64;
        BigInteger value = base0(text);
        if (signed || text.startsWith("-")) {
            // strtoll saturates.
            return value.max(BigInteger.valueOf(Long.MIN_VALUE)).min(BigInteger.valueOf(Long.MAX_VALUE)).longValue();
        }
        BigInteger max = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
        return value.min(max).longValue();
    }

    /** C's base-0 integer syntax: an optional sign, then 0x hex, a leading 0 octal, or decimal. */
    private static BigInteger base0(String text) {
        String t = text.strip();
        boolean negative = t.startsWith("-");
        if (t.startsWith("-") || t.startsWith("+")) {
            t = t.substring(1);
        }
        BigInteger magnitude;
        if (t.startsWith("0x") || t.startsWith("0X")) {
            magnitude = new BigInteger(t.substring(2), 16);
        } else if (t.length() > 1 && t.startsWith("0")) {
            magnitude = new BigInteger(t.substring(1), 8);
        } else {
            magnitude = new BigInteger(t);
        }
        return negative ? magnitude.negate() : magnitude;
    }

    private static double strtod(String text) {
        return switch (text.strip().toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            case "nan", "+nan", "-nan" -> Double.NaN;
            default -> Double.parseDouble(text.strip());
        };
    }

    /** The output's logical elements as the harness printed them. */
    static List<String> print(BufferTensorDesc output, byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> sizes = output.sizes();
        int dims = sizes.size();
        long[] packed = new long[dims];
        long total = 1;
        for (int d = dims - 1; d >= 0; d--) {
            packed[d] = total;
            total = Math.multiplyExact(total, sizes.get(d));
        }
        List<Long> strides = output.strides().orElse(null);
        int width = output.dataType().sizeInBytes();
        List<String> printed = new ArrayList<>();
        for (long e = 0; e < total; e++) {
            long remainder = e;
            long offset = 0;
            for (int d = 0; d < dims; d++) {
                long coordinate = remainder / packed[d];
                remainder %= packed[d];
                offset += coordinate * (strides != null ? strides.get(d) : packed[d]);
            }
            if ((offset + 1) * width <= bytes.length) {
                printed.add(element(buffer, (int) (offset * width), output.dataType()));
            } else {
                printed.add("?");
            }
        }
        return printed;
    }

    private static String element(ByteBuffer buffer, int at, TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> CFormat.g(buffer.getFloat(at), 9);
            case FLOAT64 -> CFormat.g(buffer.getDouble(at), 17);
            case INT64 -> Long.toString(buffer.getLong(at));
            case UINT64 -> Long.toUnsignedString(buffer.getLong(at));
            case INT32 -> Integer.toString(buffer.getInt(at));
            case UINT32 -> Integer.toUnsignedString(buffer.getInt(at));
            case INT16 -> Short.toString(buffer.getShort(at));
            case UINT16, FLOAT16 -> Integer.toString(Short.toUnsignedInt(buffer.getShort(at)));
            case INT8 -> Byte.toString(buffer.get(at));
            default -> Integer.toString(Byte.toUnsignedInt(buffer.get(at)));
        };
    }
}
