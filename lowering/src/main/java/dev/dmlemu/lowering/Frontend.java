package dev.dmlemu.lowering;

/**
 * The framework operator being lowered. The versions differ in what they accept: ONNX GatherElements-11 has no
 * bfloat16, ONNX allows indices smaller than the data in non-axis dimensions (as {@code torch.gather} does) and
 * defaults the axis to 0, while OpenVINO GatherElements-6 requires the axis and equal non-axis dimensions.
 */
public enum Frontend {
    /** ONNX {@code GatherElements} since opset 11. */
    ONNX_11("ONNX GatherElements-11"),
    /** ONNX {@code GatherElements} since opset 13 (adds bfloat16 data). */
    ONNX_13("ONNX GatherElements-13"),
    /** OpenVINO opset6 {@code GatherElements}. */
    OPENVINO_6("OpenVINO GatherElements-6");

    private final String displayName;

    Frontend(String displayName) {
        this.displayName = displayName;
    }

    /** {@code "ONNX GatherElements-13"}, as messages name the operator. */
    public String displayName() {
        return displayName;
    }

    public boolean isOnnx() {
        return this != OPENVINO_6;
    }

    /** ONNX indices may be smaller than the data in a non-axis dimension; OpenVINO's must be equal there. */
    boolean allowsSmallerNonAxisIndices() {
        return isOnnx();
    }

    /** Whether {@code type} is in the operator's data type constraint {@code T}. */
    boolean acceptsDataType(ElementType type) {
        return switch (this) {
            case ONNX_11 -> type != ElementType.BFLOAT16;
            case ONNX_13 -> true;
            // OpenVINO: "any supported type"; it has no complex element type.
            case OPENVINO_6 -> type != ElementType.COMPLEX64 && type != ElementType.COMPLEX128;
        };
    }
}
