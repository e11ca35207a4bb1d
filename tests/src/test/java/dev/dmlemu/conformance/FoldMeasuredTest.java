package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How the real DLL sums FOLD's overlapping windows (docs/directml-behaviour.md §16.9): in row-major block order from
 * +0, each FLOAT32 step rounded, with x86's NaN rules; INT8 and UINT8 summed wide and saturated once, the other
 * integers wrapping; uncovered elements written 0; FLOAT64 not compiled on the device; and what a Dilations value of 0
 * does (reads outside the window, which the emulator refuses).
 */
class FoldMeasuredTest {

    /** A FOLD of {@code out} with the block tensor its window formula gives, every tensor packed. */
    private static FoldOperatorDesc fold(TensorDataType type, long[] out, long[] windows, long[] strides,
            long[] dilations, long[] starts, long[] ends) {
        int k = windows.length;
        long windowElements = 1;
        long blocks = 1;
        for (int d = 0; d < k; d++) {
            windowElements *= windows[d];
            blocks *= (out[d + 2] + starts[d] + ends[d] - dilations[d] * (windows[d] - 1) - 1) / strides[d] + 1;
        }
        return new FoldOperatorDesc(BufferTensorDesc.packed(type, out[0], out[1] * windowElements, blocks),
                BufferTensorDesc.packed(type, out), k, list(windows), list(strides), list(dilations), list(starts),
                list(ends));
    }

    /** 1-D, one batch and channel. */
    private static FoldOperatorDesc fold1(TensorDataType type, long out, long window, long stride, long dilation,
            long pad) {
        return fold(type, new long[] {1, 1, out}, new long[] {window}, new long[] {stride}, new long[] {dilation},
                new long[] {pad}, new long[] {pad});
    }

