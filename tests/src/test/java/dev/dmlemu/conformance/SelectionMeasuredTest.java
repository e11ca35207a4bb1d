package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the real DLL's selection operators do where their docs leave a choice (docs/directml-behaviour.md §16.7): which
 * of tied elements ARGMIN and ARGMAX pick per AxisDirection, and REDUCE's ARGMIN and ARGMAX; what a NaN, -0.0 and a
 * subnormal do to them and to REDUCE's MAX and MIN (and what MAX and MIN of nothing but NaNs give); the order TOP_K
 * and TOP_K1 write, NaNs included, on lines of 4, 6 and 7; the index over several reduced axes; integer orders; every
 * index type. Each probe row is one line of a {@code [rows, n]} tensor, so one dispatch measures a whole table; the
 * expected values are the DLL's recorded outputs (also worked out by hand from the rules of §16.7).
 */
class SelectionMeasuredTest {

    private static final float NAN = Float.NaN;
    private static final float INF = Float.POSITIVE_INFINITY;
    private static final float TINY = Float.MIN_VALUE;
    private static final TensorDataType F32 = TensorDataType.FLOAT32;

    /** The probe rows of four elements: NaN first, inside and last, signed zeros, infinities, ties, subnormals. */
    private static final float[][] ROWS = {
        {1, NAN, 5, 2},
        {NAN, 1, 5, 2},
        {1, 5, 2, NAN},
        {5, 1, NAN, 9},
        {-0f, 0f, -0f, 0f},
        {0f, -0f, 0f, -0f},
        {INF, NAN, -INF, NAN},
        {1, 3, 3, 2},
        {2, -1, 3, -1},
        {TINY, 0f, 2 * TINY, -0f},
        {NAN, NAN, NAN, NAN},
    };

