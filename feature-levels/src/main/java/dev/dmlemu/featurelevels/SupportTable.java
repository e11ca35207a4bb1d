package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One "Tensor support" block of a DirectML operator page, e.g. "DML_FEATURE_LEVEL_3_0 and above": a row per tensor
 * field, in C field order. It applies from {@link #since()} up to the level before the next block.
 *
 * @param operatorType the operator the table belongs to
 * @param since the level in the block's title
 * @param tensors one row per tensor field, in C field order
 */
public record SupportTable(OperatorType operatorType, FeatureLevel since, List<TensorSupport> tensors) {

    public SupportTable {
        Objects.requireNonNull(operatorType, "operatorType");
        Objects.requireNonNull(since, "since");
        tensors = List.copyOf(tensors);
    }

    /** The row of a tensor field by C name, e.g. {@code "IndicesTensor"}. */
    public Optional<TensorSupport> tensor(String field) {
        for (TensorSupport row : tensors) {
            if (row.field().equals(field)) {
                return Optional.of(row);
            }
        }
        return Optional.empty();
    }

    /**
     * A block laid out as every gather operator's is: rows InputTensor and OutputTensor take {@code data},
     * IndicesTensor takes {@code indices}, all three {@code dims}.
     */
    static SupportTable inputIndicesOutput(OperatorType operatorType, FeatureLevel since, DimensionCounts dims,
            List<TensorDataType> data, List<TensorDataType> indices) {
        return new SupportTable(operatorType, since, List.of(
                new TensorSupport("InputTensor", TensorKind.INPUT, dims, data),
                new TensorSupport("IndicesTensor", TensorKind.INPUT, dims, indices),
                new TensorSupport("OutputTensor", TensorKind.OUTPUT, dims, data)));
    }

    /**
     * A block laid out as every scatter operator's is: rows InputTensor, UpdatesTensor and OutputTensor take
     * {@code data}, IndicesTensor takes {@code indices}, all four {@code dims}.
     */
    static SupportTable inputIndicesUpdatesOutput(OperatorType operatorType, FeatureLevel since,
            DimensionCounts dims, List<TensorDataType> data, List<TensorDataType> indices) {
        return new SupportTable(operatorType, since, List.of(
                new TensorSupport("InputTensor", TensorKind.INPUT, dims, data),
                new TensorSupport("IndicesTensor", TensorKind.INPUT, dims, indices),
                new TensorSupport("UpdatesTensor", TensorKind.INPUT, dims, data),
                new TensorSupport("OutputTensor", TensorKind.OUTPUT, dims, data)));
    }

}
