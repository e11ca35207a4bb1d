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
 * whose reduced dimensions of more than one element form one or two blocks in memory, §16.7 "Split walks") or reduces
 * as a tree (inputs of five or more runs of dimensions, §16.7 "Tree reductions").
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
        ValueWalk valueWalk = ValueWalk.of(sizes, in.strides(), axes, outSizes, out.strides());
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long[] onto = at.clone();
            for (long axis : axes) {
                onto[(int) axis] = 0;
            }
            int o = (int) Shapes.offset(onto, Shapes.packedStrides(outSizes));
            long x = LittleEndian.bits(input.bytes(), in.byteAt(input, at), in.elementSize());
            long position = seen[o]++;
            long walked = valueWalk.position(at);
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

    /**
     * DirectML's walk for values: each reduced element's position in it (of equal elements the one at the largest
     * position is written).
     */
    private interface ValueWalk {

        long position(long[] at);

        /**
         * The walk DirectML takes (§16.7): the tree over five or more runs, or over one innermost block of 2,048 elements
         * or more onto a packed output, the split parts of
         * one or two reduced blocks of a packed input onto a packed output, else row-major over the reduced
         * dimensions taken from the largest stride to the smallest.
         */
        static ValueWalk of(long[] sizes, long[] strides, List<Long> axes, long[] outSizes, long[] outStrides) {
            int[] byStride = java.util.stream.IntStream.range(0, sizes.length).filter(d -> axes.contains((long) d))
                    .boxed().sorted(java.util.Comparator.comparingLong((Integer d) -> -strides[d]))
                    .mapToInt(d -> d).toArray();
            ValueWalk strideWalk = at -> {
                long position = 0;
                for (int d : byStride) {
                    position = position * sizes[d] + at[d];
                }
                return position;
            };
            long count = 1;
            for (int d : byStride) {
                count *= sizes[d];
            }
            // Only onto an output packed over its dimensions of more than one element (with gaps: the stride walk).
            boolean packedOutput = true;
            long expected = 1;
            for (int d = outSizes.length - 1; d >= 0; d--) {
                if (outSizes[d] == 1) {
                    continue;
                }
                packedOutput &= outStrides[d] == expected;
                expected *= outSizes[d];
            }
            List<List<Integer>> blocks = memoryBlocks(sizes, strides, axes);
            boolean innermostBlock = blocks != null && blocks.size() == 1
                    && strides[blocks.get(0).get(blocks.get(0).size() - 1)] == 1;
            if (runs(sizes, strides, axes, outStrides) >= 5 || packedOutput && innermostBlock && count >= 2_048) {
                return at -> -treeRank(strideWalk.position(at));
            }
            if (!packedOutput) {
                return strideWalk;
            }
            ValueWalk split = split(sizes, strides, axes);
            return split != null ? split : strideWalk;
        }

        /**
         * The rank of reduced element {@code number} in a tree reduction, 0 winning every tie: groups of 4,096
         * numbers, in each 512 threads, thread {@code t} taking {@code t}, {@code t + 512}, ... (the first of equal
         * ones kept), the threads meeting pairwise (the thread whose reversed 9 bits are smallest wins); the groups'
         * results reduced the same way. The highest base-4,096 digit in which two numbers differ decides.
         */
        private static long treeRank(long number) {
            long rank = 0;
            long weight = 1;
            for (long rest = number; rest > 0; rest /= 4_096, weight *= 4_096) {
                int digit = (int) (rest % 4_096);
                int thread = digit % 512;
                rank += ((Integer.reverse(thread) >>> 23) * 8L + digit / 512) * weight;
            }
            return rank;
        }

        /**
         * The runs: the dimensions of more than one element from the largest input stride to the smallest (equal
         * strides in dimension order), a new run wherever a dimension differs in kind (kept or reduced) from the one
         * before, or its stride times its size is not that one's stride, or, kept, its output stride times its size
         * is not that one's output stride.
         */
        private static int runs(long[] sizes, long[] strides, List<Long> axes, long[] outStrides) {
            List<Integer> memory = java.util.stream.IntStream.range(0, sizes.length).filter(d -> sizes[d] > 1)
                    .boxed().sorted(java.util.Comparator.comparingLong((Integer d) -> -strides[d])
                            .thenComparingInt(d -> d)).toList();
            int runs = 0;
            for (int i = 0; i < memory.size(); i++) {
                int d = memory.get(i);
                boolean isReduced = axes.contains((long) d);
                if (i == 0) {
                    runs++;
                    continue;
                }
                int before = memory.get(i - 1);
                boolean sameKind = axes.contains((long) before) == isReduced;
                boolean inputGoesOn = strides[before] == strides[d] * sizes[d];
                boolean outputGoesOn = isReduced || outStrides[before] == outStrides[d] * sizes[d];
                if (!(sameKind && inputGoesOn && outputGoesOn)) {
                    runs++;
                }
            }
            return runs;
        }

        /**
         * The reduced blocks of an input packed in some order of its dimensions of more than one element, its kept
         * ones in their own order: the reduced dimensions adjacent in memory, outermost block first, each its
         * dimensions outermost first; null for any other input.
         */
        private static List<List<Integer>> memoryBlocks(long[] sizes, long[] strides, List<Long> axes) {
            // From the outermost dimension in memory to the innermost.
            List<Integer> memory = java.util.stream.IntStream.range(0, sizes.length).filter(d -> sizes[d] > 1).boxed()
                    .sorted(java.util.Comparator.comparingLong((Integer d) -> -strides[d])).toList();
            long span = 1;
            for (int i = memory.size() - 1; i >= 0; i--) {
                if (strides[memory.get(i)] != span) {
                    return null;
                }
                span *= sizes[memory.get(i)];
            }
            List<List<Integer>> blocks = new java.util.ArrayList<>();
            int previousKept = -1;
            boolean previousReduced = false;
            for (int d : memory) {
                boolean isReduced = axes.contains((long) d);
                if (isReduced) {
                    if (!previousReduced) {
                        blocks.add(new java.util.ArrayList<>());
                    }
                    blocks.get(blocks.size() - 1).add(d);
                } else {
                    if (d < previousKept) {
                        return null;
                    }
                    previousKept = d;
                }
                previousReduced = isReduced;
            }
            return blocks;
        }

        /**
         * The split walk (§16.7 "Split walks") of an input packed in some order of its dimensions of more than one
         * element, its kept ones in their own order; null when there is none. Its reduced elements, read in memory
         * order, form one block of {@code n} elements with {@code inner} after it in memory: read as {@code p} parts of
         * {@code n / p}, the position in a part outer, the part inner; {@code p} 1 for an innermost block, else with
         * {@code inner} of 2 to 7 the largest power of two dividing {@code n}, at most 64, leaving parts of at least
         * {@code 8 / inner} elements, with 8 or more 1 up to 96 elements and past that the largest power of two
         * dividing {@code n}, at most 64 (up to {@code n * inner} of 1,048,576); from {@code n * inner} of 32,768 on,
         * halved into chunks, walked one after the other and each split so, while a chunk is a multiple of 128 and its
         * elements times {@code inner} reach 32,768; whole with 512 or more after it. Or two blocks apart in memory
         * (up to 98,304 reduced elements, and not with 512 or more after an outer block of more than 96): the
         * outer block of {@code a} elements with {@code inner} after it is
         * cut into chunks and read as parts as above (with one part: the outer block outer), but as parts of one
         * element when {@code inner} is 8 or more and a chunk at most 96; the inner block is walked whole between the position in
         * a part and the part.
         */
        private static ValueWalk split(long[] sizes, long[] strides, List<Long> axes) {
            List<List<Integer>> blocks = memoryBlocks(sizes, strides, axes);
            if (blocks == null || blocks.isEmpty() || blocks.size() > 2) {
                return null;
            }
            List<Integer> outer = blocks.get(0);
            long n = 1;
            for (int d : outer) {
                n *= sizes[d];
            }
            long inner = strides[outer.get(outer.size() - 1)];
            if (inner == 1 && blocks.size() == 1 || n * inner > 1_048_576) {
                return null;
            }
            long reducedCount = n;
            for (int d : blocks.size() == 2 ? blocks.get(1) : List.<Integer>of()) {
                reducedCount *= sizes[d];
            }
            if (blocks.size() == 2 && reducedCount > 98_304) {
                // Two blocks of more reduced elements: not modelled (131,072 was another order).
                return null;
            }
            if (inner >= 512 && (blocks.size() == 1 || n > 96)) {
                // One block with 512 or more after it is walked whole; two, with more than 96 outer, not modelled.
                return null;
            }
            // Cut into the most chunks, a power of two, of 64 parts each at least and 16,384 elements times inner.
            long chunkLength = n;
            while (chunkLength % 128 == 0 && chunkLength * inner >= 32_768) {
                chunkLength /= 2;
            }
            long parts;
            if (inner >= 8 && chunkLength <= 96) {
                // Whole, or, for the outer of two blocks, parts of one element.
                parts = blocks.size() == 1 ? 1 : chunkLength;
            } else {
                parts = Math.min(64, Long.lowestOneBit(chunkLength));
                while (inner < 8 && parts > 1 && chunkLength / parts * inner < 8) {
                    parts /= 2;
                }
            }
            if (parts == 1) {
                return null;
            }
            long partLength = chunkLength / parts;
            long chunk = chunkLength;
            long betweenCount = 1;
            List<Integer> inside = blocks.size() == 2 ? blocks.get(1) : List.of();
            for (int d : inside) {
                betweenCount *= sizes[d];
            }
            long insideStride = inside.isEmpty() ? 1 : strides[inside.get(inside.size() - 1)];
            long count = betweenCount;
            long partCount = parts;
            return at -> {
                // The element's number in the outer block and in the inner one, counted in memory order.
                long i = 0;
                for (int d : outer) {
                    i += at[d] * strides[d];
                }
                i /= inner;
                long j = 0;
                for (int d : inside) {
                    j += at[d] * strides[d];
                }
                j /= insideStride;
                long inChunk = i % chunk;
                return ((i / chunk * partLength + inChunk % partLength) * count + j) * partCount
                        + inChunk / partLength;
            };
        }
    }
}
