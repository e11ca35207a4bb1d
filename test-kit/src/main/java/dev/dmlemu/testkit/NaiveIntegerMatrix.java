package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;

/**
 * DML_MATRIX_MULTIPLY_INTEGER as its docs state it: each output element the sum over K of {@code (A - AZeroPoint) *
 * (B - BZeroPoint)}, the zero points absent (0), one value, A's one per row or B's one per column; every tensor read as
 * 4-D with leading 1s; the sum kept modulo 2^32 as the real DLL keeps it (docs/directml-behaviour.md §15.10).
 */
public final class NaiveIntegerMatrix {

    private NaiveIntegerMatrix() {}

    public static List<byte[]> run(MovementCase movement) {
        MatrixMultiplyIntegerOperatorDesc desc = (MatrixMultiplyIntegerOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout outLayout = elements.output(0);
        long[] out = fourD(outLayout.sizes());
        long[] aSizes = fourD(elements.input(0).sizes());
        long k = aSizes[3];
        byte[] value = new byte[4];
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] at = Shapes.coordinate(e, out);
            long sum = 0;
            for (long x = 0; x < k; x++) {
                long a = element(movement, elements, 0, new long[] {at[0], at[1], at[2], x});
                long azp = zeroPoint(movement, elements, desc.aZeroPointTensor(), 1, new long[] {0, 0, at[2], 0});
                long b = element(movement, elements, 2, new long[] {at[0], at[1], x, at[3]});
                long bzp = zeroPoint(movement, elements, desc.bZeroPointTensor(), 3, new long[] {0, 0, 0, at[3]});
                sum += (a - azp) * (b - bzp);
            }
            LittleEndian.put(value, 0, 4, (int) sum);
            elements.put(0, tail(at, outLayout.rank()), value, 0);
        }
        return elements.outputs();
    }

    /** Sizes with leading 1s up to 4. */
    private static long[] fourD(long[] sizes) {
        long[] four = {1, 1, 1, 1};
        System.arraycopy(sizes, 0, four, 4 - sizes.length, sizes.length);
        return four;
    }

    /** A 4-D coordinate's last {@code rank} entries: the tensor's own coordinate. */
    private static long[] tail(long[] at, int rank) {
        long[] own = new long[rank];
        System.arraycopy(at, 4 - rank, own, 0, rank);
        return own;
    }

    private static long zeroPoint(MovementCase movement, NaiveElements elements, TensorDesc tensor, int input,
            long[] at) {
        if (!(tensor instanceof BufferTensorDesc)) {
            return 0;
        }
        // One value, or one per row or column: the coordinate along a dimension of size 1 is 0.
        long[] sizes = fourD(elements.input(input).sizes());
        long[] clipped = new long[4];
        for (int d = 0; d < 4; d++) {
            clipped[d] = sizes[d] == 1 ? 0 : at[d];
        }
        return element(movement, elements, input, clipped);
    }

    private static long element(MovementCase movement, NaiveElements elements, int input, long[] at) {
        TensorLayout layout = elements.input(input);
        TensorBytes bytes = movement.inputs().get(input);
        long bits = LittleEndian.bits(bytes.bytes(), layout.byteAt(bytes, tail(at, layout.rank())), 1);
        return layout.type() == TensorDataType.INT8 ? (byte) bits : bits & 0xFF;
    }
}