    @Test
    void floatSumsRunInBlockOrderFromPositiveZeroAndUncoveredElementsAreZero() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("FoldMeasuredTest");
        // Windows of 3 over 5 elements; input rows are window elements, columns blocks. Element 2 gets block 0 from
        // window element 2, block 1 from 1, block 2 from 0.
        FoldOperatorDesc three = fold1(TensorDataType.FLOAT32, 5, 3, 1, 1, 0);
        float[] in = new float[9];
        in[2] = 1f;
        in[4] = 1e8f;
        in[6] = -1e8f;
        // Blocks in order: (-1e8 + 1e8) + 1 = 1; window elements in order would give (1 + 1e8) - 1e8 = 0.
        assertEquals(bits(0, 0, 1, 0, 0), words(real.executeArrays(three, List.of(floats(in),
                floats(7, 7, 7, 7, 7))).get(0), 5));
        in[2] = -1e8f;
        in[6] = 1f;
        // Blocks in order: (1 + 1e8) - 1e8 = 0; window elements in order would give 1.
        assertEquals(bits(0, 0, 0, 0, 0), words(real.executeArrays(three, List.of(floats(in),
                floats(7, 7, 7, 7, 7))).get(0), 5));
        // Only -0.0: +0 everywhere, as 0 + -0.0 gives.
        float[] negativeZeros = new float[9];
        Arrays.fill(negativeZeros, -0f);
        assertEquals(bits(0, 0, 0, 0, 0), words(real.executeArrays(three, List.of(floats(negativeZeros),
                floats(7, 7, 7, 7, 7))).get(0), 5));
        // Padding 1 each side: 2 + 10, 3 + 20 + 100, 30 + 200.
        assertEquals(bits(12, 123, 230), words(real.executeArrays(fold1(TensorDataType.FLOAT32, 3, 3, 1, 1, 1),
                List.of(floats(1, 2, 3, 10, 20, 30, 100, 200, 300), floats(7, 7, 7))).get(0), 3));
        // Stride 2 with windows of 1: the elements between the windows are written 0.
        assertEquals(bits(1, 0, 2, 0, 3), words(real.executeArrays(fold1(TensorDataType.FLOAT32, 5, 1, 2, 1, 0),
                List.of(floats(1, 2, 3), floats(7, 7, 7, 7, 7))).get(0), 5));
    }

    @Test
    void nanRulesAreX86sWithTheRunningSumFirst() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("FoldMeasuredTest");
        // Windows of 2 over 3: element 0 gets [w0 b0]; element 1 gets [w1 b0] then [w0 b1]; element 2 gets [w1 b1].
        // Input order: w0 b0, w0 b1, w1 b0, w1 b1.
        FoldOperatorDesc two = fold1(TensorDataType.FLOAT32, 3, 2, 1, 1, 0);
        assertEquals(List.of(0x7FC0_0001, 0xFFC0_0003, 0), words(real.executeArrays(two, List.of(
                ints(0x7F80_0001, 0x7FC0_0002, 0xFFC0_0003, 0x8000_0000), new byte[12])).get(0), 3));
        assertEquals(List.of(0x0000_0001, 0xFFC0_0000, 0x8000_0001), words(real.executeArrays(two, List.of(
                ints(0x0000_0001, 0x7F80_0000, 0xFF80_0000, 0x8000_0001), new byte[12])).get(0), 3));
        assertEquals(List.of(0x3F80_0000, 0x7FC0_0009, 0x007F_FFFF), words(real.executeArrays(two, List.of(
                ints(0x3F80_0000, 0xFFA0_0005, 0x7FC0_0009, 0x007F_FFFF), new byte[12])).get(0), 3));
    }

    @Test
    void randomFloatSumsMatchTheBlockOrderAndNoOtherOrder() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("FoldMeasuredTest");
        Random r = new Random(0xF01D);
        int[] matches = new int[4];
        for (int probe = 0; probe < 30; probe++) {
            int k = 1 + probe % 3;
            long[] out = new long[k + 2];
            long[] windows = new long[k];
            long[] strides = new long[k];
            long[] dilations = new long[k];
            long[] starts = new long[k];
            long[] ends = new long[k];
            out[0] = 1 + r.nextInt(2);
            out[1] = 1 + r.nextInt(2);
            for (int d = 0; d < k; d++) {
                windows[d] = 2 + r.nextInt(k == 1 ? 4 : k == 2 ? 3 : 2);
                strides[d] = 1 + r.nextInt(2);
                dilations[d] = 1 + r.nextInt(2);
                starts[d] = r.nextInt(2);
                ends[d] = r.nextInt(2);
                out[d + 2] = dilations[d] * (windows[d] - 1) + 1 + r.nextInt(k == 3 ? 3 : 6);
            }
            FoldOperatorDesc desc = fold(TensorDataType.FLOAT32, out, windows, strides, dilations, starts, ends);
            List<Long> inSizes = ((BufferTensorDesc) desc.inputTensor()).sizes();
            float[] in = new float[(int) (inSizes.get(0) * inSizes.get(1) * inSizes.get(2))];
            for (int i = 0; i < in.length; i++) {
                in[i] = (float) (r.nextGaussian() * Math.pow(10, r.nextInt(9) - 4));
            }
            long outElements = Arrays.stream(out).reduce(1, Math::multiplyExact);
            ByteBuffer got = ByteBuffer.wrap(real.executeArrays(desc, List.of(floats(in),
                    new byte[(int) outElements * 4])).get(0)).order(ByteOrder.LITTLE_ENDIAN);
            for (int e = 0; e < outElements; e++) {
                List<Float> terms = termsInBlockOrder(desc, out, in, e);
                float blocks = 0;
                float windowOrder = 0;
                double wide = 0;
                for (int t = 0; t < terms.size(); t++) {
                    blocks += terms.get(t);
                    windowOrder += terms.get(terms.size() - 1 - t);
                    wide += terms.get(t);
                }
                int dll = got.getInt(e * 4);
                matches[0] += dll == Float.floatToRawIntBits(blocks) ? 1 : 0;
                matches[1] += dll == Float.floatToRawIntBits(windowOrder) ? 1 : 0;
                matches[2] += dll == Float.floatToRawIntBits((float) wide) ? 1 : 0;
                matches[3]++;
            }
        }
        System.out.println("FoldMeasuredTest: of " + matches[3] + " FLOAT32 elements, block order matched "
                + matches[0] + ", window order " + matches[1] + ", a double sum rounded once " + matches[2]);
        assertEquals(matches[3], matches[0]);
        assertTrue(matches[1] < matches[3] && matches[2] < matches[3], "the probes tell the orders apart");
    }

    /** The input values landing on output element {@code e}, blocks in row-major order (window elements descending). */
    private static List<Float> termsInBlockOrder(FoldOperatorDesc desc, long[] out, float[] in, long e) {
        int k = out.length - 2;
        long[] at = new long[out.length];
        long rest = e;
        for (int d = out.length - 1; d >= 0; d--) {
            at[d] = rest % out[d];
            rest /= out[d];
        }
        long[] blockCounts = new long[k];
        long windowElements = 1;
        long blocks = 1;
        for (int d = 0; d < k; d++) {
            blockCounts[d] = (out[d + 2] + desc.startPadding().get(d) + desc.endPadding().get(d)
                    - desc.dilations().get(d) * (desc.windowSizes().get(d) - 1) - 1) / desc.strides().get(d) + 1;
            windowElements *= desc.windowSizes().get(d);
            blocks *= blockCounts[d];
        }
        List<Float> terms = new ArrayList<>();
        for (long b = 0; b < blocks; b++) {
            long w = 0;
            long left = b;
            long[] block = new long[k];
            for (int d = k - 1; d >= 0; d--) {
                block[d] = left % blockCounts[d];
                left /= blockCounts[d];
            }
            boolean lands = true;
            for (int d = 0; d < k; d++) {
                long reach = at[d + 2] + desc.startPadding().get(d) - block[d] * desc.strides().get(d);
                long dilation = desc.dilations().get(d);
                lands &= reach >= 0 && reach % dilation == 0 && reach / dilation < desc.windowSizes().get(d);
                w = w * desc.windowSizes().get(d) + reach / dilation;
            }
            if (lands) {
                long row = at[1] * windowElements + w;
                terms.add(in[(int) ((at[0] * out[1] * windowElements + row) * blocks + b)]);
            }
        }
        return terms;
    }

    @Test
    void eightBitSumsSaturateOnceAndWiderOnesWrap() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("FoldMeasuredTest");
        // Windows of 3 over 5: element 2 sums block 0 (window row 2), block 1 (row 1), block 2 (row 0).
        long[][] sums = {{100, 100, -100}, {-100, -100, 100}, {-128, -128, 127}, {200, 100, 0}, {255, 255, 255},
            {127, 1, -1}};
        List<Long> int8 = new ArrayList<>();
        List<Long> uint8 = new ArrayList<>();
        List<Long> int32 = new ArrayList<>();
        for (long[] terms : sums) {
            int8.add(elementTwo(real, TensorDataType.INT8, terms));
            uint8.add(elementTwo(real, TensorDataType.UINT8, terms));
            int32.add(elementTwo(real, TensorDataType.INT32, terms));
        }
        // INT8 (200 is -56): 100, -100, -129 saturated, 44, -3, 127: no saturation before the last step.
        assertEquals(List.of(100L, -100L, -128L, 44L, -3L, 127L), int8);
        // UINT8 (-100 is 156, -128 is 128, -1 is 255): 356, 412, 383, 300, 765, 383 all saturate.
        assertEquals(List.of(255L, 255L, 255L, 255L, 255L, 255L), uint8);
        assertEquals(List.of(100L, -100L, -129L, 300L, 765L, 127L), int32);
        // INT32 and UINT32, INT64 and UINT64 wrap: twice 2^31 - 16 is -32, twice 2^63 - 16 is -32.
        for (TensorDataType type : List.of(TensorDataType.INT32, TensorDataType.UINT32, TensorDataType.INT64,
                TensorDataType.UINT64)) {
            long big = type.sizeInBytes() == 4 ? 0x7FFF_FFF0L : 0x7FFF_FFFF_FFFF_FFF0L;
            assertEquals(-32L, elementTwo(real, type, new long[] {big, big, 0}), type.name());
        }
    }

    /** Element 2 of a 1-D FOLD of windows of 3 over 5 whose block 0, 1 and 2 terms are {@code terms}. */
    private static long elementTwo(RealDirectMl real, TensorDataType type, long[] terms) throws IOException {
        int size = type.sizeInBytes();
        byte[] in = new byte[9 * size];
        int[] slots = {6, 4, 2};
        for (int t = 0; t < 3; t++) {
            for (int j = 0; j < size; j++) {
                in[slots[t] * size + j] = (byte) (terms[t] >> (8 * j));
            }
        }
        byte[] got = real.executeArrays(fold1(type, 5, 3, 1, 1, 0), List.of(in, new byte[5 * size])).get(0);
        ByteBuffer b = ByteBuffer.wrap(got).order(ByteOrder.LITTLE_ENDIAN);
        return switch (type) {
            case INT8 -> b.get(2);
            case UINT8 -> b.get(2) & 0xFFL;
            case INT32, UINT32 -> b.getInt(8);
            default -> b.getLong(16);
        };
    }

    @Test
    void float64DoesNotCompileOnTheDevice() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("FoldMeasuredTest");
        IOException refused = assertThrows(IOException.class, () -> real.executeArrays(
                fold1(TensorDataType.FLOAT64, 3, 2, 1, 1, 0), List.of(new byte[32], new byte[24])));
        assertTrue(refused.getMessage().contains("CompileOperator returned 0x887a0004"), refused.getMessage());
    }

    @Test
    void aDilationOfZeroReadsOutsideTheWindow() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("FoldMeasuredTest");
        // 1-D, windows of 3, Dilations 0 over 4 elements (4 blocks): zeros, though every window covers an element.
        assertEquals(bits(0, 0, 0, 0), words(real.executeArrays(fold1(TensorDataType.FLOAT32, 4, 3, 1, 0, 0),
                List.of(floats(1, 2, 3, 4, 10, 20, 30, 40, 100, 200, 300, 400), floats(7, 7, 7, 7))).get(0), 4));
        // [1, 3, 1, 1, 3] from windows (1, 2, 2), Dilations (2, 2, 0), paddings (2, 2, 1) and (1, 2, 1): 4 rows and
        // 60 blocks per channel. Each input element holds its row in the high half and its block + 1 in the low one.
        FoldOperatorDesc desc = fold(TensorDataType.INT64, new long[] {1, 3, 1, 1, 3}, new long[] {1, 2, 2},
                new long[] {1, 1, 1}, new long[] {2, 2, 0}, new long[] {2, 2, 1}, new long[] {1, 2, 1});
        long[] in = new long[12 * 60];
        for (int i = 0; i < in.length; i++) {
            in[i] = ((long) (i / 60) << 32) | (i % 60 + 1);
        }
        ByteBuffer b = ByteBuffer.allocate(in.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : in) {
            b.putLong(v);
        }
        ByteBuffer got = ByteBuffer.wrap(real.executeArrays(desc, List.of(b.array(), new byte[72])).get(0))
                .order(ByteOrder.LITTLE_ENDIAN);
        List<Long> read = new ArrayList<>();
        for (int e = 0; e < 9; e++) {
            read.add(got.getLong(e * 8));
        }
        // Channel 0 gets 0; channel c > 0 reads row 4c - 1, the previous channel's last row, blocks 36 to 38
        // (block (2, 1, x + 1): the middle coordinate is one no window element reaches with Dilations 2).
        assertEquals(List.of(0L, 0L, 0L, 3L << 32 | 37, 3L << 32 | 38, 3L << 32 | 39, 7L << 32 | 37, 7L << 32 | 38,
                7L << 32 | 39), read);
    }

    private static List<Long> list(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    private static byte[] ints(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putInt((int) v);
        }
        return b.array();
    }

    /** FLOAT32 values as their bits, compared as ints so that -0.0 and NaN payloads count. */
    private static List<Integer> bits(float... values) {
        List<Integer> bits = new ArrayList<>();
        for (float v : values) {
            bits.add(Float.floatToRawIntBits(v));
        }
        return bits;
    }

    private static List<Integer> words(byte[] bytes, int count) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> words = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            words.add(b.getInt(i * 4));
        }
        return words;
    }
}
