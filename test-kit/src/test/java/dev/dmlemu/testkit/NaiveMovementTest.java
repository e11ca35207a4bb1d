package dev.dmlemu.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.SliceOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The data-movement references pinned to the docs' examples and to outputs worked out by hand. */
class NaiveMovementTest {

    private static final BufferTensorDesc FOUR_BY_FOUR = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 4, 4);

    private static List<byte[]> slice(List<Long> offsets, List<Long> sizes, List<Long> strides) {
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes.stream().mapToLong(s -> s)
                .toArray());
        return NaiveSlice.run(new MovementCase(new SliceOperatorDesc(FOUR_BY_FOUR, out, 4, offsets, sizes, strides),
                List.of(TensorBytes.of(Bytes.oneTo(16))),
                List.of(TensorBytes.of(new byte[(int) out.totalTensorSizeInBytes()]))));
    }

    @Test
    void sliceDocsExamples() {
        // DML_SLICE_OPERATOR_DESC, examples 1 and 2, on 1..16 in {1,1,4,4}.
        assertArrayEquals(Bytes.floats(7, 8, 11, 12, 15, 16),
                slice(List.of(0L, 0L, 1L, 2L), List.of(1L, 1L, 3L, 2L), List.of(1L, 1L, 1L, 1L)).get(0));
        assertArrayEquals(Bytes.floats(5, 8, 13, 16),
                slice(List.of(0L, 0L, 1L, 0L), List.of(1L, 1L, 2L, 2L), List.of(1L, 1L, 2L, 3L)).get(0));
    }

    @Test
    void slice1NegativeStridesStartAtTheWindowsEnd() {
        // Window rows 1-3, columns 0-3; rows stepped by -2 from row 3 (rows 3, 1), columns by -3 from column 3
        // (columns 3, 0): 16, 13, 8, 5.
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2);
        MovementCase c = new MovementCase(new Slice1OperatorDesc(FOUR_BY_FOUR, out, 4, List.of(0L, 0L, 1L, 0L),
                List.of(1L, 1L, 3L, 4L), List.of(1, 1, -2, -3)), List.of(TensorBytes.of(Bytes.oneTo(16))),
                List.of(TensorBytes.of(new byte[16])));
        assertArrayEquals(Bytes.floats(16, 13, 8, 5), NaiveSlice.run(c).get(0));
    }

    @Test
    void joinAndSplitAlongAnAxis() {
        // {2,1} and {2,2} joined along axis 1: rows (1 | 5 6) and (2 | 7 8).
        BufferTensorDesc a = BufferTensorDesc.packed(TensorDataType.INT32, 2, 1);
        BufferTensorDesc b = BufferTensorDesc.packed(TensorDataType.INT32, 2, 2);
        BufferTensorDesc whole = BufferTensorDesc.packed(TensorDataType.INT32, 2, 3);
        MovementCase join = new MovementCase(new JoinOperatorDesc(2, List.of(a, b), whole, 1),
                List.of(TensorBytes.of(Bytes.ints(1, 2)), TensorBytes.of(Bytes.ints(5, 6, 7, 8))),
                List.of(TensorBytes.of(new byte[24])));
        assertArrayEquals(Bytes.ints(1, 5, 6, 2, 7, 8), NaiveJoin.run(join).get(0));
        MovementCase split = new MovementCase(new SplitOperatorDesc(whole, 2, List.of(a, b), 1),
                List.of(TensorBytes.of(Bytes.ints(1, 5, 6, 2, 7, 8))),
                List.of(TensorBytes.of(new byte[8]), TensorBytes.of(new byte[16])));
        List<byte[]> parts = NaiveJoin.run(split);
        assertEquals(2, parts.size());
        assertArrayEquals(Bytes.ints(1, 2), parts.get(0));
        assertArrayEquals(Bytes.ints(5, 6, 7, 8), parts.get(1));
    }


    @Test
    void fillWritesTheValueThroughTheStridesOnly() {
        // {2} with stride 2 over 3 elements: elements 0 and 2 become 0x01020304, element 1 keeps 9.
        BufferTensorDesc out = new BufferTensorDesc(TensorDataType.UINT32, TensorFlags.NONE, 1, List.of(2L),
                Optional.of(List.of(2L)), 12, 0);
        MovementCase c = new MovementCase(new FillValueConstantOperatorDesc(out, TensorDataType.UINT32,
                new ScalarUnion(0x01020304L)), List.of(), List.of(TensorBytes.of(Bytes.ints(0, 9, 0))));
        assertArrayEquals(Bytes.ints(0x01020304, 9, 0x01020304), NaiveFillValueConstant.run(c).get(0));
    }

    @Test
    void sequenceWrapsIntegersAndRoundsFloatsAsMeasured() {
        // Measured: INT8 from 100 by 10 gives 100 110 120 -126; UINT32 from 2^32 - 2 by 1 gives 4294967294 4294967295 0 1.
        BufferTensorDesc i8 = BufferTensorDesc.packed(TensorDataType.INT8, 4);
        MovementCase bytes = new MovementCase(new FillValueSequenceOperatorDesc(i8, TensorDataType.INT8,
                ScalarUnion.ofInteger(TensorDataType.INT8, 100), ScalarUnion.ofInteger(TensorDataType.INT8, 10)),
                List.of(), List.of(TensorBytes.of(new byte[4])));
        assertArrayEquals(Bytes.bytes(100, 110, 120, -126), NaiveFillValueSequence.run(bytes).get(0));
        BufferTensorDesc u32 = BufferTensorDesc.packed(TensorDataType.UINT32, 4);
        MovementCase words = new MovementCase(new FillValueSequenceOperatorDesc(u32, TensorDataType.UINT32,
                ScalarUnion.ofInteger(TensorDataType.UINT32, 0xFFFF_FFFEL), ScalarUnion.ofInteger(TensorDataType.UINT32, 1)),
                List.of(), List.of(TensorBytes.of(new byte[16])));
        assertArrayEquals(Bytes.ints(0xFFFF_FFFEL, 0xFFFF_FFFFL, 0, 1), NaiveFillValueSequence.run(words).get(0));
        // 2^24 + 1 is not a float: from 2^24 by 1 the second element rounds back to 2^24, the third is 2^24 + 2.
        BufferTensorDesc f32 = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3);
        MovementCase floats = new MovementCase(new FillValueSequenceOperatorDesc(f32, TensorDataType.FLOAT32,
                ScalarUnion.of(TensorDataType.FLOAT32, 16777216), ScalarUnion.of(TensorDataType.FLOAT32, 1)),
                List.of(), List.of(TensorBytes.of(new byte[12])));
        assertArrayEquals(Bytes.floats(16777216f, 16777216f, 16777218f), NaiveFillValueSequence.run(floats).get(0));
    }

    @Test
    void cumulativeSumsAndProductsEveryWay() {
        // [2, 1, 3, 4]: sums 2 3 6 10, exclusive 0 2 3 6, decreasing 10 8 7 4; products 2 2 6 24,
        // exclusive decreasing 12 12 4 1.
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.INT32, 4);
        byte[] in = Bytes.ints(2, 1, 3, 4);
        assertArrayEquals(Bytes.ints(2, 3, 6, 10), scan(new CumulativeSummationOperatorDesc(t, t, 0,
                AxisDirection.INCREASING, false), in));
        assertArrayEquals(Bytes.ints(0, 2, 3, 6), scan(new CumulativeSummationOperatorDesc(t, t, 0,
                AxisDirection.INCREASING, true), in));
        assertArrayEquals(Bytes.ints(10, 8, 7, 4), scan(new CumulativeSummationOperatorDesc(t, t, 0,
                AxisDirection.DECREASING, false), in));
        assertArrayEquals(Bytes.ints(2, 2, 6, 24), scan(new CumulativeProductOperatorDesc(t, t, 0,
                AxisDirection.INCREASING, false), in));
        assertArrayEquals(Bytes.ints(12, 12, 4, 1), scan(new CumulativeProductOperatorDesc(t, t, 0,
                AxisDirection.DECREASING, true), in));
    }

    private static byte[] scan(dev.dmlemu.desc.OperatorDesc desc, byte[] input) {
        return NaiveCumulative.run(new MovementCase(desc, List.of(TensorBytes.of(input)),
                List.of(TensorBytes.of(new byte[input.length])))).get(0);
    }

    @Test
    void paddingEveryModeByHand() {
        // [1, 2, 3] padded by 2 on each side.
        BufferTensorDesc in = BufferTensorDesc.packed(TensorDataType.INT32, 3);
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.INT32, 7);
        long[][] expected = {{9, 9, 1, 2, 3, 9, 9}, {1, 1, 1, 2, 3, 3, 3}, {3, 2, 1, 2, 3, 2, 1},
            {2, 1, 1, 2, 3, 3, 2}, {2, 3, 1, 2, 3, 1, 2}};
        PaddingMode[] modes = {PaddingMode.CONSTANT, PaddingMode.EDGE, PaddingMode.REFLECTION, PaddingMode.SYMMETRIC,
            PaddingMode.WRAP};
        for (int m = 0; m < modes.length; m++) {
            MovementCase c = new MovementCase(new Padding1OperatorDesc(in, out, modes[m], TensorDataType.INT32,
                    ScalarUnion.ofInteger(TensorDataType.INT32, 9), 1, List.of(2L), List.of(2L)),
                    List.of(TensorBytes.of(Bytes.ints(1, 2, 3))), List.of(TensorBytes.of(new byte[28])));
            assertArrayEquals(Bytes.ints(expected[m]), NaivePadding.run(c).get(0), modes[m].name());
        }
    }

    @Test
    void paddingValueConversionAsMeasured() {
        // Measured (PaddingValueMeasuredTest): INT8 255.5 -> -1, UINT32 -3e9 -> 1294967296, INT32 3e9 and NaN -> -2^31.
        assertEquals(-1, (byte) NaivePadding.fromFloat(255.5f, TensorDataType.INT8));
        assertEquals(1294967296L, NaivePadding.fromFloat(-3e9f, TensorDataType.UINT32) & 0xFFFF_FFFFL);
        assertEquals(Integer.MIN_VALUE, (int) NaivePadding.fromFloat(3e9f, TensorDataType.INT32));
        assertEquals(Integer.MIN_VALUE, (int) NaivePadding.fromFloat(Float.NaN, TensorDataType.INT32));
        assertEquals(Long.MIN_VALUE, NaivePadding.fromFloat(2e19f, TensorDataType.UINT64));
    }

    @Test
    void tileRepeatsTheInput() {
        // [[1, 2]] tiled {2, 2}: [[1, 2, 1, 2], [1, 2, 1, 2]].
        BufferTensorDesc in = BufferTensorDesc.packed(TensorDataType.UINT8, 1, 2);
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.UINT8, 2, 4);
        MovementCase c = new MovementCase(new dev.dmlemu.desc.TileOperatorDesc(in, out, 2, List.of(2L, 2L)),
                List.of(TensorBytes.of(Bytes.bytes(1, 2, 0, 0))), List.of(TensorBytes.of(new byte[8])));
        assertArrayEquals(Bytes.bytes(1, 2, 1, 2, 1, 2, 1, 2), NaiveTile.run(c).get(0));
    }

    @Test
    void depthToSpaceAndBackInBothOrders() {
        // Depth [1, 8, 1, 1] = 0..7, block 2, 2 channels. DEPTH_COLUMN_ROW: out[c, i, j] = in[(2i + j) * 2 + c], so
        // channel 0 is 0 2 4 6 and channel 1 is 1 3 5 7; COLUMN_ROW_DEPTH: out[c, i, j] = in[4c + 2i + j], 0..7.
        BufferTensorDesc depth = BufferTensorDesc.packed(TensorDataType.UINT8, 1, 8, 1, 1);
        BufferTensorDesc spatial = BufferTensorDesc.packed(TensorDataType.UINT8, 1, 2, 2, 2);
        byte[] ramp = Bytes.bytes(0, 1, 2, 3, 4, 5, 6, 7);
        byte[] dcr = Bytes.bytes(0, 2, 4, 6, 1, 3, 5, 7);
        assertArrayEquals(dcr, NaiveDepthSpace.run(new MovementCase(new dev.dmlemu.desc.DepthToSpaceOperatorDesc(depth,
                spatial, 2), List.of(TensorBytes.of(ramp)), List.of(TensorBytes.of(new byte[8])))).get(0));
        assertArrayEquals(ramp, NaiveDepthSpace.run(new MovementCase(new dev.dmlemu.desc.DepthToSpace1OperatorDesc(
                depth, spatial, 2, dev.dmlemu.desc.DepthSpaceOrder.COLUMN_ROW_DEPTH), List.of(TensorBytes.of(ramp)),
                List.of(TensorBytes.of(new byte[8])))).get(0));
        assertArrayEquals(ramp, NaiveDepthSpace.run(new MovementCase(new dev.dmlemu.desc.SpaceToDepthOperatorDesc(
                spatial, depth, 2), List.of(TensorBytes.of(dcr)), List.of(TensorBytes.of(new byte[8])))).get(0));
    }

    @Test
    void sliceGradDocsExample() {
        // DML_SLICE_GRAD's example: a window over 4x4 stepping by 2 both ways takes [[a, c], [i, k]]; the gradient
        // [[1, 2], [3, 4]] goes back to those places and every other element is 0.
        BufferTensorDesc gradient = BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 2);
        BufferTensorDesc large = BufferTensorDesc.packed(TensorDataType.FLOAT32, 4, 4);
        MovementCase c = new MovementCase(new dev.dmlemu.desc.SliceGradOperatorDesc(gradient, large, 2,
                List.of(0L, 0L), List.of(4L, 4L), List.of(2, 2)), List.of(TensorBytes.of(Bytes.floats(1, 2, 3, 4))),
                List.of(TensorBytes.of(Bytes.oneTo(16))));
        assertArrayEquals(Bytes.floats(1, 0, 2, 0, 0, 0, 0, 0, 3, 0, 4, 0, 0, 0, 0, 0), NaiveSliceGrad.run(c).get(0));
    }

    /** A 1-D FOLD of {@code out} elements from packed blocks, the output first filled with 7s (or 7 bytes). */
    private static byte[] fold(TensorDataType type, long out, long window, long stride, long dilation, long pad,
            byte[] input) {
        long blocks = (out + 2 * pad - dilation * (window - 1) - 1) / stride + 1;
        FoldOperatorDesc desc = new FoldOperatorDesc(BufferTensorDesc.packed(type, 1, window, blocks),
                BufferTensorDesc.packed(type, 1, 1, out), 1, List.of(window), List.of(stride), List.of(dilation),
                List.of(pad), List.of(pad));
        byte[] filled = new byte[(int) out * type.sizeInBytes()];
        java.util.Arrays.fill(filled, (byte) 7);
        return NaiveFold.run(new MovementCase(desc, List.of(TensorBytes.of(input)), List.of(TensorBytes.of(filled))))
                .get(0);
    }

    @Test
    void maxPoolingTiesGiveTheValueTheRealDllChose() {
        for (MaxPoolingTieProbes.Probe probe : MaxPoolingTieProbes.MEASURED) {
            List<byte[]> r = NaiveMaxPooling.run(probe.toCase());
            for (int n = 0; n < probe.outputs(); n++) {
                int element = n;
                assertEquals(MaxPoolingTieProbes.expectedBits(probe, n), MaxPoolingTieProbes.valueBits(probe,
                        r.get(0), n), () -> probe + " output " + element);
                if (probe.indices() != MaxPoolingTieProbes.Indices.NONE) {
                    assertEquals(2L * n, MaxPoolingTieProbes.index(probe, r.get(1), n), probe::toString);
                }
            }
        }
    }

    @Test
    void wholeInputMaxPoolingsWithoutIndicesReduceAsTheRealDllDid() {
        for (MaxPoolingReductionProbes.Probe probe : MaxPoolingReductionProbes.MODELLED) {
            assertEquals(probe.expectedList(), probe.read(NaiveMaxPooling.run(probe.toCase()).get(0)),
                    probe::toString);
        }
        for (MaxPoolingReductionProbes.Probe probe : MaxPoolingReductionProbes.UNMODELLED) {
            assertThrows(IllegalArgumentException.class, () -> NaiveMaxPooling.run(probe.toCase()),
                    probe::toString);
        }
    }

    @Test
    void foldSumsInBlockOrderFromZeroAsMeasured() {
        // Rows are window elements, columns blocks. Windows of 3 over 3 with padding 1: x gets (w, b) with
        // b - 1 + w = x, so 2 + 10, 3 + 20 + 100, 30 + 200.
        assertArrayEquals(Bytes.floats(12, 123, 230), fold(TensorDataType.FLOAT32, 3, 3, 1, 1, 1,
                Bytes.floats(1, 2, 3, 10, 20, 30, 100, 200, 300)));
        // Element 2 of 5 gets block 0 (-1e8), block 1 (1e8), block 2 (1), in that order: 1, where the window order
        // would give (1 + 1e8) - 1e8 = 0. Elements no window element lands on, or with only zeros, are +0.
        float[] order = new float[9];
        order[2] = 1f;
        order[4] = 1e8f;
        order[6] = -1e8f;
        assertArrayEquals(Bytes.floats(0, 0, 1, 0, 0), fold(TensorDataType.FLOAT32, 5, 3, 1, 1, 0,
                Bytes.floats(order)));
        // Stride 2 with windows of 1 leaves every other element uncovered: written 0, not left alone.
        assertArrayEquals(Bytes.floats(1, 0, 2, 0, 3), fold(TensorDataType.FLOAT32, 5, 1, 2, 1, 0,
                Bytes.floats(1, 2, 3)));
        // -0.0 alone gives +0 (0 + -0.0); a signaling NaN comes out quiet; of two NaNs the running sum's wins.
        assertArrayEquals(Bytes.ints(0x7FC0_0001, 0xFFC0_0003L, 0), fold(TensorDataType.FLOAT32, 3, 2, 1, 1, 0,
                Bytes.ints(0x7F80_0001, 0x7FC0_0002, 0xFFC0_0003L, 0x8000_0000L)));
    }

    @Test
    void foldSaturatesEightBitSumsOnceAndWrapsTheOthers() {
        // Windows of 3 over 5: element 2 gets blocks 0, 1, 2 from window rows 2, 1, 0.
        byte[] in = new byte[9];
        in[6] = 100;
        in[4] = 100;
        in[2] = -100;
        assertArrayEquals(Bytes.bytes(0, 0, 100, 0, 0), fold(TensorDataType.INT8, 5, 3, 1, 1, 0, in));
        in[6] = -128;
        in[4] = -128;
        in[2] = 127;
        assertArrayEquals(Bytes.bytes(0, 0, -128, 0, 0), fold(TensorDataType.INT8, 5, 3, 1, 1, 0, in));
        // UINT8 200 + 100 is 255.
        in[6] = (byte) 200;
        in[4] = 100;
        in[2] = 0;
        assertArrayEquals(Bytes.bytes(0, 0, 255, 0, 0), fold(TensorDataType.UINT8, 5, 3, 1, 1, 0, in));
        // INT32 2^31 - 1 + 1 - 1 stays; 2 * (2^31 - 16) wraps to -32.
        assertArrayEquals(Bytes.ints(0, 0, 0x7FFF_FFFF, 0, 0), fold(TensorDataType.INT32, 5, 3, 1, 1, 0,
                Bytes.ints(0, 0, -1, 0, 1, 0, 0x7FFF_FFFF, 0, 0)));
        assertArrayEquals(Bytes.ints(5, -32, -3), fold(TensorDataType.INT32, 3, 2, 1, 1, 0,
                Bytes.ints(5, 0x7FFF_FFF0, 0x7FFF_FFF0, -3)));
    }
}
