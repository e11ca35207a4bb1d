package dev.dmlemu.featurelevels.support;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.DimensionCounts;
import dev.dmlemu.featurelevels.TensorSupport;
import java.util.List;
import java.util.Objects;

/**
 * One row of a documented tensor-support table. A tensor array ({@code InputTensors}) is one row for all its
 * members, as the docs write it.
 *
 * @param field the C field name, e.g. {@code CTensor}
 * @param kind the docs' Kind column, optional and array rows included
 * @param dimensionCounts supported DimensionCounts
 * @param dataTypes supported DataTypes in the docs' order; empty where the docs leave the cell empty
 */
public record DocumentedTensor(String field, RowKind kind, DimensionCounts dimensionCounts,
        List<TensorDataType> dataTypes) {

    public DocumentedTensor {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(dimensionCounts, "dimensionCounts");
        dataTypes = List.copyOf(dataTypes);
    }

    /** The row as the validator's type, which knows only input and output. */
    public TensorSupport toTensorSupport() {
        return new TensorSupport(field, kind.direction(), dimensionCounts, dataTypes);
    }
}
