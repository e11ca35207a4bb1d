package dev.dmlemu.testkit;

import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import java.util.List;

/**
 * DML_ARGMIN, DML_ARGMAX, and DML_REDUCE with MAX, MIN, ARGMAX or ARGMIN, as their docs state them, with what the real
 * DLL was measured to do (docs/directml-behaviour.md §16.7). The input is read once in row-major order; each element
 * goes to the output element it reduces onto, whose running state counts the elements seen (the index written, which
 * is the position row-major over the reduced dimensions). An index keeps the first element and moves to a later one
 * that is strictly beyond it (AxisDirection INCREASING, and REDUCE) or at least as far (DECREASING), comparisons with a
 * NaN being false; a value skips NaNs and is -infinity (MAX) or +infinity (MIN) when every element was a NaN, and of
 * equal elements keeps the last in DirectML's walk for values: row-major over the reduced dimensions taken from the
 * largest input stride to the smallest, equal strides in dimension order (so, on packed, padded and transposed inputs,
 * the element at the highest address), except where DirectML splits that walk into interleaved parts (a packed input
 * whose reduced dimensions of more than one element are adjacent, or such an input with that block transposed, §16.7
 * "Split walks").
 */
public final class NaiveSelectReduce {

    private NaiveSelectReduce() {}

    private enum Goal { LARGEST_INDEX, SMALLEST_INDEX, LARGEST_VALUE, SMALLEST_VALUE }

