package dev.dmlemu.testkit;

import java.util.List;

/** Row-major arithmetic on sizes and strides in elements, written out here so the kit borrows none of it. */
final class Shapes {

    private Shapes() {}

    /** Strides of a packed tensor: the last dimension 1, each other the product of the sizes after it. */
    static long[] packedStrides(long[] sizes) {
        long[] strides = new long[sizes.length];
        long next = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            strides[d] = next;
            next *= sizes[d];
        }
        return strides;
    }

    static long product(long[] sizes) {
        long product = 1;
        for (long size : sizes) {
            product *= size;
        }
        return product;
    }

    /** The product, or an ArithmeticException where it leaves 64 bits. */
    static long productExact(long[] sizes) {
        long product = 1;
        for (long size : sizes) {
            product = Math.multiplyExact(product, size);
        }
        return product;
    }

    /** The coordinate of the {@code e}-th element in row-major order. */
    static long[] coordinate(long e, long[] sizes) {
        long[] coordinate = new long[sizes.length];
        for (int d = sizes.length - 1; d >= 0; d--) {
            coordinate[d] = e % sizes[d];
            e /= sizes[d];
        }
        return coordinate;
    }

    /** Sum of coordinate times stride: an element offset. */
    static long offset(long[] coordinate, long[] strides) {
        long offset = 0;
        for (int d = 0; d < coordinate.length; d++) {
            offset += coordinate[d] * strides[d];
        }
        return offset;
    }

    /** The offset of the last addressed element, plus one (DMLCalcBufferTensorSize's element count). */
    static long elementsSpanned(long[] sizes, long[] strides) {
        long last = 0;
        for (int d = 0; d < sizes.length; d++) {
            last += (sizes[d] - 1) * strides[d];
        }
        return last + 1;
    }

    static long[] toArray(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }

    static List<Long> toList(long[] values) {
        return java.util.Arrays.stream(values).boxed().toList();
    }
}
