package dev.dmlemu.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import dev.dmlemu.desc.MaxUnpoolingOperatorDesc;
import dev.dmlemu.desc.NonzeroCoordinatesOperatorDesc;
import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.desc.ReverseSubsequencesOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The placement references pinned to the docs' examples and to outputs worked out by hand. */
class NaivePlacementTest {

    private static byte[] ints(int... values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        Arrays.stream(values).forEach(bytes::putInt);
        return bytes.array();
    }

    private static byte[] diagonal(int offset, long height, long width) {
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, height, width);
        return NaiveDiagonalMatrix.run(new MovementCase(new DiagonalMatrixOperatorDesc(out, offset, 1f), List.of(),
                List.of(TensorBytes.of(new byte[(int) out.totalTensorSizeInBytes()])))).get(0);
    }

    @Test
    void diagonalMatrixDocsExamples() {
        assertArrayEquals(Bytes.floats(1, 0, 0, 0, 1, 0, 0, 0, 1), diagonal(0, 3, 3));
        assertArrayEquals(Bytes.floats(0, 1, 0, 0, 0, 1, 0, 0, 0), diagonal(1, 3, 3));
        assertArrayEquals(Bytes.floats(0, 0, 1, 0, 0, 1), diagonal(-1, 3, 2));
        assertArrayEquals(Bytes.floats(0, 0, 0, 0, 0, 0), diagonal(-3, 3, 2));
    }

    @Test
    void nonzeroCoordinatesDocsExample() {
        // {1,1,2,4}: 1, 0, 0, 2 / -0, 3.5, 0, -5.2 → count 4 and rows (0,0,0,0) (0,0,0,3) (0,0,1,1) (0,0,1,3), then
        // the rows past the count as they were (here 7).
        BufferTensorDesc in = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 4);
        BufferTensorDesc count = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 1, 1);
        BufferTensorDesc rows = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 8, 4);
        int[] prefilled = new int[32];
        Arrays.fill(prefilled, 7);
        List<byte[]> out = NaiveNonzeroCoordinates.run(new MovementCase(new NonzeroCoordinatesOperatorDesc(in, count,
                rows), List.of(TensorBytes.of(Bytes.floats(1, 0, 0, 2, -0f, 3.5f, 0, -5.2f))),
                List.of(TensorBytes.of(new byte[4]), TensorBytes.of(ints(prefilled)))));
        assertArrayEquals(ints(4), out.get(0));
        int[] expected = prefilled.clone();
        System.arraycopy(new int[] {0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 1, 1, 0, 0, 1, 3}, 0, expected, 0, 16);
        assertArrayEquals(ints(expected), out.get(1));
    }

    private static byte[] reverse(long[] lengthSizes, int[] lengths, int axis) {
        BufferTensorDesc in = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 4);
        return NaiveReverseSubsequences.run(new MovementCase(new ReverseSubsequencesOperatorDesc(in,
                BufferTensorDesc.packed(TensorDataType.UINT32, lengthSizes), in, axis), List.of(
                TensorBytes.of(Bytes.oneTo(12)), TensorBytes.of(ints(lengths))), List.of(TensorBytes.of(new byte[48]))))
                .get(0);
    }

    @Test
    void reverseSubsequencesDocsExamplesAndALengthPastTheLine() {
        assertArrayEquals(Bytes.floats(2, 1, 3, 4, 8, 7, 6, 5, 11, 10, 9, 12),
                reverse(new long[] {1, 1, 3, 1}, new int[] {2, 4, 3}, 3));
        assertArrayEquals(Bytes.floats(5, 10, 3, 4, 1, 6, 7, 8, 9, 2, 11, 12),
                reverse(new long[] {1, 1, 1, 4}, new int[] {2, 3, 1, 0}, 2));
        // Length 6 of a line of 4: elements 5, 4, 3, 2 read, each clamped to the line's last (measured, §16.8).
        assertArrayEquals(Bytes.floats(4, 4, 4, 3, 8, 7, 6, 5, 9, 10, 11, 12),
                reverse(new long[] {1, 1, 3, 1}, new int[] {6, 4, 0}, 3));
    }

    @Test
    void oneHotCountsNegativeIndicesFromTheEnd() {
        // Depth 3 along axis 1, off 5 and on 9: indices 0, -1, 3 and 1.
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.INT32, 4, 3);
        List<byte[]> written = NaiveOneHot.run(new MovementCase(new OneHotOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.INT32, 4, 1), BufferTensorDesc.packed(TensorDataType.INT32, 1, 2),
                out, 1), List.of(TensorBytes.of(ints(0, -1, 3, 1)), TensorBytes.of(ints(5, 9))),
                List.of(TensorBytes.of(new byte[48]))));
        assertArrayEquals(ints(9, 5, 5, 5, 5, 9, 5, 5, 5, 5, 9, 5), written.get(0));
    }

    @Test
    void maxUnpoolingZeroesThenWritesTheLastValuePerTarget() {
        // 1, 2, 3, 4 to output elements 4, 0, 4 and 9 (past the 9 elements): 2 at 0, 3 at 4, the rest 0.
        BufferTensorDesc in = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2);
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3);
        List<byte[]> written = NaiveMaxUnpooling.run(new MovementCase(new MaxUnpoolingOperatorDesc(in,
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 2), out), List.of(
                TensorBytes.of(Bytes.oneTo(4)), TensorBytes.of(ints(4, 0, 4, 9))),
                List.of(TensorBytes.of(Bytes.floats(7, 7, 7, 7, 7, 7, 7, 7, 7)))));
        assertArrayEquals(Bytes.floats(2, 0, 0, 0, 3, 0, 0, 0, 0), written.get(0));
    }
}
