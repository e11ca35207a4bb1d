package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One row of a DirectML tensor-support table: a tensor field, its kind, its supported dimension counts and its
 * supported data types (Chromium's {@code SupportedTensors}).
 *
 * @param field the C field name, e.g. {@code IndicesTensor}
 * @param kind input or output
 * @param dimensionCounts supported DimensionCounts
 * @param dataTypes supported DataTypes, in the docs' order
 */
public record TensorSupport(String field, TensorKind kind, DimensionCounts dimensionCounts,
        List<TensorDataType> dataTypes) {

    public TensorSupport {
        Objects.requireNonNull(field, "field");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(dimensionCounts, "dimensionCounts");
        dataTypes = List.copyOf(dataTypes);
    }

    public boolean supports(TensorDataType dataType) {
        // At most a dozen entries: a linear scan over enum references is as fast as a set.
        for (TensorDataType supported : dataTypes) {
            if (supported == dataType) {
                return true;
            }
        }
        return false;
    }

    public boolean supportsDimensionCount(long dimensionCount) {
        return dimensionCounts.contains(dimensionCount);
    }

    /** {@code UINT32} or {@code FLOAT64, FLOAT32, ...}: the allowed set for messages. */
    public String dataTypeNames() {
        return dataTypes.stream().map(TensorDataType::name).collect(Collectors.joining(", "));
    }
}
