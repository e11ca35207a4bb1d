package dev.dmlemu.desc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * DirectML's buffer-tensor arithmetic ("DirectML helper functions", {@code DirectMLX.h}), in exact 64-bit
 * arithmetic: where DirectMLX accumulates in a 32-bit {@code UINT} and silently wraps, these functions throw
 * {@link TensorSizeOverflowException}. Sizes and strides are read as unsigned values that the caller has kept in
 * {@code [0, 2^32)}; a negative value is refused with {@link IllegalArgumentException}.
 */
public final class BufferTensorMath {

    /** {@code DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT}: every buffer tensor is at least this aligned. */
    public static final int MINIMUM_BUFFER_TENSOR_ALIGNMENT = 16;

    /** DirectML's cap on a tensor's element count: {@code 2^32 - 1}. */
    public static final long MAX_ELEMENT_COUNT = 0xFFFF_FFFFL;

    private BufferTensorMath() {}

    /**
     * Packed strides in elements: {@code Strides[n-1] = 1}, {@code Strides[i] = Strides[i+1] * Sizes[i+1]}.
     * For sizes {@code {2,3,4}} that is {@code {12,4,1}}.
     *
     * @throws TensorSizeOverflowException if a stride exceeds 64 bits
     */
    public static List<Long> packedStrides(List<Long> sizes) {
        checkNonNegative("Sizes", sizes);
        Long[] strides = new Long[sizes.size()];
        long stride = 1;
        for (int i = sizes.size() - 1; i >= 0; i--) {
            strides[i] = stride;
            // The outermost size never feeds a stride: multiplying it in could overflow for strides that fit.
            if (i > 0) {
                stride = multiply(stride, sizes.get(i), "packed stride");
            }
        }
        return List.of(strides);
    }

    /**
     * {@code product(Sizes)}; 1 for no dimensions.
     *
     * @throws TensorSizeOverflowException if the product exceeds 64 bits
     */
    public static long elementCount(List<Long> sizes) {
        checkNonNegative("Sizes", sizes);
        long count = 1;
        for (long size : sizes) {
            count = multiply(count, size, "element count");
        }
        return count;
    }

