package dev.dmlemu.desc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code DMLCalcBufferTensorSize} and friends against documented or hand-computed values
 * (docs/directml-behaviour.md §5).
 */
class BufferTensorMathTest {

    private static long size(TensorDataType type, List<Long> sizes) {
        return BufferTensorMath.calcBufferTensorSize(type, sizes, Optional.empty());
    }

    private static long size(TensorDataType type, List<Long> sizes, List<Long> strides) {
        return BufferTensorMath.calcBufferTensorSize(type, sizes, Optional.of(strides));
    }

    @Test
    void packedTensorIsProductTimesElementSize() {
        assertEquals(36, size(TensorDataType.FLOAT32, List.of(1L, 1L, 3L, 3L))); // 9 * 4
        assertEquals(24, size(TensorDataType.UINT32, List.of(1L, 1L, 2L, 3L))); // 6 * 4
        assertEquals(48, size(TensorDataType.INT64, List.of(2L, 3L)));          // 6 * 8
        assertEquals(12, size(TensorDataType.FLOAT16, List.of(2L, 3L)));        // 6 * 2 = 12
        assertEquals(4, size(TensorDataType.FLOAT32, List.of()));               // a scalar: one element
    }

    @Test
    void stridedTensorUsesIndexOfLastElement() {
        // Sizes {2,3}, packed strides {3,1}: last index 1*3 + 2*1 = 5 → 6 elements → 24 bytes.
        assertEquals(24, size(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(3L, 1L)));
        // Transposed view of a 3x2: strides {1,2}: last index 1 + 4 = 5 → 24 bytes.
        assertEquals(24, size(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(1L, 2L)));
    }

    @Test
    void zeroStridesBroadcastAndShrinkTheSize() {
        // Documented example: Sizes {2,3}, Strides {0,1} → index of last element 2 → 3 elements → 12 bytes FLOAT32.
        assertEquals(2, BufferTensorMath.indexOfLastElement(List.of(2L, 3L), List.of(0L, 1L)));
        assertEquals(12, size(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(0L, 1L)));
        // All-zero strides: one element.
        assertEquals(4, size(TensorDataType.FLOAT32, List.of(5L, 7L), List.of(0L, 0L)));
    }

    @Test
    void paddingStridesGrowTheSize() {
        // Rows of 3 padded to 4: Sizes {2,3}, Strides {4,1}: last index 4 + 2 = 6 → 7 elements → 28 bytes.
        assertEquals(28, size(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(4L, 1L)));
        // NCHW 1x2x2x2 with channel pitch 8: last index 8 + 2 + 1 = 11 → 12 elements * 2 bytes = 24.
        assertEquals(24, size(TensorDataType.FLOAT16, List.of(1L, 2L, 2L, 2L), List.of(16L, 8L, 2L, 1L)));
    }

    @Test
    void roundsUpToFourBytes() {
        assertEquals(4, size(TensorDataType.UINT8, List.of(3L)));   // 3 bytes → 4
        assertEquals(8, size(TensorDataType.INT8, List.of(5L)));    // 5 → 8
        assertEquals(8, size(TensorDataType.FLOAT16, List.of(3L))); // 6 → 8
        assertEquals(4, size(TensorDataType.UINT8, List.of(2L, 2L), List.of(0L, 1L))); // 2 → 4
        assertEquals(12, BufferTensorMath.roundUpToMultipleOf4(9));
        assertEquals(12, BufferTensorMath.roundUpToMultipleOf4(12));
        assertEquals(0, BufferTensorMath.roundUpToMultipleOf4(0));
    }

    @Test
    void subByteTypesCountBits() {
        // UINT4 {3}: 12 bits → 2 bytes → 4.
        assertEquals(4, size(TensorDataType.UINT4, List.of(3L)));
        // INT4 {9}: 36 bits → 5 bytes → 8.
        assertEquals(8, size(TensorDataType.INT4, List.of(9L)));
        // UINT4 {2,5} strides {8,1}: last index 12 → 13 elements → 52 bits → 7 bytes → 8.
        assertEquals(8, size(TensorDataType.UINT4, List.of(2L, 5L), List.of(8L, 1L)));
    }

    @Test
    void float64CanExceedFourGigabytes() {
        // 2^32 - 1 elements (the element-count cap) of 8 bytes: 34359738360 bytes, already a multiple of 4.
        assertEquals(34_359_738_360L, size(TensorDataType.FLOAT64, List.of(0xFFFF_FFFFL)));
        assertEquals(34_359_738_360L, size(TensorDataType.FLOAT64, List.of(65535L, 65537L)));
    }

