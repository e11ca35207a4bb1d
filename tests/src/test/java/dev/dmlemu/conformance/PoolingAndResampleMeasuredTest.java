package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.Resample3OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.UnfoldOperatorDesc;
import dev.dmlemu.testkit.MaxPoolingReductionProbes;
import dev.dmlemu.testkit.MaxPoolingTieProbes;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Where max pooling and nearest-neighbour resampling make a choice, which one the real DLL makes
 * (docs/directml-behaviour.md §16.9): padding skipped, not read as a value; the type's lowest value for a window
 * with nothing inside the input; NaN never taken; among equal elements the first gives the index, and which gives the
 * value depends on the rank, the indices output, the tensors' layout and the window; the index of a window with
 * nothing greater than the lowest value; the rounding of
 * source coordinates per RESAMPLE version and data type, and where a negative one lands; UNFOLD's padding, and the
 * device's refusal to compile FLOAT64 UNFOLD.
 */
class PoolingAndResampleMeasuredTest {

    private static final float NAN = Float.NaN;
    private static final float LOWEST = -Float.MAX_VALUE;

    @Test
    void maxPoolingSkipsPaddingAndNanAndTakesTheFirstIndexOfEqualElements() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PoolingAndResampleMeasuredTest");
        // [1, 1, 2, 2] of negatives, 2x2 windows, padding 1 all round: the padding never wins.
        List<byte[]> r = real.executeArrays(pooling(TensorDataType.FLOAT32, new long[] {1, 1, 2, 2},
                new long[] {1, 1, 3, 3}, true, new long[] {2, 2}, new long[] {1, 1}, new long[] {1, 1},
                new long[] {1, 1}), List.of(floats(-5, -6, -7, -8), new byte[36], new byte[36]));
        assertEquals(List.of(-5f, -5f, -6f, -5f, -5f, -6f, -7f, -7f, -8f), floatList(r.get(0), 9));
        assertEquals(List.of(0L, 0L, 1L, 0L, 0L, 1L, 2L, 2L, 3L), ints(r.get(1), 9, 4));
        // Windows wholly in the padding: the type's lowest finite value, index 0.
        r = real.executeArrays(pooling(TensorDataType.FLOAT32, new long[] {1, 1, 1, 2}, new long[] {1, 1, 1, 4}, true,
                new long[] {1, 2}, new long[] {1, 1}, new long[] {0, 3}, new long[] {1, 1}),
                List.of(floats(-5, -6), new byte[16], new byte[16]));
        assertEquals(List.of(LOWEST, LOWEST, -5f, -5f), floatList(r.get(0), 4));
        r = real.executeArrays(pooling(TensorDataType.INT32, new long[] {1, 1, 1, 2}, new long[] {1, 1, 1, 4}, true,
                new long[] {1, 2}, new long[] {1, 1}, new long[] {0, 3}, new long[] {1, 1}),
                List.of(new byte[] {-5, -1, -1, -1, -6, -1, -1, -1}, new byte[16], new byte[16]));
        assertEquals(List.of((long) Integer.MIN_VALUE, (long) Integer.MIN_VALUE, -5L, -5L), ints(r.get(0), 4, 4));
        // Pairs: NaN skipped, equal elements (-0.0, 0.0) give the first's index and the last's value.
        float[] pairs = {1, NAN, NAN, 1, -0f, 0f, 0f, -0f, 5, 5, Float.NEGATIVE_INFINITY, NAN, NAN, NAN};
        r = real.executeArrays(pooling(TensorDataType.FLOAT32, new long[] {1, 1, 1, 14}, new long[] {1, 1, 1, 7}, true,
                new long[] {1, 2}, new long[] {1, 2}, new long[] {0, 0}, new long[] {1, 1}),
                List.of(floats(pairs), new byte[28], new byte[28]));
        assertEquals(List.of(1f, 1f, 0f, -0f, 5f, LOWEST, LOWEST), floatList(r.get(0), 7));
        assertEquals(List.of(0L, 3L, 4L, 6L, 8L, 10L, 12L), ints(r.get(1), 7, 4));
        // Without an indices output the first of equal elements gives the value too.
        OperatorDesc plain = new MaxPoolingOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 2), 2, List.of(1L, 2L), List.of(1L, 2L),
                List.of(0L, 0L), List.of(0L, 0L));
        r = real.executeArrays(plain, List.of(floats(-0f, 0f, 0f, -0f), new byte[8]));
        assertEquals(List.of(-0f, 0f), floatList(r.get(0), 2));
        // A window of only -infinity and NaN: the lowest value and its first element inside the input.
        r = real.executeArrays(pooling(TensorDataType.FLOAT32, new long[] {1, 1, 1, 5}, new long[] {1, 1, 1, 6}, true,
                new long[] {1, 2}, new long[] {1, 1}, new long[] {0, 1}, new long[] {1, 1}),
                List.of(floats(Float.NEGATIVE_INFINITY, NAN, Float.NEGATIVE_INFINITY, NAN, NAN), new byte[24],
                        new byte[24]));
        assertEquals(List.of(0L, 0L, 1L, 2L, 3L, 4L), ints(r.get(1), 6, 4));
        // UINT64 indices are flat over the whole input, batch and channel included, dilation and padding applied.
        float[] values = new float[36];
        for (int i = 0; i < values.length; i++) {
            values[i] = (i * 7) % 11;
        }
        r = real.executeArrays(pooling(TensorDataType.FLOAT32, new long[] {2, 2, 3, 3}, new long[] {2, 2, 2, 2}, false,
                new long[] {2, 2}, new long[] {2, 2}, new long[] {1, 1}, new long[] {2, 2}),
                List.of(floats(values), new byte[64], new byte[128]));
        assertEquals(List.of(4L, 4L, 4L, 4L, 13L, 13L, 13L, 13L), ints(r.get(1), 8, 8));
    }

    @Test
    void whichOfEqualElementsGivesTheValueDependsOnRankIndicesLayoutAndWindow() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PoolingAndResampleMeasuredTest");
        for (MaxPoolingTieProbes.Probe probe : MaxPoolingTieProbes.MEASURED) {
            MovementCase c = probe.toCase();
            List<byte[]> r = real.executeArrays(c.desc(), c.all().stream().map(TensorBytes::bytes).toList());
            for (int n = 0; n < probe.outputs(); n++) {
                int element = n;
                assertEquals(MaxPoolingTieProbes.expectedBits(probe, n), MaxPoolingTieProbes.valueBits(probe,
                        r.get(0), n), () -> probe + " output " + element);
                if (probe.indices() != MaxPoolingTieProbes.Indices.NONE) {
                    assertEquals(2L * n, MaxPoolingTieProbes.index(probe, r.get(1), n),
                            () -> probe + " index " + element);
                }
            }
        }
    }

    @Test
    void withoutIndicesAWholeInputWindowIsReduceMax() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PoolingAndResampleMeasuredTest");
        // Spatial output sizes of 1 or the input's: REDUCE MAX over the first; then outputs of other sizes, which the
        // emulator refuses (the DLL's answers for the record).
        for (List<MaxPoolingReductionProbes.Probe> probes : List.of(MaxPoolingReductionProbes.MODELLED,
                MaxPoolingReductionProbes.UNMODELLED)) {
            for (MaxPoolingReductionProbes.Probe probe : probes) {
                MovementCase c = probe.toCase();
                List<byte[]> r = real.executeArrays(c.desc(), c.all().stream().map(TensorBytes::bytes).toList());
                assertEquals(probe.expectedList(), probe.read(r.get(0)), probe::toString);
            }
        }
        // With indices the same window follows the window rule: [3, 3] of 0 5 1 / 6 2 7 / 3 8 4 into [1, 3] with
        // Strides 1 reads columns 0 to 2, 1 to 2 and 2: 8, 8, 7, not the columns' maxima 6, 8, 7.
        MaxPoolingReductionProbes.Probe columns = MaxPoolingReductionProbes.MODELLED.get(0);
        OperatorDesc withIndices = pooling(TensorDataType.INT32, columns.in(), columns.out(), true,
                new long[] {3, 3}, new long[] {1, 1}, new long[] {0, 0}, new long[] {1, 1});
        List<byte[]> r = real.executeArrays(withIndices, List.of(columns.toCase().inputs().get(0).bytes(),
                new byte[12], new byte[12]));
        assertEquals(List.of(8L, 8L, 7L), ints(r.get(0), 3, 4));
    }

    @Test
    void resamplingRoundsPerVersionAndTypeAndANegativeCoordinateReadsTheLastElement() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PoolingAndResampleMeasuredTest");
        // Six elements to seven, scale 1.25, pixel centres: x = (o + 0.5) * 0.8 - 0.5 = -0.1, 0.7, 1.5, ...
        for (TensorDataType type : List.of(TensorDataType.FLOAT32, TensorDataType.INT8)) {
            OperatorDesc one = new Resample1OperatorDesc(BufferTensorDesc.packed(type, 6),
                    BufferTensorDesc.packed(type, 7), InterpolationMode.NEAREST_NEIGHBOR, 1, List.of(1.25f),
                    List.of(0.5f), List.of(-0.5f));
            List<Long> half = List.of(0L, 1L, 2L, 2L, 3L, 4L, 5L);
            List<Long> down = List.of(5L, 0L, 1L, 2L, 3L, 3L, 4L);
            assertEquals(type == TensorDataType.FLOAT32 ? half : down, sources(real, one, type, 6, 7));
            for (AxisDirection direction : AxisDirection.values()) {
                OperatorDesc three = new Resample3OperatorDesc(BufferTensorDesc.packed(type, 6),
                        BufferTensorDesc.packed(type, 7), InterpolationMode.NEAREST_NEIGHBOR, direction, 1,
                        List.of(1.25f), List.of(0.5f), List.of(-0.5f), false);
                assertEquals(direction == AxisDirection.INCREASING ? List.of(0L, 1L, 2L, 3L, 4L, 4L, 5L) : down,
                        sources(real, three, type, 6, 7));
            }
        }
        // Five to three, scale 1/3, offsets -1.5 and 0.5, INCREASING: x(0) = -0.5 * (1 / 0.33333334) + 1.5 is 0 in
        // FLOAT32 (1 / 0.33333334 rounds to 3), yet the device reads element 1; the emulator reads 0.
        OperatorDesc third = new Resample3OperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 5),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 3), InterpolationMode.NEAREST_NEIGHBOR,
                AxisDirection.INCREASING, 1, List.of(0.33333334f), List.of(-1.5f), List.of(0.5f), false);
        assertEquals(List.of(1L, 3L, 4L), sources(real, third, TensorDataType.FLOAT32, 5, 3));
    }

    @Test
    void unfoldPadsWithZerosAndFloat64DoesNotCompileOnTheDevice() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PoolingAndResampleMeasuredTest");
        // [1, 1, 3] of 1, 2, 3, windows of 2, padding 1 each side: blocks [0, 1], [1, 2], [2, 3], [3, 0].
        OperatorDesc unfold = new UnfoldOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 2, 4), 1, List.of(2L), List.of(1L), List.of(1L),
                List.of(1L), List.of(1L));
        byte[] filled = floats(-1, -1, -1, -1, -1, -1, -1, -1);
        List<byte[]> r = real.executeArrays(unfold, List.of(floats(1, 2, 3), filled));
        assertEquals(List.of(0f, 1f, 2f, 3f, 1f, 2f, 3f, 0f), floatList(r.get(0), 8));
        OperatorDesc wide = new UnfoldOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT64, 1, 1, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT64, 1, 2, 4), 1, List.of(2L), List.of(1L), List.of(1L),
                List.of(1L), List.of(1L));
        java.io.IOException refused = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> real.executeArrays(wide, List.of(new byte[24], new byte[64])));
        assertEquals(true, refused.getMessage().contains("CompileOperator returned 0x887a0004"),
                refused.getMessage());
    }

    private static MaxPooling2OperatorDesc pooling(TensorDataType type, long[] in, long[] out, boolean uint32,
            long[] window, long[] strides, long[] start, long[] dilations) {
        TensorDesc indices = BufferTensorDesc.packed(uint32 ? TensorDataType.UINT32 : TensorDataType.UINT64, out);
        return MaxPooling2OperatorDesc.builder().inputTensor(BufferTensorDesc.packed(type, in))
                .outputTensor(BufferTensorDesc.packed(type, out)).outputIndicesTensor(indices).dimensionCount(2)
                .windowSize(list(window)).strides(list(strides)).startPadding(list(start)).endPadding(list(start))
                .dilations(list(dilations)).build();
    }

    /** The source element of each output element, read back from an input holding 0, 1, 2, ... */
    private static List<Long> sources(RealDirectMl real, OperatorDesc desc, TensorDataType type, int in, int out)
            throws Exception {
        ByteBuffer b = ByteBuffer.allocate(in * type.sizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < in; i++) {
            if (type == TensorDataType.FLOAT32) {
                b.putFloat(i);
            } else {
                b.put((byte) i);
            }
        }
        byte[] got = real.executeArrays(desc, List.of(b.array(), new byte[out * type.sizeInBytes()])).get(0);
        List<Long> sources = new ArrayList<>();
        float[] asFloats = type == TensorDataType.FLOAT32 ? floatArray(got, out) : null;
        for (int o = 0; o < out; o++) {
            sources.add(asFloats != null ? (long) asFloats[o] : (long) got[o]);
        }
        return sources;
    }

    private static List<Long> list(long[] values) {
        return java.util.Arrays.stream(values).boxed().toList();
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    private static float[] floatArray(byte[] bytes, int count) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[count];
        for (int i = 0; i < count; i++) {
            values[i] = b.getFloat(i * 4);
        }
        return values;
    }

    /** Floats compared by bits (so -0.0 differs from 0.0) through Float's equals. */
    private static List<Float> floatList(byte[] bytes, int count) {
        List<Float> values = new ArrayList<>();
        for (float v : floatArray(bytes, count)) {
            values.add(v);
        }
        return values;
    }

    private static List<Long> ints(byte[] bytes, int count, int width) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            values.add(width == 8 ? b.getLong(i * 8) : (long) b.getInt(i * 4));
        }
        return values;
    }
}
