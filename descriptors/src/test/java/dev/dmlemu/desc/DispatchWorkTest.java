package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A dispatch's work is every tensor of its desc, counted by hand here. */
class DispatchWorkTest {

    @Test
    void aGatherCountsItsInputIndicesAndOutput() {
        // The docs example: 1x1x3x3 input, 1x1x2x3 indices and output: 9 + 6 + 6.
        OperatorDesc gather = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);
        assertEquals(21, DispatchWork.elements(gather));
    }

    @Test
    void aScatterCountsItsUpdates() {
        // 33,554,428 index rows into a 1x4 output: 4 + N + 4N + 4, where the output alone is 4.
        long n = 33_554_428L;
        OperatorDesc scatter = new ScatterNdOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4),
                BufferTensorDesc.packed(TensorDataType.UINT32, n, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, n, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4), 2, 2);
        assertEquals(8 + 5 * n, DispatchWork.elements(scatter));
    }

    @Test
    void integerProductsCountTheirMultiplyAdds() {
        // [2, 3] x [3, 4] into [2, 4]: 6 + 12 + 8 elements and 8 outputs x K = 3 multiply-adds.
        OperatorDesc product = new MatrixMultiplyIntegerOperatorDesc(BufferTensorDesc.packed(TensorDataType.INT8, 2, 3),
                TensorDesc.NULL, BufferTensorDesc.packed(TensorDataType.INT8, 3, 4), TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.INT32, 2, 4));
        assertEquals(26 + 24, DispatchWork.elements(product));
        // A 4096 x 8192 by 8192 x 4096 product: 2^24 outputs x 8192 = 2^37 multiply-adds, past the command line's
        // 2^34, beside 2^25 + 2^25 + 2^24 elements.
        OperatorDesc large = new MatrixMultiplyIntegerOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.INT8, 4096, 8192), TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.INT8, 8192, 4096), TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.INT32, 4096, 4096));
        assertEquals((1L << 25) * 2 + (1L << 24) + (1L << 37), DispatchWork.elements(large));
        // A convolution: input [1, 4, 5, 5], filter [6, 2, 3, 3] (2 groups), output [1, 6, 3, 3]: 54 outputs x 18.
        OperatorDesc convolution = ConvolutionIntegerOperatorDesc.builder()
                .inputTensor(BufferTensorDesc.packed(TensorDataType.UINT8, 1, 4, 5, 5))
                .filterTensor(BufferTensorDesc.packed(TensorDataType.INT8, 6, 2, 3, 3))
                .outputTensor(BufferTensorDesc.packed(TensorDataType.INT32, 1, 6, 3, 3))
                .dimensionCount(2).strides(List.of(1L, 1L)).dilations(List.of(1L, 1L))
                .startPadding(List.of(0L, 0L)).endPadding(List.of(0L, 0L)).groupCount(2).build();
        assertEquals(100 + 108 + 54 + 54 * 18, DispatchWork.elements(convolution));
        // The product to FLOAT32: [2, 3] x [3, 4] with one scale each: 6 + 1 + 12 + 1 + 8 elements, 8 x 3.
        BufferTensorDesc scale = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1);
        OperatorDesc toFloat = new MatrixMultiplyIntegerToFloatOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.INT8, 2, 3), scale, TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.INT8, 3, 4), scale, TensorDesc.NULL, TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 4));
        assertEquals(28 + 24, DispatchWork.elements(toFloat));
    }

    @Test
    void maxPoolingCountsItsWindowReads() {
        // A 1024 x 1024 window over 2048 x 2048 at stride 1: 1025^2 outputs x 2^20 window elements, which the
        // emulator took more than a minute over before the budget counted them.
        OperatorDesc pool = new MaxPoolingOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2048, 2048),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1025, 1025), 2, List.of(1L, 1L),
                List.of(1024L, 1024L), List.of(0L, 0L), List.of(0L, 0L));
        assertEquals((1L << 22) + 1025L * 1025 + 1025L * 1025 * (1L << 20), DispatchWork.elements(pool));
        // AVERAGE_POOLING the same: [1, 1, 4, 4] with a 2 x 2 window at stride 2 into [1, 1, 2, 2]: 16 + 4 + 4 x 4.
        OperatorDesc average = new AveragePoolingOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 4, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2), 2, List.of(2L, 2L), List.of(2L, 2L),
                List.of(0L, 0L), List.of(0L, 0L), false);
        assertEquals(16 + 4 + 16, DispatchWork.elements(average));
    }

    @Test
    void sizesBeyondSixtyFourBitsSaturate() {
        long max = 0xFFFF_FFFFL;
        // Records take any value (the validator judges): a size product past 2^63 saturates.
        OperatorDesc huge = new GatherElementsOperatorDesc(new BufferTensorDesc(TensorDataType.FLOAT32,
                TensorFlags.NONE, 3, List.of(max, max, max), Optional.empty(), 0, 0),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1), 0);
        assertEquals(Long.MAX_VALUE, DispatchWork.elements(huge));
        assertEquals(Long.MAX_VALUE, DispatchWork.saturatingAdd(Long.MAX_VALUE, 1));
        assertEquals(Long.MAX_VALUE, DispatchWork.saturatingMultiply(1L << 32, 1L << 31));
        assertEquals(1L << 62, DispatchWork.saturatingMultiply(1L << 31, 1L << 31));
    }
}
