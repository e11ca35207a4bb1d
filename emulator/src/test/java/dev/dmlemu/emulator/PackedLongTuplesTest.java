package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * {@link PackedLongTuples} on hand-picked coordinates: an input of sizes {5, 7, 10} whose tuples address its first two
 * dimensions (strides 70 and 10 elements), batch offset 1000. The rule (docs/directml-behaviour.md §11.5): a
 * negative value has its size added when the policy wraps, and any coordinate outside its dimension then puts the
 * tuple out of range.
 */
class PackedLongTuplesTest {

    private static final long OUTER = 1000;
    private static final PackedLongTuples PAIRS_WRAPPING = new PackedLongTuples(true, 5, 70, 7, 10, -1L);
    private static final PackedLongTuples PAIRS_NOT_WRAPPING = new PackedLongTuples(true, 5, 70, 7, 10, 0L);
    private static final PackedLongTuples SINGLES_WRAPPING = new PackedLongTuples(false, 5, 70, 1, 0, -1L);

    @Test
    void inRangePairsAddTheirStrides() {
        assertEquals(OUTER, PAIRS_WRAPPING.base(longs(0, 0), 0, OUTER));
        assertEquals(OUTER + 4 * 70 + 6 * 10, PAIRS_WRAPPING.base(longs(4, 6), 0, OUTER));
        assertEquals(OUTER + 4 * 70 + 6 * 10, PAIRS_NOT_WRAPPING.base(longs(4, 6), 0, OUTER));
    }

    @Test
    void negativeValuesCountFromTheEndWhenThePolicyWraps() {
        assertEquals(OUTER + 4 * 70, PAIRS_WRAPPING.base(longs(-1, -7), 0, OUTER));
        assertEquals(OUTER + 6 * 10, PAIRS_WRAPPING.base(longs(-5, -1), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_NOT_WRAPPING.base(longs(-1, 0), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_NOT_WRAPPING.base(longs(0, -1), 0, OUTER));
    }

    @Test
    void anyCoordinateOutsideItsDimensionPutsTheTupleOutOfRange() {
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_WRAPPING.base(longs(5, 0), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_WRAPPING.base(longs(0, 7), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_WRAPPING.base(longs(-6, 0), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_WRAPPING.base(longs(0, -8), 0, OUTER));
        // A UINT64 value of 2^63 and above, read as negative: out of range whether or not it wraps.
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_WRAPPING.base(longs(Long.MIN_VALUE, 0), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_NOT_WRAPPING.base(longs(Long.MIN_VALUE + 1, 0), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, PAIRS_WRAPPING.base(longs(Long.MAX_VALUE, 0), 0, OUTER));
    }

    @Test
    void singlesReadOneValueAndNothingAfterIt() {
        // The array holds the one value only: reading a second would throw.
        assertEquals(OUTER + 3 * 70, SINGLES_WRAPPING.base(longs(3), 0, OUTER));
        assertEquals(OUTER + 3 * 70, SINGLES_WRAPPING.base(longs(-2), 0, OUTER));
        assertEquals(TupleBatch.OUT_OF_RANGE, SINGLES_WRAPPING.base(longs(5), 0, OUTER));
    }

    @Test
    void theTupleIsReadFromTheByteGiven() {
        byte[] array = longs(9, 9, 2, 3);
        assertEquals(OUTER + 2 * 70 + 3 * 10, PAIRS_WRAPPING.base(array, 2 * Long.BYTES, OUTER));
    }

    /** Prepared plans pick the record: sizes and strides of the input, the wrap from the policy and index type. */
    @Test
    void plansOfOneOrTwoPackedLongCoordinatesGetOne() {
        PackedLongTuples pairs = planOf(TensorDataType.INT64, 2, IndexPolicy.STRICT, false).packedLongTuples;
        assertEquals(new PackedLongTuples(true, 5, 70, 7, 10, -1L), pairs);
        PackedLongTuples singles = planOf(TensorDataType.INT64, 1, IndexPolicy.DIRECTML, false).packedLongTuples;
        assertEquals(new PackedLongTuples(false, 5, 70, 1, 0, -1L), singles);
        // UINT64 wraps under DirectML's own policy, which reads every index as signed 64 bits (§11.5), and under no
        // other: the validator's semantics leave unsigned types unwrapped.
        assertEquals(-1L, planOf(TensorDataType.UINT64, 2, IndexPolicy.DIRECTML, false).packedLongTuples.wrapMask());
        assertEquals(0L, planOf(TensorDataType.UINT64, 2, IndexPolicy.STRICT, false).packedLongTuples.wrapMask());
        assertEquals(0L, planOf(TensorDataType.UINT64, 2, IndexPolicy.CLAMP_AXIS, false).packedLongTuples.wrapMask());
        // A single coordinate needs no stride between coordinates.
        assertEquals(singles, planOf(TensorDataType.INT64, 1, IndexPolicy.DIRECTML, true).packedLongTuples);
    }

    @Test
    void otherTuplesGoTheGeneralWay() {
        assertNull(planOf(TensorDataType.INT32, 2, IndexPolicy.STRICT, false).packedLongTuples);
        assertNull(planOf(TensorDataType.UINT32, 1, IndexPolicy.STRICT, false).packedLongTuples);
        assertNull(planOf(TensorDataType.INT64, 3, IndexPolicy.STRICT, false).packedLongTuples);
        assertNull(planOf(TensorDataType.INT64, 2, IndexPolicy.STRICT, true).packedLongTuples);
    }

    /**
     * GATHER_ND over the input {5, 7, 10} (FLOAT32) with 3 tuples of {@code q} coordinates, indices {1, 3, q} packed or,
     * with {@code spread}, with the coordinates two elements apart.
     */
    private static GatherNdPlan planOf(TensorDataType indexType, int q, IndexPolicy policy, boolean spread) {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 5, 7, 10);
        List<Long> indexSizes = List.of(1L, 3L, (long) q);
        BufferTensorDesc indices = spread
                ? BufferTensorDesc.strided(indexType, indexSizes, List.of(6L * q, 2L * q, 2L))
                : BufferTensorDesc.packed(indexType, 1, 3, q);
        long[] outputSizes = q == 1 ? new long[] {3, 7, 10} : q == 2 ? new long[] {1, 3, 10} : new long[] {1, 1, 3};
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, outputSizes);
        return Kernels.prepareNd(new GatherNdOperatorDesc(input, indices, output, 3, 2), policy,
                Parallelism.ONE_THREAD).plan();
    }

    private static byte[] longs(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }
}
