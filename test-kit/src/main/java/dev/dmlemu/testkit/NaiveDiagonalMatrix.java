package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrix1OperatorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import java.util.List;

/**
 * DML_DIAGONAL_MATRIX and DML_DIAGONAL_MATRIX1 as their docs' pseudocode states them, element by element over the
 * last two dimensions {@code (y, x)}: DIAGONAL_MATRIX writes Value where {@code x - y == Offset} and 0 elsewhere,
 * its FLOAT Value made an integer as PADDING's is ({@link NaivePadding}); DIAGONAL_MATRIX1 writes the Value member's
 * bytes where {@code (End >= Begin) ^ (x - y >= Begin) ^ (x - y < End)}, and elsewhere the input's element, or 0
 * without an InputTensor.
 */
public final class NaiveDiagonalMatrix {

    private NaiveDiagonalMatrix() {}

    public static List<byte[]> run(MovementCase movement) {
        BufferTensorDesc output;
        long value;
        BufferTensorDesc input = null;
        if (movement.desc() instanceof DiagonalMatrixOperatorDesc desc) {
            output = (BufferTensorDesc) desc.outputTensor();
            value = NaivePadding.fromFloat(desc.value(), output.dataType());
        } else {
            DiagonalMatrix1OperatorDesc desc = (DiagonalMatrix1OperatorDesc) movement.desc();
            output = (BufferTensorDesc) desc.outputTensor();
            value = desc.value().bits();
            if (desc.inputTensor() instanceof BufferTensorDesc present) {
                input = present;
            }
        }
        TensorLayout out = TensorLayout.of(output);
        TensorLayout in = input == null ? null : TensorLayout.of(input);
        TensorBytes target = movement.outputs().get(0);
        byte[] written = target.bytes().clone();
        TensorBytes writtenBytes = new TensorBytes(written, target.offset());
        int width = out.elementSize();
        long[] sizes = out.sizes();
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long y = at[at.length - 2];
            long x = at[at.length - 1];
            long element;
            if (onDiagonal(movement, x, y)) {
                element = value;
            } else if (in != null) {
                TensorBytes source = movement.inputs().get(0);
                element = LittleEndian.bits(source.bytes(), in.byteAt(source, at), width);
            } else {
                element = 0;
            }
            LittleEndian.put(written, out.byteAt(writtenBytes, at), width, element);
        }
        return List.of(written);
    }

    private static boolean onDiagonal(MovementCase movement, long x, long y) {
        if (movement.desc() instanceof DiagonalMatrixOperatorDesc desc) {
            return x - y == desc.offset();
        }
        DiagonalMatrix1OperatorDesc desc = (DiagonalMatrix1OperatorDesc) movement.desc();
        long topX = x - y;
        return (desc.diagonalFillEnd() >= desc.diagonalFillBegin()) ^ (topX >= desc.diagonalFillBegin())
                ^ (topX < desc.diagonalFillEnd());
    }
}