    public static List<byte[]> run(MovementCase movement) {
        Goal goal;
        List<Long> axes;
        boolean lastOfTies = false;
        if (movement.desc() instanceof ArgmaxOperatorDesc d) {
            goal = Goal.LARGEST_INDEX;
            axes = d.axes();
            lastOfTies = d.axisDirection() == AxisDirection.DECREASING;
        } else if (movement.desc() instanceof ArgminOperatorDesc d) {
            goal = Goal.SMALLEST_INDEX;
            axes = d.axes();
            lastOfTies = d.axisDirection() == AxisDirection.DECREASING;
        } else {
            ReduceOperatorDesc d = (ReduceOperatorDesc) movement.desc();
            axes = d.axes();
            goal = d.function() == ReduceFunction.ARGMAX ? Goal.LARGEST_INDEX
                    : d.function() == ReduceFunction.ARGMIN ? Goal.SMALLEST_INDEX
                    : d.function() == ReduceFunction.MAX ? Goal.LARGEST_VALUE
                    : d.function() == ReduceFunction.MIN ? Goal.SMALLEST_VALUE : null;
            if (goal == null) {
                throw new IllegalArgumentException("REDUCE " + d.function() + " does not select");
            }
        }
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout in = elements.input(0);
        TensorLayout out = elements.output(0);
        TensorBytes input = movement.inputs().get(0);
        SelectionOrder order = new SelectionOrder(in.type());
        long[] sizes = in.sizes();
        long[] outSizes = out.sizes();
        int outputs = (int) Shapes.product(outSizes);
        long[] kept = new long[outputs];
        long[] keptAt = new long[outputs];
        long[] keptWalk = new long[outputs];
        long[] seen = new long[outputs];
        java.util.Arrays.fill(keptAt, -1);
        int[] valueWalk = valueWalk(sizes, in.strides(), axes);
        long parts = splitParts(sizes, in.strides(), axes);
        long partLength = Shapes.product(sizes) / Shapes.product(outSizes) / parts;
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long[] onto = at.clone();
            for (long axis : axes) {
                onto[(int) axis] = 0;
            }
            int o = (int) Shapes.offset(onto, Shapes.packedStrides(outSizes));
            long x = LittleEndian.bits(input.bytes(), in.byteAt(input, at), in.elementSize());
            long position = seen[o]++;
            long walked = walkPosition(at, sizes, valueWalk, parts, partLength);
            boolean take = switch (goal) {
                case LARGEST_INDEX -> position == 0
                        || (lastOfTies ? order.atOrAbove(x, kept[o]) : order.above(x, kept[o]));
                case SMALLEST_INDEX -> position == 0
                        || (lastOfTies ? order.atOrBelow(x, kept[o]) : order.below(x, kept[o]));
                case LARGEST_VALUE -> !order.nan(x) && (keptAt[o] < 0 || order.above(x, kept[o])
                        || !order.above(kept[o], x) && walked > keptWalk[o]);
                case SMALLEST_VALUE -> !order.nan(x) && (keptAt[o] < 0 || order.below(x, kept[o])
                        || !order.below(kept[o], x) && walked > keptWalk[o]);
            };
            if (take) {
                kept[o] = x;
                keptAt[o] = position;
                keptWalk[o] = walked;
            }
        }
        byte[] value = new byte[8];
        for (int o = 0; o < outputs; o++) {
            long written = switch (goal) {
                case LARGEST_INDEX, SMALLEST_INDEX -> keptAt[o];
                case LARGEST_VALUE -> keptAt[o] >= 0 ? kept[o] : Float.floatToRawIntBits(Float.NEGATIVE_INFINITY);
                case SMALLEST_VALUE -> keptAt[o] >= 0 ? kept[o] : Float.floatToRawIntBits(Float.POSITIVE_INFINITY);
            };
            LittleEndian.put(value, 0, out.elementSize(), written);
            elements.put(0, Shapes.coordinate(o, outSizes), value, 0);
        }
        return elements.outputs();
    }

    /** The reduced dimensions, largest stride first, equal strides in dimension order. */
    private static int[] valueWalk(long[] sizes, long[] strides, List<Long> axes) {
        return java.util.stream.IntStream.range(0, sizes.length).filter(d -> axes.contains((long) d)).boxed()
                .sorted(java.util.Comparator.comparingLong((Integer d) -> -strides[d])).mapToInt(d -> d).toArray();
    }

    /**
     * The element's position in the walk: row-major over the dimensions of {@code walk} in that order, that axis read
     * as {@code parts} interleaved parts of {@code partLength} (position in its part first, then the part).
     */
    private static long walkPosition(long[] at, long[] sizes, int[] walk, long parts, long partLength) {
        long position = 0;
        for (int d : walk) {
            position = position * sizes[d] + at[d];
        }
        return position % partLength * parts + position / partLength;
    }

    /**
     * How many interleaved parts DirectML walks the reduced elements in, as measured (§16.7 "Split walks"); 1 where it
     * walks them whole or the rule was not measured. Only an input packed in some order of its dimensions whose
     * kept and reduced dimensions of more than one element each keep their order, the reduced ones adjacent, splits:
     * read as one axis of {@code n} elements with {@code inner} after it in memory, an innermost axis is whole; with
     * {@code inner} of 2 to 7, the largest power of two dividing {@code n}, at most 64, leaving parts of at least
     * {@code 8 / inner} elements; with 8 or more, axes of more than 96 elements in the largest power of two dividing
     * {@code n}, at most 64. Measured up to {@code n * inner} of 18,432.
     */
    private static long splitParts(long[] sizes, long[] strides, List<Long> axes) {
        // The dimensions of more than one element in memory order, smallest stride first: packed strides, kept and
        // reduced dimensions each in their own order, the reduced ones adjacent (a transposed reduced block splits).
        List<Integer> memory = java.util.stream.IntStream.range(0, sizes.length).filter(d -> sizes[d] > 1).boxed()
                .sorted(java.util.Comparator.comparingLong(d -> strides[d])).toList();
        long packed = 1;
        long n = 1;
        long inner = 1;
        int lastKept = Integer.MAX_VALUE;
        int lastReduced = Integer.MAX_VALUE;
        boolean keptAfterReduced = false;
        for (int d : memory) {
            if (strides[d] != packed) {
                return 1;
            }
            packed *= sizes[d];
            if (axes.contains((long) d)) {
                if (keptAfterReduced || d > lastReduced) {
                    return 1;
                }
                lastReduced = d;
                n *= sizes[d];
            } else {
                if (d > lastKept) {
                    return 1;
                }
                lastKept = d;
                if (n > 1) {
                    keptAfterReduced = true;
                } else {
                    inner *= sizes[d];
                }
            }
        }
        if (inner == 1 || n * inner > 18_432) {
            return 1;
        }
        long parts = Math.min(64, Long.lowestOneBit(n));
        if (inner >= 8) {
            return n <= 96 ? 1 : parts;
        }
        while (parts > 1 && n / parts * inner < 8) {
            parts /= 2;
        }
        return parts;
    }
}
