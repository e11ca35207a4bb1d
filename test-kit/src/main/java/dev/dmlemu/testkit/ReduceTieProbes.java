package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The real DLL's probes of which of equal elements REDUCE MAX and MIN write (-0.0 or +0.0), and which position REDUCE
 * ARGMAX and ARGMIN write, on packed, transposed, padded and broadcast inputs (docs/directml-behaviour.md §16.7), as
 * cases with the DLL's answers written down. {@link #MODELLED}: what the emulator computes, MAX and MIN walking the
 * reduced dimensions from the largest stride to the smallest, in the interleaved parts DirectML splits one or two
 * packed blocks of them into, or in the order of the tree it reduces inputs of five or more runs as (in groups of
 * 4,096 past 1,024 reduced elements), and ARGMAX and ARGMIN row-major.
 */
public final class ReduceTieProbes {

    /** +0.0's bits; -0.0 is {@link #MINUS_ZERO}. */
    private static final long ZERO = 0;
    private static final long MINUS_ZERO = 0x8000_0000L;
    private static final float Z = 0f;
    private static final float M = -0f;

    /**
     * One probe: FLOAT32 input, output packed (FLOAT32 for MAX and MIN, INT32 for ARGMAX and ARGMIN).
     *
     * @param inStrides the input's strides, or null for packed
     * @param values the input buffer's elements, by address
     * @param expected the DLL's output in row-major order: FLOAT32 bits, or indices
     */
    public record Probe(String name, ReduceFunction function, long[] in, long[] inStrides, List<Long> axes,
            float[] values, long[] expected) {

        public boolean index() {
            return function == ReduceFunction.ARGMAX || function == ReduceFunction.ARGMIN;
        }

        public long[] outSizes() {
            long[] out = in.clone();
            for (long axis : axes) {
                out[Math.toIntExact(axis)] = 1;
            }
            return out;
        }

        /** The case, the output filled with 0x7F bytes. */
        public MovementCase toCase() {
            BufferTensorDesc input = inStrides == null ? BufferTensorDesc.packed(TensorDataType.FLOAT32, in)
                    : BufferTensorDesc.strided(TensorDataType.FLOAT32, Shapes.toList(in), Shapes.toList(inStrides));
            BufferTensorDesc output = BufferTensorDesc.packed(index() ? TensorDataType.INT32 : TensorDataType.FLOAT32,
                    outSizes());
            byte[] bytes = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
            for (int i = 0; i < values.length; i++) {
                LittleEndian.put(bytes, i * 4, 4, Float.floatToRawIntBits(values[i]));
            }
            return new MovementCase(new ReduceOperatorDesc(function, input, output, axes.size(), axes),
                    List.of(TensorBytes.of(bytes)), List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes())));
        }

        /** The output's elements from a run's output array: FLOAT32 bits unsigned, indices signed. */
        public List<Long> read(byte[] output) {
            List<Long> elements = new ArrayList<>();
            for (int e = 0; e < Shapes.product(outSizes()); e++) {
                long bits = LittleEndian.bits(output, e * 4, 4);
                elements.add(index() ? (long) (int) bits : bits);
            }
            return elements;
        }

        public List<Long> expectedList() {
            return Arrays.stream(expected).boxed().toList();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** What the emulator computes. */
    public static final List<Probe> MODELLED = List.of(
            // [2, 2] transposed (addresses 0 2 / 1 3) holding -1 -0 / +0 -1: the -0 at address 2, not the +0 that
            // comes later row-major; with the zeros swapped the +0.
            new Probe("2-D transposed, MAX", ReduceFunction.MAX, sizes(2, 2), sizes(1, 2), axes(0, 1),
                    floats(-1, Z, M, -1), sizes(MINUS_ZERO)),
            new Probe("2-D transposed, MAX, zeros swapped", ReduceFunction.MAX, sizes(2, 2), sizes(1, 2), axes(1, 0),
                    floats(-1, M, Z, -1), sizes(ZERO)),
            new Probe("2-D transposed, MIN", ReduceFunction.MIN, sizes(2, 2), sizes(1, 2), axes(0, 1),
                    floats(1, Z, M, 1), sizes(MINUS_ZERO)),
            // The case of docs §16.9: [1, 1, 2, 2] with strides 4 4 1 2.
            new Probe("4-D transposed, MAX", ReduceFunction.MAX, sizes(1, 1, 2, 2), sizes(4, 4, 1, 2), axes(2, 3),
                    floats(-1, Z, M, -1), sizes(MINUS_ZERO)),
            new Probe("4-D transposed, MIN, zeros swapped", ReduceFunction.MIN, sizes(1, 1, 2, 2), sizes(4, 4, 1, 2),
                    axes(3, 2), floats(1, M, Z, 1), sizes(ZERO)),
            // [3, 3, 3] with strides 1 3 9: +0 at address 2 (row-major 18), -0 at address 9 (row-major 1).
            new Probe("3-D reversed, all axes, MAX", ReduceFunction.MAX, sizes(3, 3, 3), sizes(1, 3, 9), axes(0, 1, 2),
                    with(27, -1, 2, Z, 9, M), sizes(MINUS_ZERO)),
            new Probe("3-D reversed, all axes, MIN", ReduceFunction.MIN, sizes(3, 3, 3), sizes(1, 3, 9), axes(2, 0, 1),
                    with(27, 1, 2, M, 9, Z), sizes(ZERO)),
            // Padded and transposed: [2, 3] with strides 1 4; -0 at address 4 (row-major 1), +0 at 1 (row-major 3).
            new Probe("2-D padded transposed, MAX", ReduceFunction.MAX, sizes(2, 3), sizes(1, 4), axes(0, 1),
                    with(10, -1, 4, M, 1, Z), sizes(MINUS_ZERO)),
            // Broadcast: [2, 2, 2] with strides 1 0 2 reads address a + 2c twice; -0 at 1 (row-major last at 6), +0
            // at 2 (row-major last at 3).
            new Probe("3-D broadcast, MAX", ReduceFunction.MAX, sizes(2, 2, 2), sizes(1, 0, 2), axes(0, 1, 2),
                    with(4, -1, 1, M, 2, Z), sizes(ZERO)),
            // 5-D, three axes reduced, one kept: [3, 2, 3, 1, 3] transposed.
            new Probe("5-D transposed, three axes, MAX", ReduceFunction.MAX, sizes(3, 2, 3, 1, 3), sizes(1, 27, 3, 54, 9),
                    axes(0, 2, 4), with(54, -1, 2, Z, 9, M, 29, M, 36, Z), sizes(MINUS_ZERO, ZERO)),
            // ARGMAX and ARGMIN write the first of equal elements row-major, whatever the layout: [2, 2] transposed
            // holding 0 1 / 1 0 gives 1 (address 2), not 2 (address 1, the first in memory).
            new Probe("2-D transposed, ARGMAX", ReduceFunction.ARGMAX, sizes(2, 2), sizes(1, 2), axes(0, 1),
                    floats(0, 1, 1, 0), sizes(1)),
            new Probe("2-D transposed, ARGMIN", ReduceFunction.ARGMIN, sizes(2, 2), sizes(1, 2), axes(0, 1),
                    floats(1, 0, 0, 1), sizes(1)),
            new Probe("3-D reversed, ARGMAX", ReduceFunction.ARGMAX, sizes(3, 3, 3), sizes(1, 3, 9), axes(0, 1, 2),
                    with(27, 0, 2, 1, 9, 1), sizes(1)),
            // Split walks: a packed axis read as interleaved parts. [1, 4, 4] reduced along the 4: +0 -0 +0 -1 down
            // each column gives -0 (walk 0 2 1 3).
            new Probe("axis of 4 with 4 inside, MAX", ReduceFunction.MAX, sizes(1, 4, 4), null, axes(1),
                    column(4, 4, Z, M, Z, -1), sizes(MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO)),
            // [8, 2] reduced along the 8: -0 at 4, +0 at 1 gives +0 (walk 0 4 1 5 2 6 3 7); MIN the same way.
            new Probe("axis of 8 with 2 inside, MAX", ReduceFunction.MAX, sizes(8, 2), null, axes(0),
                    column(8, 2, -1, Z, -1, -1, M, -1, -1, -1), sizes(ZERO, ZERO)),
            new Probe("axis of 8 with 2 inside, MIN", ReduceFunction.MIN, sizes(8, 2), null, axes(0),
                    column(8, 2, 1, M, 1, 1, Z, 1, 1, 1), sizes(MINUS_ZERO, MINUS_ZERO)),
            // [2, 4, 2, 4] along the adjacent 4 and 2, read as one axis of 8 with 4 inside: walk 0 2 4 6 1 3 5 7, so
            // +0 at 6 before -0 at 1 gives -0.
            new Probe("adjacent axes of 4 and 2 with 4 inside, MAX", ReduceFunction.MAX, sizes(2, 4, 2, 4), null,
                    axes(1, 2), column(16, 4, -1, M, -1, -1, -1, -1, Z, -1, -1, M, -1, -1, -1, -1, Z, -1),
                    sizes(MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO,
                            MINUS_ZERO)),
            // [128, 8] along the 128: 64 parts of 2, element 126 walked 63rd and element 1 64th, so -0 at 1 wins.
            new Probe("axis of 128 with 8 inside, MAX", ReduceFunction.MAX, sizes(128, 8), null, axes(0),
                    column(128, 8, with(128, -1, 1, M, 126, Z)),
                    sizes(MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO,
                            MINUS_ZERO)),
            // Reduced dimensions apart: [3, 8, 4] along 0 and 2 walks c outer and a inner (8 or more elements after
            // the outer block), so -0 at (1, m, 0) and +0 at (0, m, 1) give +0, not the -0 met last row-major.
            new Probe("axes 0 and 2 of [3, 8, 4], MAX", ReduceFunction.MAX, sizes(3, 8, 4), null, axes(0, 2),
                    apart(3, 8, 4, 1, 0, M, 0, 1, Z), sizes(ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO, ZERO)),
            // [5, 2, 3]: 6 elements after the outer block, which is odd, so one part: row-major, -0 at (1, m, 0).
            new Probe("axes 0 and 2 of [5, 2, 3], MAX", ReduceFunction.MAX, sizes(5, 2, 3), null, axes(0, 2),
                    apart(5, 2, 3, 1, 0, M, 0, 1, Z), sizes(MINUS_ZERO, MINUS_ZERO)),
            // [8, 2, 2]: 4 parts of 2, walked a % 2 outer, c, then a / 2: (6, m, 1) 8th, (1, m, 0) 9th gives -0.
            new Probe("axes 0 and 2 of [8, 2, 2], MAX", ReduceFunction.MAX, sizes(8, 2, 2), null, axes(0, 2),
                    apart(8, 2, 2, 1, 0, M, 6, 1, Z), sizes(MINUS_ZERO, MINUS_ZERO)),
            // [5, 1, 2, 4] with strides 1 5 5 10 along 0, 1 and 3: in memory the 4 outside the kept 2 outside the 5;
            // the inner block (the 5) outer: -0 at (1, 0, k, 0), +0 at (0, 0, k, 1) gives -0.
            new Probe("two blocks transposed, MAX", ReduceFunction.MAX, sizes(5, 1, 2, 4), sizes(1, 5, 5, 10),
                    axes(0, 1, 3), everyLine(sizes(5, 1, 2, 4), sizes(1, 5, 5, 10), axes(0, 1, 3), 4, M, 1, Z, -1),
                    sizes(MINUS_ZERO, MINUS_ZERO)),
            // Trees: five runs (packed [2, 2, 2, 2, 2] along 0, 2 and 4), the element numbered 0 wins every tie:
            // -0 there and +0 at 7 give -0; MIN the same.
            new Probe("five runs, tree, MAX", ReduceFunction.MAX, sizes(2, 2, 2, 2, 2), null, axes(0, 2, 4),
                    everyLine(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1), axes(0, 2, 4), 0, M, 7, Z, -1),
                    sizes(MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO)),
            new Probe("five runs, tree, MIN", ReduceFunction.MIN, sizes(2, 2, 2, 2, 2), null, axes(0, 2, 4),
                    everyLine(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 2, 1), axes(0, 2, 4), 0, Z, 7, M, 1),
                    sizes(ZERO, ZERO, ZERO, ZERO)),
            // [2, 3, 2, 3, 2] with strides 3 24 12 1 6 along 0 and 1 (kept dimensions out of order): numbered by
            // stride, (0, 0) is 0 and wins over (1, 1), numbered 3.
            new Probe("transposed kept dimensions, tree, MAX", ReduceFunction.MAX, sizes(2, 3, 2, 3, 2),
                    sizes(3, 24, 12, 1, 6), axes(0, 1),
                    everyLine(sizes(2, 3, 2, 3, 2), sizes(3, 24, 12, 1, 6), axes(0, 1), 0, M, 4, Z, -1),
                    sizes(MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO,
                            MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO)),
            // A 2-element axis reduced as a tree gives the first of the two: [2, 2, 2, 2, 2] with strides 16 8 4 1 2
            // along 1.
            new Probe("2-element axis, tree, MAX", ReduceFunction.MAX, sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 1, 2),
                    axes(1), everyLine(sizes(2, 2, 2, 2, 2), sizes(16, 8, 4, 1, 2), axes(1), 0, M, 1, Z, -1),
                    sizes(MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO,
                            MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO, MINUS_ZERO,
                            MINUS_ZERO, MINUS_ZERO)),
            // Trees past 1,024 reduced elements, packed [2, n, 2, 2, 2] along 1 and 3, numbered 2 * d1 + d3, one
            // pair per output element (-0 at the first number, +0 at the second): groups of 4,096 numbers, thread
            // t of 512 taking t, t + 512, ... (the first kept), the threads, then the groups, meeting as trees.
            // 2,048: 1,023 and 1,535 are thread 511's turns 1 and 2, so 1,023 wins (a tree over 2,048 would keep
            // 1,535); 600 and 1,112 the same; 17 and 300 are threads whose reversed bits make 300 win.
            new Probe("tree of 2,048 elements, MAX", ReduceFunction.MAX, sizes(2, 1024, 2, 2, 2), null, axes(1, 3),
                    pairPerLine(sizes(2, 1024, 2, 2, 2), axes(1, 3), -1, 1023, 1535, 1535, 1023, 600, 1112, 1112, 600,
                            3, 1027, 17, 300, 1800, 40, 1536, 2047),
                    sizes(MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, MINUS_ZERO)),
            // 8,192, two groups: the first group wins (100 over 4,196, 3,000 over 7,000); inside one, 521 and 1,033
            // are thread 9's turns 1 and 2, 2 wins over 1 by reversed bits.
            new Probe("tree of 8,192 elements, MIN", ReduceFunction.MIN, sizes(2, 4096, 2, 2, 2), null, axes(1, 3),
                    pairPerLine(sizes(2, 4096, 2, 2, 2), axes(1, 3), 1, 100, 4196, 4196, 100, 4095, 4096, 7000, 3000,
                            521, 1033, 5129, 4617, 1, 2, 6000, 6001),
                    sizes(MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, ZERO, MINUS_ZERO)),
            // 100,000, 25 groups meeting as a tree over 32: group 2 wins over group 1 (8,199 over 4,103), group 0
            // over 24, 16 over 8 (65,536 over 32,768), 24 over 1 (99,999 over 5,000), 5 over 3.
            new Probe("tree of 100,000 elements, MAX", ReduceFunction.MAX, sizes(2, 50000, 2, 2, 2), null, axes(1, 3),
                    pairPerLine(sizes(2, 50000, 2, 2, 2), axes(1, 3), -1, 4103, 8199, 8199, 4103, 98307, 3, 65536,
                            32768, 32768, 65536, 40000, 90000, 5000, 99999, 12288, 20480),
                    sizes(ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, ZERO)),
            // An innermost axis of 2,048 is the same tree (2,047 walks whole): 0 wins over 1, over 2,047 and over
            // 512 (thread 0's turn 1); 2,046 over 2,047 and 200 over 100 by reversed thread bits.
            new Probe("innermost axis of 2,048, the tree, MAX", ReduceFunction.MAX, sizes(8, 2048), null, axes(1),
                    pairPerLine(sizes(8, 2048), axes(1), -1, 0, 1, 1, 0, 0, 2047, 2046, 2047, 512, 0, 3, 1027, 100,
                            200, 1536, 2047),
                    sizes(MINUS_ZERO, ZERO, MINUS_ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, ZERO, MINUS_ZERO)),
            // [1, 4096, 8] along 1 (n * inner 32,768): two chunks of 2,048 walked one after the other, each 64 parts
            // of 32: element c * 2048 + k * 32 + q walked c, then q, then k. 31 comes after 32 and after 64.
            new Probe("axis in two chunks, MAX", ReduceFunction.MAX, sizes(1, 4096, 8), null, axes(1),
                    pairPerLine(sizes(1, 4096, 8), axes(1), -1, 0, 2048, 31, 32, 2047, 2048, 5, 2052, 100, 33, 64, 31,
                            2079, 2080, 1000, 1001),
                    sizes(ZERO, MINUS_ZERO, ZERO, ZERO, MINUS_ZERO, ZERO, MINUS_ZERO, ZERO)));

    private ReduceTieProbes() {}

    private static long[] sizes(long... values) {
        return values;
    }

    private static List<Long> axes(long... values) {
        return Shapes.toList(values);
    }

    private static float[] floats(float... values) {
        return values;
    }

    /** {@code count} elements of {@code fill} but the given (address, value) pairs. */
    private static float[] with(int count, float fill, float... pairs) {
        float[] values = new float[count];
        Arrays.fill(values, fill);
        for (int p = 0; p < pairs.length; p += 2) {
            values[(int) pairs[p]] = pairs[p + 1];
        }
        return values;
    }

    /**
     * A packed {@code [a, m, c]} buffer of -1 but, for every {@code m}, {@code first} at {@code (a1, m, c1)} and
     * {@code second} at {@code (a2, m, c2)}.
     */
    private static float[] apart(int a, int m, int c, int a1, int c1, float first, int a2, int c2, float second) {
        float[] values = new float[a * m * c];
        Arrays.fill(values, -1);
        for (int k = 0; k < m; k++) {
            values[(a1 * m + k) * c + c1] = first;
            values[(a2 * m + k) * c + c2] = second;
        }
        return values;
    }

    /**
     * A buffer of {@code fill} for an input of {@code sizes} and {@code strides} whose every output element's reduced
     * elements hold {@code first} at position {@code at} and {@code second} at {@code then}, positions row-major over
     * the reduced dimensions in dimension order.
     */
    private static float[] everyLine(long[] sizes, long[] strides, List<Long> axes, int at, float first, int then,
            float second, float fill) {
        long span = 1;
        for (int d = 0; d < sizes.length; d++) {
            span += (sizes[d] - 1) * strides[d];
        }
        float[] values = new float[(int) span];
        Arrays.fill(values, fill);
        long[] out = sizes.clone();
        for (long axis : axes) {
            out[(int) axis] = 1;
        }
        for (long line = 0; line < Shapes.product(out); line++) {
            long[] coordinate = Shapes.coordinate(line, out);
            for (long position : new long[] {at, then}) {
                long[] element = coordinate.clone();
                long rest = position;
                for (int d = sizes.length - 1; d >= 0; d--) {
                    if (axes.contains((long) d)) {
                        element[d] = rest % sizes[d];
                        rest /= sizes[d];
                    }
                }
                values[(int) Shapes.offset(element, strides)] = position == at ? first : second;
            }
        }
        return values;
    }

    /**
     * A packed input of {@code sizes} filled with {@code fill} whose output elements, row-major, each get the next
     * pair of {@code pairs}: -0 at the first number and +0 at the second, numbers row-major over the reduced
     * dimensions.
     */
    private static float[] pairPerLine(long[] sizes, List<Long> axes, float fill, int... pairs) {
        long[] strides = new long[sizes.length];
        long stride = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            strides[d] = stride;
            stride *= sizes[d];
        }
        float[] values = new float[Math.toIntExact(stride)];
        Arrays.fill(values, fill);
        long[] out = sizes.clone();
        for (long axis : axes) {
            out[(int) axis] = 1;
        }
        for (int line = 0; line < pairs.length / 2; line++) {
            long[] coordinate = Shapes.coordinate(line, out);
            for (int k = 0; k < 2; k++) {
                long[] element = coordinate.clone();
                long rest = pairs[2 * line + k];
                for (int d = sizes.length - 1; d >= 0; d--) {
                    if (axes.contains((long) d)) {
                        element[d] = rest % sizes[d];
                        rest /= sizes[d];
                    }
                }
                values[(int) Shapes.offset(element, strides)] = k == 0 ? M : Z;
            }
        }
        return values;
    }

    /** A packed {@code [n, width]} buffer whose every column holds {@code column}. */
    private static float[] column(int n, int width, float... column) {
        float[] values = new float[n * width];
        for (int e = 0; e < n; e++) {
            Arrays.fill(values, e * width, (e + 1) * width, column[e]);
        }
        return values;
    }
}