    @Test
    void argMinAndArgMaxKeepTheFirstElementUntilAStrictlyBetterOneOrWhenDecreasingAnEqualOne() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SelectionMeasuredTest");
        long[] in = {ROWS.length, 4};
        long[] out = {ROWS.length, 1};
        byte[] input = float32(ROWS);
        assertEquals(List.of(2L, 0L, 1L, 3L, 0L, 0L, 0L, 1L, 2L, 2L, 0L), indices(real, new ArgmaxOperatorDesc(
                BufferTensorDesc.packed(F32, in), BufferTensorDesc.packed(TensorDataType.INT32, out), 1, List.of(1L),
                AxisDirection.INCREASING), input));
        assertEquals(List.of(2L, 0L, 1L, 3L, 3L, 3L, 0L, 2L, 2L, 2L, 0L), indices(real, new ArgmaxOperatorDesc(
                BufferTensorDesc.packed(F32, in), BufferTensorDesc.packed(TensorDataType.UINT64, out), 1, List.of(1L),
                AxisDirection.DECREASING), input));
        assertEquals(List.of(0L, 0L, 0L, 1L, 0L, 0L, 2L, 0L, 1L, 1L, 0L), indices(real, new ArgminOperatorDesc(
                BufferTensorDesc.packed(F32, in), BufferTensorDesc.packed(TensorDataType.INT64, out), 1, List.of(1L),
                AxisDirection.INCREASING), input));
        assertEquals(List.of(0L, 0L, 0L, 1L, 3L, 3L, 2L, 0L, 3L, 3L, 0L), indices(real, new ArgminOperatorDesc(
                BufferTensorDesc.packed(F32, in), BufferTensorDesc.packed(TensorDataType.UINT32, out), 1, List.of(1L),
                AxisDirection.DECREASING), input));
        // REDUCE's ARGMAX and ARGMIN pick as INCREASING does.
        assertEquals(List.of(2L, 0L, 1L, 3L, 0L, 0L, 0L, 1L, 2L, 2L, 0L), indices(real, new ReduceOperatorDesc(
                ReduceFunction.ARGMAX, BufferTensorDesc.packed(F32, in), BufferTensorDesc.packed(TensorDataType.UINT64,
                        out), 1, List.of(1L)), input));
        assertEquals(List.of(0L, 0L, 0L, 1L, 0L, 0L, 2L, 0L, 1L, 1L, 0L), indices(real, new ReduceOperatorDesc(
                ReduceFunction.ARGMIN, BufferTensorDesc.packed(F32, in), BufferTensorDesc.packed(TensorDataType.INT32,
                        out), 1, List.of(1L)), input));
    }

    @Test
    void reduceMaxAndMinSkipNaNsKeepTheLastOfEqualElementsAndGiveAnInfinityForNothingButNaNs() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SelectionMeasuredTest");
        long[] in = {ROWS.length, 4};
        long[] out = {ROWS.length, 1};
        byte[] input = float32(ROWS);
        List<Long> max = indices(real, new ReduceOperatorDesc(ReduceFunction.MAX, BufferTensorDesc.packed(F32, in),
                BufferTensorDesc.packed(F32, out), 1, List.of(1L)), input);
        List<Long> min = indices(real, new ReduceOperatorDesc(ReduceFunction.MIN, BufferTensorDesc.packed(F32, in),
                BufferTensorDesc.packed(F32, out), 1, List.of(1L)), input);
        assertEquals(bits(5, 5, 5, 9, 0f, -0f, INF, 3, 3, 2 * TINY, -INF), max);
        assertEquals(bits(1, 1, 1, 1, 0f, -0f, -INF, 1, -1, -0f, INF), min);
    }

    @Test
    void topKWritesWhatABottomUpMergeSortLeaves() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SelectionMeasuredTest");
        float[][] rows = java.util.Arrays.copyOf(ROWS, 8);
        long[] sizes = {rows.length, 4};
        byte[] input = float32(rows);
        TopKOperatorDesc largest = new TopKOperatorDesc(BufferTensorDesc.packed(F32, sizes),
                BufferTensorDesc.packed(F32, sizes), BufferTensorDesc.packed(TensorDataType.UINT64, sizes), 1, 4);
        assertEquals(List.of(2L, 3L, 1L, 0L, 2L, 3L, 1L, 0L, 3L, 1L, 2L, 0L, 3L, 2L, 0L, 1L, 0L, 1L, 2L, 3L,
                0L, 1L, 2L, 3L, 3L, 2L, 1L, 0L, 1L, 2L, 3L, 0L), indices(real, largest, input, 1));
        // The values are the input's elements, NaN payloads kept: the first row's are 5, 2, NaN, 1.
        assertEquals(bits(5, 2, NAN, 1), indices(real, largest, input, 0).subList(0, 4));
        TopK1OperatorDesc smallest = new TopK1OperatorDesc(BufferTensorDesc.packed(F32, sizes),
                BufferTensorDesc.packed(F32, sizes), BufferTensorDesc.packed(TensorDataType.UINT32, sizes), 1, 4,
                AxisDirection.INCREASING);
        assertEquals(List.of(3L, 2L, 1L, 0L, 1L, 3L, 2L, 0L, 3L, 0L, 2L, 1L, 1L, 0L, 3L, 2L, 0L, 1L, 2L, 3L,
                0L, 1L, 2L, 3L, 3L, 2L, 1L, 0L, 0L, 3L, 1L, 2L), indices(real, smallest, input, 1));
        // Lines whose length is not a power of two: the last run waits a round for its partner.
        float[][] seven = {{3, 1, NAN, 2, 0, NAN, 5}};
        assertEquals(List.of(6L, 5L, 0L, 3L, 4L, 2L, 1L), indices(real, topK(7, 7), float32(seven), 1));
        float[][] six = {{2, 1, NAN, 3, 9, 1}};
        assertEquals(List.of(4L, 3L, 5L, 2L, 0L, 1L), indices(real, topK(6, 6), float32(six), 1));
        // K below the length keeps the first K of the same order.
        assertEquals(List.of(4L, 3L), indices(real, topK(6, 2), float32(six), 1));
    }

    @Test
    void severalReducedAxesIndexRowMajorOverTheReducedDimensionsInTheirOwnOrder() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SelectionMeasuredTest");
        // [2, 3, 2]: element i holds i % 5, but elements 3 and 10 hold 9.
        float[][] values = new float[1][12];
        for (int i = 0; i < 12; i++) {
            values[0][i] = i % 5;
        }
        values[0][3] = 9;
        values[0][10] = 9;
        byte[] input = float32(values);
        BufferTensorDesc in = BufferTensorDesc.packed(F32, 2, 3, 2);
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 3, 1);
        assertEquals(List.of(3L, 1L, 2L), indices(real, new ArgmaxOperatorDesc(in, out, 2, List.of(2L, 0L),
                AxisDirection.INCREASING), input));
        BufferTensorDesc all = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 1);
        assertEquals(List.of(10L), indices(real, new ArgmaxOperatorDesc(in, all, 3, List.of(0L, 1L, 2L),
                AxisDirection.DECREASING), input));
        assertEquals(List.of(3L), indices(real, new ReduceOperatorDesc(ReduceFunction.ARGMAX, in, all, 3,
                List.of(1L, 2L, 0L)), input));
        assertEquals(bits(2, 9, 9), indices(real, new ReduceOperatorDesc(ReduceFunction.MAX, in,
                BufferTensorDesc.packed(F32, 1, 3, 1), 2, List.of(0L, 2L)), input));
    }

    @Test
    void integersCompareSignedOrUnsignedByType() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SelectionMeasuredTest");
        byte[] words = ints(4, 1, 0x80000000L, 0xFFFFFFFFL, 7);
        assertEquals(List.of(2L), indices(real, new ArgmaxOperatorDesc(BufferTensorDesc.packed(TensorDataType.UINT32,
                4), BufferTensorDesc.packed(TensorDataType.UINT32, 1), 1, List.of(0L), AxisDirection.INCREASING),
                words));
        assertEquals(List.of(1L), indices(real, new ArgminOperatorDesc(BufferTensorDesc.packed(TensorDataType.INT32,
                4), BufferTensorDesc.packed(TensorDataType.UINT32, 1), 1, List.of(0L), AxisDirection.INCREASING),
                words));
        byte[] bytes = {1, (byte) 0x80, (byte) 0xFF, 127};
        assertEquals(List.of(127L), indices(real, new ReduceOperatorDesc(ReduceFunction.MAX,
                BufferTensorDesc.packed(TensorDataType.INT8, 4), BufferTensorDesc.packed(TensorDataType.INT8, 1), 1,
                List.of(0L)), bytes));
        assertEquals(List.of(1L), indices(real, new ReduceOperatorDesc(ReduceFunction.MIN,
                BufferTensorDesc.packed(TensorDataType.UINT8, 4), BufferTensorDesc.packed(TensorDataType.UINT8, 1), 1,
                List.of(0L)), bytes));
        byte[] longs = ints(8, 1, Long.MIN_VALUE, -1, Long.MAX_VALUE);
        for (TensorDataType type : List.of(TensorDataType.INT64, TensorDataType.UINT64)) {
            TopKOperatorDesc desc = new TopKOperatorDesc(BufferTensorDesc.packed(type, 4),
                    BufferTensorDesc.packed(type, 4), BufferTensorDesc.packed(TensorDataType.UINT32, 4), 0, 4);
            assertEquals(type == TensorDataType.INT64 ? List.of(3L, 0L, 2L, 1L) : List.of(2L, 1L, 3L, 0L),
                    indices(real, desc, longs, 1), type.name());
        }
    }

    private static TopKOperatorDesc topK(long n, long k) {
        return new TopKOperatorDesc(BufferTensorDesc.packed(F32, 1, n), BufferTensorDesc.packed(F32, 1, k),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, k), 1, k);
    }

    private static List<Long> indices(RealDirectMl real, OperatorDesc desc, byte[] input) throws Exception {
        return indices(real, desc, input, 0);
    }

    /** Output {@code output}'s elements (packed) as unsigned numbers of their width: indices, or float bits. */
    private static List<Long> indices(RealDirectMl real, OperatorDesc desc, byte[] input, int output)
            throws Exception {
        List<byte[]> arrays = new ArrayList<>(List.of(input));
        List<BufferTensorDesc> outputs = new ArrayList<>();
        for (TensorField field : desc.tensorFields()) {
            if (field.kind() == TensorKind.OUTPUT) {
                BufferTensorDesc tensor = (BufferTensorDesc) field.desc();
                outputs.add(tensor);
                arrays.add(new byte[(int) tensor.totalTensorSizeInBytes()]);
            }
        }
        byte[] got = real.executeArrays(desc, arrays).get(output);
        BufferTensorDesc tensor = outputs.get(output);
        int width = tensor.dataType().sizeInBytes();
        long count = tensor.sizes().stream().mapToLong(Long::longValue).reduce(1, (a, b) -> a * b);
        ByteBuffer b = ByteBuffer.wrap(got).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> values = new ArrayList<>();
        for (int e = 0; e < count; e++) {
            values.add(switch (width) {
                case 1 -> b.get(e) & 0xFFL;
                case 4 -> b.getInt(e * 4) & 0xFFFF_FFFFL;
                default -> b.getLong(e * 8);
            });
        }
        System.out.println("PROBE " + desc.operatorType().name() + " output " + output + ": " + values);
        return values;
    }

    private static List<Long> bits(float... values) {
        List<Long> bits = new ArrayList<>();
        for (float v : values) {
            bits.add(Float.floatToRawIntBits(v) & 0xFFFF_FFFFL);
        }
        return bits;
    }

    private static byte[] float32(float[][] rows) {
        ByteBuffer b = ByteBuffer.allocate(rows.length * rows[0].length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float[] row : rows) {
            for (float v : row) {
                b.putFloat(v);
            }
        }
        return b.array();
    }

    private static byte[] ints(int width, long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * width).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            if (width == 4) {
                b.putInt((int) v);
            } else {
                b.putLong(v);
            }
        }
        return b.array();
    }
}
