package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
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
        long[] out = FourD.sizes(outLayout.sizes());
        long k = FourD.sizes(elements.input(0).sizes())[3];
        byte[] value = new byte[4];
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] at = Shapes.coordinate(e, out);
            long aZero = desc.aZeroPointTensor() instanceof BufferTensorDesc
                    ? FourD.read(movement, elements, 1, new long[] {0, 0, at[2], 0}) : 0;
            long bZero = desc.bZeroPointTensor() instanceof BufferTensorDesc
                    ? FourD.read(movement, elements, 3, new long[] {0, 0, 0, at[3]}) : 0;
            LittleEndian.put(value, 0, 4, dot(movement, elements, 0, aZero, 2, bZero, at, k));
            elements.put(0, FourD.tail(at, outLayout.rank()), value, 0);
        }
        return elements.outputs();
    }

    /**
     * Output element {@code at}'s sum over {@code k} of {@code (A - aZero) * (B - bZero)}, A and B the inputs numbered
     * {@code aInput} and {@code bInput}, kept modulo 2^32.
     */
    static int dot(MovementCase movement, NaiveElements elements, int aInput, long aZero, int bInput, long bZero,
            long[] at, long k) {
        long sum = 0;
        for (long x = 0; x < k; x++) {
            long a = FourD.read(movement, elements, aInput, new long[] {at[0], at[1], at[2], x});
            long b = FourD.read(movement, elements, bInput, new long[] {at[0], at[1], x, at[3]});
            sum += (a - aZero) * (b - bZero);
        }
        return (int) sum;
    }
}
