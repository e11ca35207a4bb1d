package dev.dmlemu.desc;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code DML_BUFFER_TENSOR_DESC}, field for field in C order. Unsigned C fields are {@code long}; arrays are
 * immutable lists.
 *
 * <p>The record accepts any value of the right type (only nulls are refused): whether the desc is legal is the
 * validator's judgement, so a bad desc can still be represented and every problem in it reported.
 *
 * @param dataType {@code DataType}
 * @param flags {@code Flags}
 * @param dimensionCount {@code DimensionCount}; DirectML reads {@code Sizes} and {@code Strides} with this length
 * @param sizes {@code Sizes}, outermost dimension first
 * @param strides {@code Strides} in elements; empty means {@code nullptr}, i.e. packed
 * @param totalTensorSizeInBytes {@code TotalTensorSizeInBytes} ({@code UINT64}, held as its raw 64 bits: a negative
 *     long stands for 2^63 or more), at least {@link BufferTensorMath#calcBufferTensorSize}
 * @param guaranteedBaseOffsetAlignment {@code GuaranteedBaseOffsetAlignment}; 0 means no guarantee
 */
public record BufferTensorDesc(
        TensorDataType dataType,
        TensorFlags flags,
        long dimensionCount,
        List<Long> sizes,
        Optional<List<Long>> strides,
        long totalTensorSizeInBytes,
        long guaranteedBaseOffsetAlignment) implements TensorDesc {

    public BufferTensorDesc {
        Objects.requireNonNull(dataType, "dataType");
        Objects.requireNonNull(flags, "flags");
        sizes = List.copyOf(Objects.requireNonNull(sizes, "sizes"));
        strides = Objects.requireNonNull(strides, "strides").map(List::copyOf);
    }

    @Override
    public TensorType tensorType() {
        return TensorType.BUFFER;
    }

    /**
     * The common case: a packed tensor with no flags and no alignment guarantee, whose {@code DimensionCount} is the
     * number of sizes and whose {@code TotalTensorSizeInBytes} is {@code DMLCalcBufferTensorSize}.
     *
     * @throws TensorSizeOverflowException if the byte size does not fit in 64 bits
     */
    public static BufferTensorDesc packed(TensorDataType dataType, long... sizes) {
        return of(dataType, toList(sizes), Optional.empty());
    }

    /**
     * A strided tensor with no flags and no alignment guarantee; {@code TotalTensorSizeInBytes} is
     * {@code DMLCalcBufferTensorSize} of the sizes and strides.
     */
    public static BufferTensorDesc strided(TensorDataType dataType, List<Long> sizes, List<Long> strides) {
        return of(dataType, sizes, Optional.of(strides));
    }

    private static BufferTensorDesc of(TensorDataType dataType, List<Long> sizes, Optional<List<Long>> strides) {
        long total = BufferTensorMath.calcBufferTensorSize(dataType, sizes, strides);
        return new BufferTensorDesc(dataType, TensorFlags.NONE, sizes.size(), sizes, strides, total, 0);
    }

    /** The strides DirectML uses: the given ones, or the packed strides when none are given. */
    public List<Long> effectiveStrides() {
        return strides.orElseGet(() -> BufferTensorMath.packedStrides(sizes));
    }

    public BufferTensorDesc withDataType(TensorDataType newDataType) {
        return new BufferTensorDesc(newDataType, flags, dimensionCount, sizes, strides, totalTensorSizeInBytes,
                guaranteedBaseOffsetAlignment);
    }

    public BufferTensorDesc withFlags(TensorFlags newFlags) {
        return new BufferTensorDesc(dataType, newFlags, dimensionCount, sizes, strides, totalTensorSizeInBytes,
                guaranteedBaseOffsetAlignment);
    }

    public BufferTensorDesc withDimensionCount(long newDimensionCount) {
        return new BufferTensorDesc(dataType, flags, newDimensionCount, sizes, strides, totalTensorSizeInBytes,
                guaranteedBaseOffsetAlignment);
    }

    public BufferTensorDesc withSizes(List<Long> newSizes) {
        return new BufferTensorDesc(dataType, flags, dimensionCount, newSizes, strides, totalTensorSizeInBytes,
                guaranteedBaseOffsetAlignment);
    }

    public BufferTensorDesc withStrides(Optional<List<Long>> newStrides) {
        return new BufferTensorDesc(dataType, flags, dimensionCount, sizes, newStrides, totalTensorSizeInBytes,
                guaranteedBaseOffsetAlignment);
    }

    public BufferTensorDesc withTotalTensorSizeInBytes(long newTotal) {
        return new BufferTensorDesc(dataType, flags, dimensionCount, sizes, strides, newTotal,
                guaranteedBaseOffsetAlignment);
    }

    public BufferTensorDesc withGuaranteedBaseOffsetAlignment(long newAlignment) {
        return new BufferTensorDesc(dataType, flags, dimensionCount, sizes, strides, totalTensorSizeInBytes,
                newAlignment);
    }

    private static List<Long> toList(long[] values) {
        Long[] boxed = new Long[values.length];
        for (int i = 0; i < values.length; i++) {
            boxed[i] = values[i];
        }
        return List.of(boxed);
    }
}
