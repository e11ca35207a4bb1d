package dev.dmlemu.conformance;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded Strides for generated descs: packed, padded, broadcast (some strides 0) or permuted (a transposed view).
 * Shared by the agreement cases of every operator; draws from the generator's own random source.
 */
final class GeneratedStrides {

    private final SplittableRandom random;

    GeneratedStrides(SplittableRandom random) {
        this.random = random;
    }

    /** One of the four layouts, each as likely. */
    List<Long> any(long[] sizes) {
        return switch (random.nextInt(4)) {
            case 0 -> boxed(packed(sizes, 0));
            case 1 -> boxed(packed(sizes, 1 + random.nextInt(3)));
            case 2 -> broadcast(sizes);
            default -> permuted(sizes);
        };
    }

    /** Packed strides over sizes whose innermost extent is padded by {@code pad} elements. */
    static long[] packed(long[] sizes, int pad) {
        long[] strides = new long[sizes.length];
        long stride = 1;
        for (int i = sizes.length - 1; i >= 0; i--) {
            strides[i] = stride;
            stride *= sizes[i] + (i == sizes.length - 1 ? pad : 0);
        }
        return strides;
    }

    /** Packed strides with one or two of them 0. */
    List<Long> broadcast(long[] sizes) {
        long[] strides = packed(sizes, 0);
        strides[random.nextInt(sizes.length)] = 0;
        if (random.nextBoolean()) {
            strides[random.nextInt(sizes.length)] = 0;
        }
        return boxed(strides);
    }

    /** The strides of a packed tensor laid out in a random dimension order (a transposed view). */
    List<Long> permuted(long[] sizes) {
        int[] order = new int[sizes.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = order[i];
            order[i] = order[j];
            order[j] = swap;
        }
        long[] strides = new long[sizes.length];
        long stride = 1;
        for (int k = order.length - 1; k >= 0; k--) {
            strides[order[k]] = stride;
            stride *= sizes[order[k]];
        }
        return boxed(strides);
    }

    static List<Long> boxed(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }
}
