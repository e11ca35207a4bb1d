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
            long sum = 0;
            for (long x = 0; x < k; x++) {
                long a = FourD.read(movement, elements, 0, new long[] {at[0], at[1], at[2], x});
                long azp = desc.aZeroPointTensor() instanceof BufferTensorDesc
                        ? FourD.read(movement, elements, 1, new long[] {0, 0, at[2], 0}) : 0;
                long b = FourD.read(movement, elements, 2, new long[] {at[0], at[1], x, at[3]});
                long bzp = desc.bZeroPointTensor() instanceof BufferTensorDesc
                        ? FourD.read(movement, elements, 3, new long[] {0, 0, 0, at[3]}) : 0;
                sum += (a - azp) * (b - bzp);
            }
            LittleEndian.put(value, 0, 4, (int) sum);
            elements.put(0, FourD.tail(at, outLayout.rank()), value, 0);
        }
        return elements.outputs();
    }
}
