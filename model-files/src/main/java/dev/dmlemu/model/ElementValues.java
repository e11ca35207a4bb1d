package dev.dmlemu.model;

import dev.dmlemu.desc.Float16;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * Reads one element of a little-endian buffer as text: DxDispatch's print form, raw hex, or the exact text a JSON
 * document holds.
 */
public final class ElementValues {

    private ElementValues() {}

    /**
     * DxDispatch's {@code print} text: floats as C++ {@code ostream} prints them (6 significant digits), integers
     * in decimal (8-bit integers as numbers, not characters).
     */
    public static String printText(TensorDataType type, ByteBuffer buffer, long index) {
        ByteBuffer le = littleEndian(buffer);
        return switch (type) {
            case FLOAT32 -> DecimalText.cppDefault(le.getFloat(at(index, 4)));
            case FLOAT64 -> DecimalText.cppDefault(le.getDouble(at(index, 8)));
            case FLOAT16 -> DecimalText.cppDefault(Float16.toFloat(le.getShort(at(index, 2))));
            default -> integerText(type, le, index);
        };
    }

    /**
     * {@code 0x40800000}: the element's raw bits as DxDispatch's verbose print writes them ({@code "0x{:{}X}"}, width
     * twice the element's bytes): upper-case hex digits, padded on the left with spaces, not zeros, to that width
     * ({@code 0x       4} for the UINT32 4).
     */
    public static String hex(TensorDataType type, ByteBuffer buffer, long index) {
        ByteBuffer le = littleEndian(buffer);
        return switch (type.sizeInBits()) {
            case 64 -> String.format("0x%16X", le.getLong(at(index, 8)));
            case 32 -> String.format("0x%8X", Integer.toUnsignedLong(le.getInt(at(index, 4))));
            case 16 -> String.format("0x%4X", le.getShort(at(index, 2)) & 0xFFFF);
            case 8 -> String.format("0x%2X", le.get(at(index, 1)) & 0xFF);
            default -> String.format("0x%X", nibble(le, index));
        };
    }

    /** The element's special value when it is a float NaN or infinity; empty for integers and finite floats. */
    public static Optional<SpecialScalar> nonFinite(TensorDataType type, ByteBuffer buffer, long index) {
        ByteBuffer le = littleEndian(buffer);
        double value = switch (type) {
            case FLOAT32 -> le.getFloat(at(index, 4));
            case FLOAT64 -> le.getDouble(at(index, 8));
            case FLOAT16 -> Float16.toFloat(le.getShort(at(index, 2)));
            default -> 0;
        };
        if (Double.isNaN(value)) {
            return Optional.of(SpecialScalar.NAN);
        }
        if (Double.isInfinite(value)) {
            return Optional.of(value > 0 ? SpecialScalar.POSITIVE_INFINITY : SpecialScalar.NEGATIVE_INFINITY);
        }
        return Optional.empty();
    }

    /**
     * The exact text of an element that is not {@link #nonFinite}: integers in full, floats as the shortest decimal
     * that reads back to the same value in their own type.
     */
    public static String finiteText(TensorDataType type, ByteBuffer buffer, long index) {
        ByteBuffer le = littleEndian(buffer);
        return switch (type) {
            case FLOAT32 -> DecimalText.shortestFloat(le.getFloat(at(index, 4)));
            case FLOAT64 -> DecimalText.shortestDouble(le.getDouble(at(index, 8)));
            case FLOAT16 -> DecimalText.shortestFloat16(le.getShort(at(index, 2)));
            default -> integerText(type, le, index);
        };
    }

    private static String integerText(TensorDataType type, ByteBuffer le, long index) {
        return switch (type) {
            case INT64 -> Long.toString(le.getLong(at(index, 8)));
            case UINT64 -> Long.toUnsignedString(le.getLong(at(index, 8)));
            case INT32 -> Integer.toString(le.getInt(at(index, 4)));
            case UINT32 -> Integer.toUnsignedString(le.getInt(at(index, 4)));
            case INT16 -> Short.toString(le.getShort(at(index, 2)));
            case UINT16 -> Integer.toString(le.getShort(at(index, 2)) & 0xFFFF);
            case INT8 -> Byte.toString(le.get(at(index, 1)));
            case UINT8 -> Integer.toString(le.get(at(index, 1)) & 0xFF);
            case UINT4 -> Integer.toString(nibble(le, index));
            case INT4 -> Integer.toString((nibble(le, index) << 28) >> 28);
            default -> throw new IllegalArgumentException("no values of type " + type);
        };
    }

    /** UINT4/INT4: two elements per byte, the even element in the low nibble. */
    private static int nibble(ByteBuffer le, long index) {
        int value = le.get(Math.toIntExact(index / 2)) & 0xFF;
        return (index % 2 == 0) ? value & 0xF : value >>> 4;
    }

    private static int at(long index, int size) {
        return Math.toIntExact(Math.multiplyExact(index, size));
    }

    private static ByteBuffer littleEndian(ByteBuffer buffer) {
        return buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }
}