    /**
     * {@code IndexOfLastElement = dot(Sizes - 1, Strides)}: the element offset of the last addressed element.
     *
     * @throws IllegalArgumentException if any size is 0 (no element is addressed) or the lengths differ
     * @throws TensorSizeOverflowException if the sum exceeds 64 bits
     */
    public static long indexOfLastElement(List<Long> sizes, List<Long> strides) {
        checkNonNegative("Sizes", sizes);
        checkNonNegative("Strides", strides);
        if (sizes.size() != strides.size()) {
            throw new IllegalArgumentException(
                    "Sizes has " + sizes.size() + " entries but Strides has " + strides.size());
        }
        long index = 0;
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) == 0) {
                throw new IllegalArgumentException("Sizes[" + i + "] is 0: the tensor addresses no element");
            }
            index = add(index, multiply(sizes.get(i) - 1, strides.get(i), "index of last element"),
                    "index of last element");
        }
        return index;
    }

    /**
     * {@code DMLCalcBufferTensorSize}: the minimum {@code TotalTensorSizeInBytes} of a tensor.
     *
     * <pre>
     *   elements = Strides absent ? product(Sizes) : dot(Sizes - 1, Strides) + 1
     *   bytes    = ceil(elements * bitsPerElement / 8)      (UINT4/INT4 pack two elements per byte)
     *   result   = (bytes + 3) &amp; ~3                       (rounded up to a multiple of 4)
     * </pre>
     *
     * A zero stride (broadcast) shrinks the result: sizes {@code {2,3}} with strides {@code {0,1}} address 3
     * elements. A tensor with a zero size addresses nothing and needs 0 bytes.
     *
     * @throws IllegalArgumentException for {@link TensorDataType#UNKNOWN} (DirectMLX answers 0; we refuse), a
     *     negative size or stride, or strides whose length differs from the sizes'
     * @throws TensorSizeOverflowException if any step exceeds 64 bits
     */
    public static long calcBufferTensorSize(TensorDataType dataType, List<Long> sizes, Optional<List<Long>> strides) {
        if (dataType == TensorDataType.UNKNOWN) {
            throw new IllegalArgumentException("DMLCalcBufferTensorSize: DataType UNKNOWN has no element size");
        }
        checkNonNegative("Sizes", sizes);
        if (sizes.contains(0L)) {
            return 0;
        }
        long elements = strides.isPresent()
                ? add(indexOfLastElement(sizes, strides.get()), 1, "element count")
                : elementCount(sizes);
        return roundUpToMultipleOf4(bytesOf(elements, dataType.sizeInBits()));
    }

    /** {@code DMLCalcBufferTensorSize} of a desc's data type, sizes and strides (its DimensionCount is not read). */
    public static long calcBufferTensorSize(BufferTensorDesc desc) {
        return calcBufferTensorSize(desc.dataType(), desc.sizes(), desc.strides());
    }

    /**
     * {@code ceil(elements * bitsPerElement / 8)} without forming the bit count, which can exceed 64 bits while the
     * byte count still fits.
     */
    static long bytesOf(long elements, int bitsPerElement) {
        long wholeOctets = multiply(elements / 8, bitsPerElement, "byte count");
        long restBits = (elements % 8) * bitsPerElement;
        return add(wholeOctets, (restBits + 7) / 8, "byte count");
    }

    /** The most elements {@link #addressing} enumerates when the strides are not nested. */
    static final long ADDRESSING_ENUMERATION_LIMIT = 1 << 20;

    /**
     * Whether every coordinate of a strided tensor has its own element offset. Dimensions of size 1 are ignored.
     * The strides are <em>nested</em> when, taken from smallest to largest, each is larger than the span of the ones
     * before it ({@code stride > sum((size - 1) * stride)}): then the layout is {@link ElementAddressing#DISTINCT}
     * without looking further. Otherwise, up to {@value #ADDRESSING_ENUMERATION_LIMIT} elements are enumerated to
     * find a shared offset; a larger tensor is {@link ElementAddressing#UNDECIDED}.
     *
     * <p>Sizes {@code {2,3}} with strides {@code {4,2}} overlap (coordinates (1,0) and (0,2) are both offset 4);
     * with strides {@code {3,2}} they do not, although those strides are not nested.
     *
     * @throws IllegalArgumentException if the lengths differ or a size or stride is negative
     */
    public static ElementAddressing addressing(List<Long> sizes, List<Long> strides) {
        checkNonNegative("Sizes", sizes);
        checkNonNegative("Strides", strides);
        if (sizes.size() != strides.size()) {
            throw new IllegalArgumentException(
                    "Sizes has " + sizes.size() + " entries but Strides has " + strides.size());
        }
        List<long[]> dims = new ArrayList<>(); // {stride, size} of each dimension of size > 1
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) > 1) {
                dims.add(new long[] {strides.get(i), sizes.get(i)});
            }
        }
        dims.sort((a, b) -> Long.compare(a[0], b[0]));
        long span = 0; // the largest offset reachable with the dimensions seen so far
        boolean nested = true;
        for (long[] dim : dims) {
            if (dim[0] <= span || dim[0] == 0) {
                nested = false;
                break;
            }
            span = add(span, multiply(dim[0], dim[1] - 1, "stride span"), "stride span");
        }
        if (nested) {
            return ElementAddressing.DISTINCT;
        }
        long count = 1;
        for (long[] dim : dims) {
            count = multiply(count, dim[1], "element count");
            if (count > ADDRESSING_ENUMERATION_LIMIT) {
                return ElementAddressing.UNDECIDED;
            }
        }
        long[] offsets = new long[(int) count];
        int filled = 1; // offsets[0] = 0: the first element
        for (long[] dim : dims) {
            int before = filled;
            for (long k = 1; k < dim[1]; k++) {
                long step = multiply(dim[0], k, "element offset");
                for (int j = 0; j < before; j++) {
                    offsets[filled++] = add(offsets[j], step, "element offset");
                }
            }
        }
        Arrays.sort(offsets);
        for (int i = 1; i < offsets.length; i++) {
            if (offsets[i] == offsets[i - 1]) {
                return ElementAddressing.OVERLAPPING;
            }
        }
        return ElementAddressing.DISTINCT;
    }

    /** {@code (bytes + 3) & ~3}. */
    public static long roundUpToMultipleOf4(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative byte count " + bytes);
        }
        return add(bytes, 3, "byte count") & ~3L;
    }

    private static void checkNonNegative(String field, List<Long> values) {
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) < 0) {
                throw new IllegalArgumentException(field + "[" + i + "] is negative (" + values.get(i)
                        + "); DirectML reads it as an unsigned 32-bit value");
            }
        }
    }

    private static long multiply(long a, long b, String what) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new TensorSizeOverflowException(what + " overflows 64 bits (" + a + " * " + b + ")");
        }
    }

    private static long add(long a, long b, String what) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw new TensorSizeOverflowException(what + " overflows 64 bits (" + a + " + " + b + ")");
        }
    }
}
