package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded REDUCE MAX and MIN cases that DirectML reduces as a tree of more than 1,024 elements
 * (docs/directml-behaviour.md §16.7, "Tree reductions"): FLOAT32 inputs of rank 5 to 7 whose odd dimensions are
 * reduced (so kept and reduced dimensions alternate in memory, five or more runs), 1,025 to about 150,000 reduced
 * elements per output, packed or with the first two kept dimensions swapped in memory; the values -1 (MAX) or +1 (MIN)
 * but for a few -0.0 and +0.0, so every output is one of many tied zeros. {@link #generateLongBlock}: one long
 * reduced block of a packed or transposed input instead, innermost (1,024 to 20,000 elements, about the 2,048 where
 * DirectML turns from a walk to the tree) or with 2 to 1,024 elements after it ({@code n * inner} from 8,192 to about
 * 1,000,000, where DirectML cuts the axis into chunks), or two blocks apart ({@code [a, k, c]} along 0 and 2, fewer than 512 elements after the outer one, up to 98,304
 * reduced elements).
 */
public final class ReduceTreeCases {

    private ReduceTreeCases() {}

    public static MovementCase generateLongBlock(long seed) {
        Random random = new Random(seed);
        long outer = 1 + random.nextInt(4);
        long[] sizes;
        long[] strides;
        List<Long> axes;
        int kind = random.nextInt(4);
        if (kind == 3) {
            // Two blocks apart: [a, k, c] along 0 and 2.
            long[] betweens = {2, 4, 8, 16};
            long k = betweens[random.nextInt(betweens.length)];
            long c = 2L << random.nextInt(4);
            long a = 1 + 2 * random.nextInt(6);
            while (a * k * c < 8_192
                    || random.nextInt(3) > 0 && a * k * c * 2 <= 1_048_576 && a * c * 2 <= 98_304) {
                a *= 2;
            }
            return withTiedZeros(random, new long[] {a, k, c}, new long[] {k * c, c, 1}, List.of(0L, 2L));
        }
        if (kind == 0) {
            long n = 1_024 + random.nextInt(random.nextBoolean() ? 2_048 : 19_000);
            sizes = new long[] {outer, n};
            strides = new long[] {n, 1};
            axes = List.of(1L);
        } else {
            long[] inners = {2, 3, 4, 6, 8, 16, 24, 32, 40, 64, 128, 256, 300, 512, 1024};
            long inner = inners[random.nextInt(inners.length)];
            long odd = 1 + 2 * random.nextInt(6);
            long n = odd;
            while (n * inner < 8_192 || random.nextInt(3) > 0 && n * inner * 2 <= 1_048_576) {
                n *= 2;
            }
            sizes = new long[] {outer, n, inner};
            strides = new long[] {n * inner, inner, 1};
            axes = List.of(1L);
        }
        if (random.nextInt(4) == 0) {
            // The reduced axis innermost in memory, the kept ones keeping their order.
            long innermost = sizes[1];
            strides[1] = 1;
            for (int d = sizes.length - 1, stride = (int) innermost; d >= 0; d--) {
                if (d != 1) {
                    strides[d] = stride;
                    stride *= (int) sizes[d];
                }
            }
        }
        return withTiedZeros(random, sizes, strides, axes);
    }

    public static MovementCase generate(long seed) {
        Random random = new Random(seed);
        int rank = 5 + random.nextInt(3);
        long[] sizes = new long[rank];
        List<Long> axes = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
            if (d % 2 == 1) {
                axes.add((long) d);
                sizes[d] = 1;
            } else {
                sizes[d] = 2 + random.nextInt(2);
            }
        }
        long least = 1_025 + random.nextInt(random.nextBoolean() ? 8_000 : 150_000);
        for (long reduced = 1; reduced < least; ) {
            int d = axes.get(random.nextInt(axes.size())).intValue();
            sizes[d] += 1 + random.nextInt((int) sizes[d]);
            reduced = 1;
            for (long axis : axes) {
                reduced *= sizes[(int) axis];
            }
        }
        int[] memoryOrder = new int[rank];
        for (int d = 0; d < rank; d++) {
            memoryOrder[d] = d;
        }
        if (random.nextBoolean()) {
            memoryOrder[0] = 2;
            memoryOrder[2] = 0;
        }
        long[] strides = new long[rank];
        long stride = 1;
        for (int k = rank - 1; k >= 0; k--) {
            strides[memoryOrder[k]] = stride;
            stride *= sizes[memoryOrder[k]];
        }
        return withTiedZeros(random, sizes, strides, axes);
    }

    /** MAX or MIN over an input of {@code sizes} and {@code strides}: -1 or +1 but for up to 1 % each of -0 and +0. */
    private static MovementCase withTiedZeros(Random random, long[] sizes, long[] strides, List<Long> axes) {
        BufferTensorDesc input = BufferTensorDesc.strided(TensorDataType.FLOAT32, Shapes.toList(sizes),
                Shapes.toList(strides));
        long[] outSizes = sizes.clone();
        for (long axis : axes) {
            outSizes[(int) axis] = 1;
        }
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, outSizes);
        boolean max = random.nextBoolean();
        byte[] bytes = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
        double zeros = random.nextDouble() * 0.01;
        for (int i = 0; i < bytes.length / 4; i++) {
            double u = random.nextDouble();
            float value = u < zeros ? -0f : u < 2 * zeros ? 0f : max ? -1f : 1f;
            LittleEndian.put(bytes, i * 4, 4, Float.floatToRawIntBits(value));
        }
        return new MovementCase(new ReduceOperatorDesc(max ? ReduceFunction.MAX : ReduceFunction.MIN, input, output,
                axes.size(), axes), List.of(TensorBytes.of(bytes)),
                List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes())));
    }
}
