package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.execution.OperatorExecutionException;
import java.util.List;

/**
 * What the movement kernels check before planning: until the validator's shape rules for these operators land it
 * accepts shapes that disagree, and a kernel refuses (naming the rule) every desc whose copies would read or write
 * outside a tensor, instead of touching memory its bindings do not cover.
 */
final class Shapes {

    private Shapes() {}

    static long[] sizes(BufferTensorDesc tensor) {
        return tensor.sizes().stream().mapToLong(Long::longValue).toArray();
    }

    static long[] strides(BufferTensorDesc tensor) {
        return tensor.effectiveStrides().stream().mapToLong(Long::longValue).toArray();
    }

    /** The element offset of {@code coordinate} under {@code strides}: their dot product. */
    static long offset(long[] coordinate, long[] strides) {
        long offset = 0;
        for (int d = 0; d < coordinate.length; d++) {
            offset += coordinate[d] * strides[d];
        }
        return offset;
    }

    /** Steps {@code at} to the next coordinate of {@code sizes} in row-major order; false after the last. */
    static boolean nextCoordinate(long[] at, long[] sizes) {
        for (int d = at.length - 1; d >= 0; d--) {
            if (++at[d] < sizes[d]) {
                return true;
            }
            at[d] = 0;
        }
        return false;
    }

    /**
     * Whether {@code strides} are the packed ones of {@code sizes} along every dimension of more than one element (the
     * strides of one-element dimensions never move an element), in dimension order.
     */
    static boolean packedAlongEveryDimension(long[] sizes, long[] strides) {
        long packed = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            if (sizes[d] > 1 && strides[d] != packed) {
                return false;
            }
            packed = Math.multiplyExact(packed, sizes[d]);
        }
        return true;
    }

    /** The bytes per element; 4-bit types are refused (no movement kernel packs nibbles). */
    static int elementSize(OperatorType operator, BufferTensorDesc tensor) {
        if (!tensor.dataType().isByteAddressable()) {
            throw refuse(operator, "the emulator moves whole bytes; " + tensor.dataType() + " packs two per byte");
        }
        return tensor.dataType().sizeInBytes();
    }

    static void requireSameType(OperatorType operator, BufferTensorDesc a, BufferTensorDesc b, String names) {
        if (a.dataType() != b.dataType()) {
            throw refuse(operator, names + " must have the same DataType (" + a.dataType() + ", " + b.dataType() + ")");
        }
    }

    static void requireRank(OperatorType operator, String what, long dimensionCount, int rank) {
        if (dimensionCount != rank) {
            throw refuse(operator, what + " has " + rank + " dimensions, DimensionCount is " + dimensionCount);
        }
    }

    static void requireLength(OperatorType operator, String field, List<?> values, long dimensionCount) {
        if (values.size() != dimensionCount) {
            throw refuse(operator, field + " holds " + values.size() + " values, DimensionCount is " + dimensionCount);
        }
    }

    /**
     * That {@code count} elements from coordinate {@code start} stepping by {@code step} all lie in {@code [0, size)}.
     */
    static void requireInside(OperatorType operator, String what, long start, long step, long count, long size) {
        boolean inside;
        try {
            long last = Math.addExact(start, Math.multiplyExact(step, count - 1));
            inside = start >= 0 && start < size && last >= 0 && last < size;
        } catch (ArithmeticException e) {
            inside = false;
        }
        if (!inside) {
            throw refuse(operator, what + " reads " + count + " elements from " + start + " by " + step
                    + ", outside a dimension of " + size);
        }
    }

    static OperatorExecutionException refuse(OperatorType operator, String rule) {
        return new OperatorExecutionException(operator.cName() + ": the emulator cannot execute this desc: " + rule);
    }
}
