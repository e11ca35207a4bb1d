package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Objects;

/**
 * What {@link GatherElementsCases} draws from. {@link #defaults()} is everything a backend must handle; the other
 * settings narrow it for a consumer that cannot take everything (a real device's data types, a GPU's float handling,
 * a harness that uploads whole buffers).
 *
 * @param dataTypes input and output data types, drawn uniformly
 * @param indexTypes index data types, drawn uniformly
 * @param maxRank at most 8 dimensions
 * @param maxElements dimensions after the running product passes this (over {@code maxSize}) get size 1
 * @param maxSize most sizes are 1 to {@code maxSize}, a quarter of them up to {@code maxSize + 2}
 */
public record CaseOptions(List<TensorDataType> dataTypes, List<TensorDataType> indexTypes, int maxRank,
        int maxElements, int maxSize, Layout layout, IndexValues indexValues, ElementValues elementValues,
        Placement placement) {

    /** Every data type of the 4_1 block (docs/directml-behaviour.md §6.2). */
    public static final List<TensorDataType> ALL_DATA_TYPES = List.of(TensorDataType.FLOAT32,
            TensorDataType.FLOAT16, TensorDataType.FLOAT64, TensorDataType.INT8, TensorDataType.UINT8,
            TensorDataType.INT16, TensorDataType.UINT16, TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);
    public static final List<TensorDataType> ALL_INDEX_TYPES = List.of(TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);

    /** How the tensors' strides are drawn. */
    public enum Layout {
        /** No strides, and TotalTensorSizeInBytes exactly DMLCalcBufferTensorSize: the common case. */
        PACKED,
        /**
         * Absent, padded, transposed, or zero (broadcast) strides on input and indices; a size-1 dimension may carry
         * a zero or huge stride, which is never multiplied by a non-zero coordinate. Outputs never broadcast. Half
         * the tensors declare a few elements and bytes more than DMLCalcBufferTensorSize.
         */
        STRIDED
    }

    /** How the addressed index values are drawn. */
    public enum IndexValues {
        /** In range: {@code [-size, size)} for signed index types, {@code [0, size)} for unsigned ones. */
        IN_RANGE,
        /**
         * A quarter of the cases {@link #IN_RANGE}; the rest mix in-range, negative, just-out-of-range and huge values
         * (32-bit boundaries, values whose low 32 bits land back on the axis, 64-bit extremes).
         */
        MIXED
    }

    /** What the data buffers hold. */
    public enum ElementValues {
        /** Random bytes: any NaN payload, subnormal or infinity. */
        ANY_BITS,
        /**
         * Every whole element from the tensor's start is a finite float (normal, or -0.0) for floating-point types:
         * what text formats and GPUs carry unchanged. Integers are still any bits.
         */
        FINITE
    }

    /** Where each tensor sits in its array. */
    public enum Placement {
        /** At offset 0 in an array of exactly TotalTensorSizeInBytes. */
        EXACT,
        /** At an offset (not always a multiple of the element size) in a larger array with bytes to spare after. */
        OFFSET_WITH_SLACK
    }

    public CaseOptions {
        dataTypes = List.copyOf(dataTypes);
        indexTypes = List.copyOf(indexTypes);
        if (dataTypes.isEmpty() || indexTypes.isEmpty()) {
            throw new IllegalArgumentException("no data or index types to draw from");
        }
        if (!ALL_DATA_TYPES.containsAll(dataTypes) || !ALL_INDEX_TYPES.containsAll(indexTypes)) {
            throw new IllegalArgumentException("types outside GATHER_ELEMENTS' 4_1 block: " + dataTypes + " "
                    + indexTypes);
        }
        if (maxRank < 1 || maxRank > 8 || maxSize < 1 || maxElements < 1) {
            throw new IllegalArgumentException("rank 1-8, sizes and element counts from 1");
        }
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(indexValues, "indexValues");
        Objects.requireNonNull(elementValues, "elementValues");
        Objects.requireNonNull(placement, "placement");
    }

    /** Everything: every type, ranks 1-8, about 200 elements, strided, mixed indices, any bits, offsets and slack. */
    public static CaseOptions defaults() {
        return new CaseOptions(ALL_DATA_TYPES, ALL_INDEX_TYPES, 8, 200, 3, Layout.STRIDED, IndexValues.MIXED,
                ElementValues.ANY_BITS, Placement.OFFSET_WITH_SLACK);
    }

    public CaseOptions withDataTypes(List<TensorDataType> newDataTypes) {
        return new CaseOptions(newDataTypes, indexTypes, maxRank, maxElements, maxSize, layout, indexValues,
                elementValues, placement);
    }

    public CaseOptions withMaxRank(int newMaxRank) {
        return new CaseOptions(dataTypes, indexTypes, newMaxRank, maxElements, maxSize, layout, indexValues,
                elementValues, placement);
    }

    /** Larger shapes reach more of a backend's loops: longer rows, more rows, more tiles. */
    public CaseOptions withShapes(int newMaxElements, int newMaxSize) {
        return new CaseOptions(dataTypes, indexTypes, maxRank, newMaxElements, newMaxSize, layout, indexValues,
                elementValues, placement);
    }

    public CaseOptions with(Layout newLayout) {
        return new CaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, newLayout, indexValues,
                elementValues, placement);
    }

    public CaseOptions with(IndexValues newIndexValues) {
        return new CaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, newIndexValues,
                elementValues, placement);
    }

    public CaseOptions with(ElementValues newElementValues) {
        return new CaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, indexValues,
                newElementValues, placement);
    }

    public CaseOptions with(Placement newPlacement) {
        return new CaseOptions(dataTypes, indexTypes, maxRank, maxElements, maxSize, layout, indexValues,
                elementValues, newPlacement);
    }
}
