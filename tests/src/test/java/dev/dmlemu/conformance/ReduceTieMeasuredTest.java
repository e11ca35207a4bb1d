package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.ReduceTieProbes;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which of equal elements the real DLL's REDUCE MAX and MIN write, and which position its ARGMAX and ARGMIN write, on
 * packed, transposed, padded and broadcast inputs (docs/directml-behaviour.md §16.7): the probes of
 * {@link ReduceTieProbes}, whose expected outputs are the DLL's recorded answers; and the order in which REDUCE MAX
 * walks one axis of a packed {@code [outer, n, inner]} input, which DirectML splits into interleaved parts for some
 * {@code n} and {@code inner} (the emulator's {@code SplitValueWalk}), one axis of transposed inputs, two reduced
 * blocks apart, and inputs of five or more runs, which it reduces as a tree (the emulator's {@code TreeValueWalk}).
 */
class ReduceTieMeasuredTest {

    @Test
    void maxAndMinWriteTheLastOfEqualElementsInTheirWalkAndTheIndicesStayRowMajor() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        for (ReduceTieProbes.Probe probe : ReduceTieProbes.MODELLED) {
            MovementCase c = probe.toCase();
            List<byte[]> r = real.executeArrays(c.desc(), c.all().stream().map(TensorBytes::bytes).toList());
            assertEquals(probe.expectedList(), probe.read(r.get(0)), probe::toString);
        }
    }

    @Test
    void maxWalksSomeAxesAsInterleavedParts() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        // Whole: inner 1, odd n, n of 2, and inner 12; n 4 and 6 with inner 2.
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), walk(real, 2, 8, 1));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8), walk(real, 1, 9, 4));
        assertEquals(List.of(0, 1), walk(real, 3, 2, 4));
        assertEquals(List.of(0, 1, 2, 3), walk(real, 1, 4, 12));
        assertEquals(List.of(0, 1, 2, 3), walk(real, 2, 4, 2));
        assertEquals(List.of(0, 1, 2, 3, 4, 5), walk(real, 1, 6, 2));
        // Split into parts p of n / p elements, element p * (n / p) + q walked q outer, p inner.
        assertEquals(List.of(0, 2, 1, 3), walk(real, 3, 4, 4));
        assertEquals(List.of(0, 3, 1, 4, 2, 5), walk(real, 1, 6, 3));
        assertEquals(List.of(0, 4, 1, 5, 2, 6, 3, 7), walk(real, 1, 8, 2));
        assertEquals(List.of(0, 2, 4, 6, 1, 3, 5, 7), walk(real, 2, 8, 4));
        assertEquals(List.of(0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11), walk(real, 1, 12, 3));
        // With 2 to 7 inside, the largest power of two dividing n, at most 64, whose parts times inner reach 8.
        assertEquals(split(8, 4), walk(real, 64, 8, 5));
        assertEquals(split(16, 8), walk(real, 64, 16, 7));
        assertEquals(split(24, 4), walk(real, 256, 24, 2));
        assertEquals(split(48, 16), walk(real, 256, 48, 3));
        assertEquals(split(128, 32), walk(real, 1024, 128, 2));
        // With 8 or more inside, axes of up to 96 whole, longer ones in the largest power of two, at most 64.
        assertEquals(split(96, 1), walk(real, 256, 96, 8));
        assertEquals(split(100, 4), walk(real, 256, 100, 8));
        assertEquals(split(112, 16), walk(real, 128, 112, 16));
        assertEquals(split(128, 64), walk(real, 256, 128, 8));
    }

    @Test
    void aTransposedInputSplitsAsInMemoryWhileItsKeptAndReducedDimensionsKeepTheirOrder() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        // Only the reduced axis moved: split as the packed [outer, n, inner] in memory would be.
        assertEquals(split(8, 2), walk(real, sizes(2, 8), sizes(1, 2), 1));
        assertEquals(split(16, 4), walk(real, sizes(3, 16), sizes(1, 3), 1));
        assertEquals(split(32, 16), walk(real, sizes(4, 32), sizes(1, 4), 1));
        assertEquals(split(8, 4), walk(real, sizes(4, 4, 8), sizes(32, 1, 4), 2));
        assertEquals(split(16, 4), walk(real, sizes(16, 2, 3), sizes(3, 48, 1), 0));
        assertEquals(split(8, 4), walk(real, sizes(4, 2, 2, 8), sizes(32, 2, 1, 4), 3));
        // Innermost in memory: whole.
        assertEquals(split(16, 1), walk(real, sizes(16, 4), sizes(1, 16), 0));
        // Kept dimensions out of their order, after the axis in memory or before it: whole.
        assertEquals(split(8, 1), walk(real, sizes(4, 8, 2, 2), sizes(32, 4, 1, 2), 1));
        assertEquals(split(8, 1), walk(real, sizes(2, 8, 2), sizes(1, 4, 2), 1));
        assertEquals(split(8, 1), walk(real, sizes(2, 8, 3), sizes(1, 6, 2), 1));
        assertEquals(split(8, 1), walk(real, sizes(2, 2, 8, 2), sizes(16, 32, 2, 1), 2));
    }

    @Test
    void twoReducedBlocksApartWalkTheInnerOneBetweenThePartsOfTheOuterOne() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        // Packed [a, m, c] along 0 and 2, positions a' * c + c'. The outer block a has m * c elements after it.
        // Fewer than 8 and a odd: one part, row-major.
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
                walkReduced(real, sizes(5, 2, 3), sizes(6, 3, 1), 0, 2));
        // 8 or more: c outer, a inner.
        assertEquals(List.of(0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11), walkReduced(real, sizes(3, 8, 4), sizes(32, 4, 1), 0, 2));
        // Fewer than 8: a in the parts of an axis with m * c inside, a % (a / p) outer, c, then the part.
        assertEquals(List.of(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15),
                walkReduced(real, sizes(8, 2, 2), sizes(4, 2, 1), 0, 2));
        assertEquals(List.of(0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11), walkReduced(real, sizes(6, 2, 2), sizes(4, 2, 1), 0, 2));
        // Transposed, the blocks swapped in memory: [2, 2, 8] with strides 1 2 4 along 0 and 2 (the 8 outer in
        // memory, 4 after it), and [5, 1, 2, 4] with strides 1 5 5 10 along 0, 1 and 3 (the 4 outer, 10 after it).
        assertEquals(List.of(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15),
                walkReduced(real, sizes(2, 2, 8), sizes(1, 2, 4), 0, 2));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19),
                walkReduced(real, sizes(5, 1, 2, 4), sizes(1, 5, 5, 10), 0, 1, 3));
    }

    @Test
    void fiveOrMoreRunsReduceAsATree() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        // Packed, reduced and kept dimensions alternating.
        assertEquals(List.of(7, 3, 5, 1, 6, 2, 4, 0), walkReduced(real, sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1), 0, 2, 4));
        assertEquals(tree(27), walkReduced(real, sizes(3, 3, 3, 3, 3), sizes(81, 27, 9, 3, 1), 0, 2, 4));
        assertEquals(tree(40), walkReduced(real, sizes(2, 20, 2, 2, 2), sizes(160, 8, 4, 2, 1), 1, 3));
        assertEquals(tree(33), walkReduced(real, sizes(2, 11, 2, 3, 2), sizes(132, 12, 6, 2, 1), 1, 3));
        // Kept dimensions out of order: numbered by stride, [2, 3, 2, 3, 2] with strides 3 24 12 1 6 along 0 and 1
        // numbers (d0, d1) as 2 * d1 + d0.
        assertEquals(List.of(4, 5, 3, 1, 2, 0), walkReduced(real, sizes(2, 3, 2, 3, 2), sizes(3, 24, 12, 1, 6), 0, 1));
        assertEquals(List.of(1, 2, 0), walkReduced(real, sizes(1, 2, 3, 2, 3, 3, 1, 1), sizes(54, 54, 1, 9, 18, 3, 0, 18), 2));
        assertEquals(List.of(1, 0), walkReduced(real, sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 1, 2), 1));
        // Four runs walk: the last two kept dimensions of a packed input are one run.
        assertEquals(List.of(0, 2, 1, 3), walkReduced(real, sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1), 0, 2));
    }

    @Test
    void anOutputWithGapsOrTransposedWalksWholeLargestStrideFirst() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        // Onto a packed output these split (2 parts; c outer; 4 parts); onto one whose elements lie 2 apart, whole.
        assertEquals(split(8, 1), walkReduced(real, 2, sizes(8, 2), sizes(2, 1), 0));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), walkReduced(real, 2, sizes(3, 8, 4),
                sizes(32, 4, 1), 0, 2));
        assertEquals(List.of(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23),
                walkReduced(real, 2, sizes(4, 3, 2, 2), sizes(6, 2, 1, 24), 0, 1, 3));
        // And onto an output whose kept dimensions are transposed: [2, 8, 2] along 1 onto strides 1 2 2.
        assertEquals(split(8, 1), walkReduced(real, sizes(1, 2, 2), sizes(2, 8, 2), sizes(16, 2, 1), 1));
    }

    /**
     * A tree's walk of {@code count} elements numbered row-major: the numbers in decreasing order of their bits
     * reversed (over the next power of two), so the last, the tie's winner, is the smallest reversed.
     */
    private static List<Integer> tree(int count) {
        int bits = 32 - Integer.numberOfLeadingZeros(count - 1);
        List<Integer> order = new ArrayList<>();
        for (int r = (1 << bits) - 1; r >= 0; r--) {
            int number = Integer.reverse(r) >>> (32 - bits);
            if (number < count) {
                order.add(number);
            }
        }
        return order;
    }

    /**
     * The order REDUCE MAX walks the reduced elements of an input of {@code sizes} and element {@code strides} in
     * (each element at its own address), as positions row-major over the reduced dimensions in dimension order, first
     * to last: for every pair of positions, one output's reduced elements hold -0.0 at the first, +0.0 at the second
     * and -1 elsewhere; the zero written is the later of the two.
     */
    private static List<Integer> walkReduced(RealDirectMl real, long[] sizes, long[] strides, int... axes)
            throws Exception {
        return walkReduced(real, 1, sizes, strides, axes);
    }

    /**
     * The same onto an output whose elements lie {@code gap} apart (packed strides times {@code gap}; 1: packed).
     */
    private static List<Integer> walkReduced(RealDirectMl real, int gap, long[] sizes, long[] strides, int... axes)
            throws Exception {
        long[] outSizes = sizes.clone();
        for (int axis : axes) {
            outSizes[axis] = 1;
        }
        long[] outStrides = new long[sizes.length];
        long stride = gap;
        for (int d = sizes.length - 1; d >= 0; d--) {
            outStrides[d] = stride;
            stride *= outSizes[d];
        }
        return walkReduced(real, outStrides, sizes, strides, axes);
    }

    /** The same onto an output of element strides {@code outStrides}. */
    private static List<Integer> walkReduced(RealDirectMl real, long[] outStrides, long[] sizes, long[] strides,
            int... axes) throws Exception {
        List<Integer> reduced = Arrays.stream(axes).boxed().sorted().toList();
        int count = reduced.stream().mapToInt(d -> (int) sizes[d]).reduce(1, Math::multiplyExact);
        long[] offsets = new long[count];
        for (int r = 0; r < count; r++) {
            for (int k = reduced.size() - 1, rest = r; k >= 0; rest /= (int) sizes[reduced.get(k)], k--) {
                offsets[r] += rest % sizes[reduced.get(k)] * strides[reduced.get(k)];
            }
        }
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            for (int j = i + 1; j < count; j++) {
                pairs.add(new int[] {i, j});
            }
        }
        long[] outSizes = sizes.clone();
        for (int axis : axes) {
            outSizes[axis] = 1;
        }
        int lines = (int) Arrays.stream(outSizes).reduce(1, Math::multiplyExact);
        long span = 1;
        for (int d = 0; d < sizes.length; d++) {
            span += (sizes[d] - 1) * strides[d];
        }
        BufferTensorDesc output = BufferTensorDesc.strided(TensorDataType.FLOAT32,
                Arrays.stream(outSizes).boxed().toList(), Arrays.stream(outStrides).boxed().toList());
        int[] later = new int[count];
        for (int first = 0; first < pairs.size(); first += lines) {
            ByteBuffer input = ByteBuffer.allocate((int) span * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int a = 0; a < span; a++) {
                input.putFloat(a * 4, -1f);
            }
            for (int line = 0; line < lines && first + line < pairs.size(); line++) {
                int[] pair = pairs.get(first + line);
                long at = 0;
                for (int d = sizes.length - 1, rest = line; d >= 0; rest /= (int) outSizes[d], d--) {
                    at += rest % outSizes[d] * strides[d];
                }
                input.putFloat((int) (at + offsets[pair[0]]) * 4, -0f);
                input.putFloat((int) (at + offsets[pair[1]]) * 4, 0f);
            }
            ReduceOperatorDesc desc = new ReduceOperatorDesc(ReduceFunction.MAX,
                    BufferTensorDesc.strided(TensorDataType.FLOAT32, Arrays.stream(sizes).boxed().toList(),
                            Arrays.stream(strides).boxed().toList()),
                    output, axes.length, Arrays.stream(axes).mapToObj(a -> (long) a).toList());
            ByteBuffer read = ByteBuffer.wrap(real.executeArrays(desc, List.of(input.array(),
                    new byte[(int) output.totalTensorSizeInBytes()])).get(0)).order(ByteOrder.LITTLE_ENDIAN);
            for (int line = 0; line < lines && first + line < pairs.size(); line++) {
                int[] pair = pairs.get(first + line);
                long at = 0;
                for (int d = sizes.length - 1, rest = line; d >= 0; rest /= (int) outSizes[d], d--) {
                    at += rest % outSizes[d] * outStrides[d];
                }
                later[read.getInt((int) at * 4) == 0 ? pair[1] : pair[0]]++;
            }
        }
        // In a walk each position comes later than every one before it: counts 0, 1, 2, ...
        List<Integer> order = new ArrayList<>();
        for (int e = 0; e < count; e++) {
            order.add(e);
        }
        order.sort(Comparator.comparingInt(e -> later[e]));
        for (int k = 0; k < count; k++) {
            assertEquals(k, later[order.get(k)], () -> "not a walk: " + Arrays.toString(later));
        }
        return order;
    }

    /** The walk of an axis of {@code n} in {@code parts} parts: element {@code k * (n / parts) + q}, q outer, k inner. */
    private static List<Integer> split(int n, int parts) {
        List<Integer> order = new ArrayList<>();
        for (int q = 0; q < n / parts; q++) {
            for (int k = 0; k < parts; k++) {
                order.add(k * (n / parts) + q);
            }
        }
        return order;
    }

    /**
     * The order REDUCE MAX walks the middle axis of a packed {@code [outer, n, inner]} FLOAT32 input in, first to
     * last: for every ordered pair of positions, one output's line holds -0.0 at the first, +0.0 at the second and -1
     * elsewhere; the later of the two in the walk is the zero written.
     */
    private static List<Integer> walk(RealDirectMl real, int outer, int n, int inner) throws Exception {
        return walk(real, sizes(outer, n, inner), sizes(n * inner, inner, 1), 1);
    }

    /**
     * The same over an input of {@code sizes} and element {@code strides} (each element at its own address) along
     * {@code axis}; the lines are the output's elements, row-major.
     */
    private static List<Integer> walk(RealDirectMl real, long[] sizes, long[] strides, int axis) throws Exception {
        int n = (int) sizes[axis];
        List<int[]> pairs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (i != j) {
                    pairs.add(new int[] {i, j});
                }
            }
        }
        long[] outSizes = sizes.clone();
        outSizes[axis] = 1;
        int lines = (int) Arrays.stream(outSizes).reduce(1, Math::multiplyExact);
        long span = 1;
        for (int d = 0; d < sizes.length; d++) {
            span += (sizes[d] - 1) * strides[d];
        }
        int[] later = new int[n];
        for (int first = 0; first < pairs.size(); first += lines) {
            ByteBuffer input = ByteBuffer.allocate((int) span * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int line = 0; line < lines; line++) {
                int[] pair = first + line < pairs.size() ? pairs.get(first + line) : new int[] {-1, -1};
                long at = 0;
                for (int d = sizes.length - 1, rest = line; d >= 0; rest /= (int) outSizes[d], d--) {
                    at += rest % outSizes[d] * strides[d];
                }
                for (int e = 0; e < n; e++) {
                    float value = e == pair[0] ? -0f : e == pair[1] ? 0f : -1f;
                    input.putFloat((int) (at + e * strides[axis]) * 4, value);
                }
            }
            ReduceOperatorDesc desc = new ReduceOperatorDesc(ReduceFunction.MAX,
                    BufferTensorDesc.strided(TensorDataType.FLOAT32, Arrays.stream(sizes).boxed().toList(),
                            Arrays.stream(strides).boxed().toList()),
                    BufferTensorDesc.packed(TensorDataType.FLOAT32, outSizes), 1, List.of((long) axis));
            ByteBuffer output = ByteBuffer.wrap(real.executeArrays(desc, List.of(input.array(), new byte[lines * 4]))
                    .get(0)).order(ByteOrder.LITTLE_ENDIAN);
            for (int line = 0; line < lines && first + line < pairs.size(); line++) {
                int[] pair = pairs.get(first + line);
                later[output.getInt(line * 4) == 0 ? pair[1] : pair[0]]++;
            }
        }
        // In a walk each position comes later than every one before it: counts 0, 2, 4, ... (each pair twice).
        List<Integer> order = new ArrayList<>();
        for (int e = 0; e < n; e++) {
            order.add(e);
        }
        order.sort(Comparator.comparingInt(e -> later[e]));
        for (int k = 0; k < n; k++) {
            assertEquals(2 * k, later[order.get(k)], () -> "not a walk: " + Arrays.toString(later));
        }
        return order;
    }

    private static long[] sizes(long... values) {
        return values;
    }
}
