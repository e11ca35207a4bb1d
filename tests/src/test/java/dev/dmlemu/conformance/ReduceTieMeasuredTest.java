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
 * {@code n} and {@code inner} (the emulator's {@code SplitValueWalk}), and one axis of transposed inputs.
 */
class ReduceTieMeasuredTest {

    @Test
    void maxAndMinWriteTheLastOfEqualElementsInTheirWalkAndTheIndicesStayRowMajor() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTieMeasuredTest");
        for (List<ReduceTieProbes.Probe> probes : List.of(ReduceTieProbes.MODELLED, ReduceTieProbes.UNMODELLED)) {
            for (ReduceTieProbes.Probe probe : probes) {
                MovementCase c = probe.toCase();
                List<byte[]> r = real.executeArrays(c.desc(), c.all().stream().map(TensorBytes::bytes).toList());
                System.out.println("PROBE " + probe + ": " + probe.read(r.get(0)));
                assertEquals(probe.expectedList(), probe.read(r.get(0)), probe::toString);
            }
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
