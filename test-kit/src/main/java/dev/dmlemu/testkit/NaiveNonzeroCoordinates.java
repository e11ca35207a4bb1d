package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * DML_NONZERO_COORDINATES as its docs state it, element by element: the coordinates of the input's nonzero elements
 * in ascending element order, one row each, and their count; as measured, NaN and subnormals are nonzero, -0.0 is
 * zero, and rows past the count keep what the buffer held.
 */
public final class NaiveNonzeroCoordinates {

    private NaiveNonzeroCoordinates() {}

    public static List<byte[]> run(MovementCase movement) {
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout input = elements.input(0);
        TensorLayout coordinates = elements.output(1);
        TensorBytes source = movement.inputs().get(0);
        long[] sizes = input.sizes();
        int rank = coordinates.rank();
        long found = 0;
        byte[] value = new byte[4];
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long bits = LittleEndian.bits(source.bytes(), input.byteAt(source, at), input.elementSize());
            if (isZero(input.type(), bits)) {
                continue;
            }
            for (int d = 0; d < sizes.length; d++) {
                long[] to = new long[rank];
                to[rank - 2] = found;
                to[rank - 1] = d;
                LittleEndian.put(value, 0, 4, at[d]);
                elements.put(1, to, value, 0);
            }
            found++;
        }
        LittleEndian.put(value, 0, 4, found);
        elements.put(0, new long[elements.output(0).rank()], value, 0);
        return elements.outputs();
    }

    private static boolean isZero(TensorDataType type, long bits) {
        return switch (type) {
            case FLOAT32 -> Float.intBitsToFloat((int) bits) == 0f;
            case FLOAT64 -> Double.longBitsToDouble(bits) == 0d;
            case FLOAT16 -> (bits & 0x7FFF) == 0;
            default -> bits == 0;
        };
    }
}
