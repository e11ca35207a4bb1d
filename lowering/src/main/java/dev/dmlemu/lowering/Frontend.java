package dev.dmlemu.lowering;

/**
 * The framework operator and version being lowered. The versions differ in what they accept:
 * <ul>
 *   <li>bfloat16 data needs opset 13 in ONNX (GatherElements-13, Gather-13); OpenVINO has bf16 but no complex type;
 *   <li>negative indices (counting from the end of the axis) exist in ONNX from opset 11; ONNX Gather-1 and both
 *       OpenVINO operators bound indices to {@code [0, s-1]};
 *   <li>ONNX has a default axis (0); OpenVINO requires it (an attribute of GatherElements-6, the third input of
 *       Gather-1);
 *   <li>ONNX GatherElements allows indices smaller than the data in non-axis dimensions (as {@code torch.gather}
 *       does), OpenVINO GatherElements-6 requires them equal.
 * </ul>
 */
public enum Frontend {
    /** ONNX {@code GatherElements} since opset 11. */
    ONNX_11("ONNX GatherElements-11", FrameworkOperator.GATHER_ELEMENTS, Family.ONNX, false),
    /** ONNX {@code GatherElements} since opset 13 (adds bfloat16 data). */
    ONNX_13("ONNX GatherElements-13", FrameworkOperator.GATHER_ELEMENTS, Family.ONNX, true),
    /** OpenVINO opset6 {@code GatherElements}. */
    OPENVINO_6("OpenVINO GatherElements-6", FrameworkOperator.GATHER_ELEMENTS, Family.OPENVINO, false),
    /** ONNX {@code Gather} since opset 1: indices must lie in the axis, no negative ones. */
    ONNX_GATHER_1("ONNX Gather-1", FrameworkOperator.GATHER, Family.ONNX_BEFORE_11, false),
    /** ONNX {@code Gather} since opset 11: indices in {@code [-s, s-1]}. */
    ONNX_GATHER_11("ONNX Gather-11", FrameworkOperator.GATHER, Family.ONNX, false),
    /** ONNX {@code Gather} since opset 13 (adds bfloat16 data). */
    ONNX_GATHER_13("ONNX Gather-13", FrameworkOperator.GATHER, Family.ONNX, true),
    /** OpenVINO opset1 {@code Gather}: the axis is a required constant input. */
    OPENVINO_GATHER_1("OpenVINO Gather-1", FrameworkOperator.GATHER, Family.OPENVINO, false);

    /** What a framework's specs say about the axis, index signs and element types. */
    private enum Family {
        /** Default axis 0, indices in {@code [-s, s-1]}, complex types. */
        ONNX,
        /** As {@link #ONNX}, but indices in {@code [0, s-1]} ("All index values are expected to be within bounds"). */
        ONNX_BEFORE_11,
        /** The axis is required, indices in {@code [0, s-1]}, bf16 but no complex type. */
        OPENVINO
    }

    private final String displayName;
    private final FrameworkOperator operator;
    private final Family family;
    private final boolean onnxBfloat16;

    Frontend(String displayName, FrameworkOperator operator, Family family, boolean onnxBfloat16) {
        this.displayName = displayName;
        this.operator = operator;
        this.family = family;
        this.onnxBfloat16 = onnxBfloat16;
    }

    /** {@code "ONNX GatherElements-13"}, as messages name the operator. */
    public String displayName() {
        return displayName;
    }

    /** The operator this frontend is a version of. */
    public FrameworkOperator operator() {
        return operator;
    }

    public boolean isOnnx() {
        return family != Family.OPENVINO;
    }

    /** Whether an index may count from the end of the axis ({@code [-s, s-1]}); otherwise {@code [0, s-1]}. */
    public boolean allowsNegativeIndices() {
        return family == Family.ONNX;
    }

    /** Whether the node must give its axis (OpenVINO); ONNX defaults it to 0. */
    public boolean requiresAxis() {
        return family == Family.OPENVINO;
    }

    /** How the spec passes the axis, for messages: {@code "axis input"} (OpenVINO Gather-1), else "axis attribute". */
    String axisName() {
        return this == OPENVINO_GATHER_1 ? "axis input" : "axis attribute";
    }

    /** ONNX indices may be smaller than the data in a non-axis dimension; OpenVINO's must be equal there. */
    boolean allowsSmallerNonAxisIndices() {
        return isOnnx();
    }

    /** Whether {@code type} is in the operator's data type constraint {@code T}. */
    boolean acceptsDataType(ElementType type) {
        if (family == Family.OPENVINO) {
            // "any supported type"; OpenVINO has no complex element type.
            return type != ElementType.COMPLEX64 && type != ElementType.COMPLEX128;
        }
        // ONNX: every tensor type; bfloat16 joined the constraint in opset 13.
        return type != ElementType.BFLOAT16 || onnxBfloat16;
    }
}