    @Test
    void largeCountsThatFitInBytesDoNotOverflow() {
        // 2^60 UINT4 elements = 2^59 bytes: the bit count (2^62) fits, and so must the answer.
        assertEquals(1L << 59, size(TensorDataType.UINT4, List.of(1L << 30, 1L << 30)));
        // 2^59 FLOAT32 elements: 2^61 bytes, though the bit count 2^64 does not fit in 64 bits.
        assertEquals(1L << 61, size(TensorDataType.FLOAT32, List.of(1L << 30, 1L << 29)));
    }

    @Test
    void overflowIsAnError() {
        assertThrows(TensorSizeOverflowException.class,
                () -> size(TensorDataType.FLOAT64, List.of(0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF_FFFFL)));
        assertThrows(TensorSizeOverflowException.class,
                () -> size(TensorDataType.FLOAT32, List.of(1L << 31, 1L << 31)));
        assertThrows(TensorSizeOverflowException.class, () -> size(TensorDataType.FLOAT32,
                List.of(0xFFFF_FFFFL, 0xFFFF_FFFFL, 3L), List.of(0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF_FFFFL)));
        assertThrows(TensorSizeOverflowException.class,
                () -> BufferTensorMath.elementCount(List.of(1L << 32, 1L << 32)));
        assertThrows(TensorSizeOverflowException.class, () -> BufferTensorMath.roundUpToMultipleOf4(Long.MAX_VALUE));
    }

    @Test
    void unknownTypeAndBadShapesAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> size(TensorDataType.UNKNOWN, List.of(2L)));
        assertTrue(e.getMessage().contains("UNKNOWN"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> size(TensorDataType.FLOAT32, List.of(2L, -1L)));
        assertThrows(IllegalArgumentException.class,
                () -> size(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(1L)));
        // A zero size addresses nothing.
        assertEquals(0, size(TensorDataType.FLOAT32, List.of(2L, 0L)));
    }

    @Test
    void packedStridesAndElementCount() {
        assertEquals(List.of(12L, 4L, 1L), BufferTensorMath.packedStrides(List.of(2L, 3L, 4L)));
        assertEquals(List.of(), BufferTensorMath.packedStrides(List.of()));
        // The outermost size takes no part in any stride, so a huge one cannot overflow them.
        assertEquals(List.of(1L << 32, 1L), BufferTensorMath.packedStrides(List.of(1L << 40, 1L << 32)));
        assertEquals(24, BufferTensorMath.elementCount(List.of(2L, 3L, 4L)));
        assertEquals(1, BufferTensorMath.elementCount(List.of()));
    }

    @Test
    void packedFactoryComputesTotal() {
        BufferTensorDesc desc = BufferTensorDesc.packed(TensorDataType.UINT8, 1, 1, 3, 3);
        assertEquals(4, desc.dimensionCount());
        assertEquals(12, desc.totalTensorSizeInBytes()); // 9 → 12
        assertEquals(Optional.empty(), desc.strides());
        assertEquals(List.of(9L, 9L, 3L, 1L), desc.effectiveStrides());
        BufferTensorDesc strided = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(2L, 3L), List.of(0L, 1L));
        assertEquals(12, strided.totalTensorSizeInBytes());
        assertEquals(TensorFlags.NONE, strided.flags());
    }

    @Test
    void addressingTellsDistinctFromOverlappingLayouts() {
        // Offsets worked out by hand: {2,3}/{4,2} -> 0,2,4,4,6,8 (overlap); {2,3}/{3,2} -> 0,2,4,3,5,7 (distinct).
        assertEquals(ElementAddressing.DISTINCT, BufferTensorMath.addressing(List.of(2L, 3L), List.of(3L, 1L)));
        assertEquals(ElementAddressing.OVERLAPPING, BufferTensorMath.addressing(List.of(2L, 3L), List.of(4L, 2L)));
        assertEquals(ElementAddressing.DISTINCT, BufferTensorMath.addressing(List.of(2L, 3L), List.of(3L, 2L)));
        assertEquals(ElementAddressing.OVERLAPPING, BufferTensorMath.addressing(List.of(3L), List.of(0L)));
        assertEquals(ElementAddressing.OVERLAPPING, BufferTensorMath.addressing(List.of(2L, 2L), List.of(1L, 1L)));
        // A size-1 dimension addresses one element whatever its stride.
        assertEquals(ElementAddressing.DISTINCT, BufferTensorMath.addressing(List.of(1L, 5L), List.of(0L, 1L)));
        // Nested strides are decided without enumerating 2^32 elements.
        assertEquals(ElementAddressing.DISTINCT,
                BufferTensorMath.addressing(List.of(65536L, 65536L), List.of(65536L, 1L)));
        // Not nested and past the enumeration limit (2048 * 2048 > 2^20).
        assertEquals(ElementAddressing.UNDECIDED,
                BufferTensorMath.addressing(List.of(2048L, 2048L), List.of(1L, 1L)));
    }
}
