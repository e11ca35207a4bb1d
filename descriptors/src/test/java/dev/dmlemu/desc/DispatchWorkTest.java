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
