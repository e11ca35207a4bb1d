package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import java.util.List;

/**
 * A tensor's logical elements in row-major order, read through its strides from an array holding the tensor at
 * offset {@code offset}: what two backends must agree on (DirectML may write an output's padding, §5.2).
 */
final class LogicalElements {

    private LogicalElements() {}

    static byte[] of(BufferTensorDesc tensor, byte[] array, int offset) {
        List<Long> sizes = tensor.sizes();
        List<Long> strides = tensor.effectiveStrides();
        if (!tensor.dataType().isByteAddressable()) {
            return nibbles(sizes, strides, array, offset);
        }
        int es = tensor.dataType().sizeInBytes();
        long count = sizes.stream().reduce(1L, Math::multiplyExact);
        byte[] logical = new byte[Math.toIntExact(count * es)];
        for (long e = 0; e < count; e++) {
            long element = elementOffset(e, sizes, strides);
            System.arraycopy(array, Math.toIntExact(offset + element * es), logical, (int) e * es, es);
        }
        return logical;
    }

    /** A 4-bit tensor's elements, one per byte (UINT4 and INT4 hold two per byte, the even one low). */
    private static byte[] nibbles(List<Long> sizes, List<Long> strides, byte[] array, int offset) {
        long count = sizes.stream().reduce(1L, Math::multiplyExact);
        byte[] logical = new byte[Math.toIntExact(count)];
        for (long e = 0; e < count; e++) {
            long element = elementOffset(e, sizes, strides);
            int packed = array[Math.toIntExact(offset + element / 2)];
            logical[(int) e] = (byte) ((element % 2 == 0 ? packed : packed >> 4) & 0xF);
        }
        return logical;
    }

    /** The element offset of the {@code e}-th element in row-major order. */
    private static long elementOffset(long e, List<Long> sizes, List<Long> strides) {
        long rest = e;
        long element = 0;
        for (int d = sizes.size() - 1; d >= 0; d--) {
            element += (rest % sizes.get(d)) * strides.get(d);
            rest /= sizes.get(d);
        }
        return element;
    }
}
