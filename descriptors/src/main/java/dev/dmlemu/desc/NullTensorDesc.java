package dev.dmlemu.desc;

/**
 * A NULL {@code const DML_TENSOR_DESC*}: what an optional tensor field holds when absent, and what the tensor fields
 * of an activation fused into another operator hold (DirectML takes the fusing operator's output there). C has no
 * tag for a missing desc; {@link #tensorType()} answers {@code INVALID} so that code asking only for the tag never
 * takes it for a buffer. Use {@link TensorDesc#NULL}.
 */
public record NullTensorDesc() implements TensorDesc {

    @Override
    public TensorType tensorType() {
        return TensorType.INVALID;
    }
}
