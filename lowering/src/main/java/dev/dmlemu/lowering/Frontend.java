package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.Frontend.Sets.AXIS;
import static dev.dmlemu.lowering.Frontend.Sets.BATCH_DIMS;
import static dev.dmlemu.lowering.Frontend.Sets.INT32_OR_64;
import static dev.dmlemu.lowering.Frontend.Sets.INT64_ONLY;
import static dev.dmlemu.lowering.Frontend.Sets.AXIS_REDUCTION;
import static dev.dmlemu.lowering.Frontend.Sets.NO_ATTRIBUTES;
import static dev.dmlemu.lowering.Frontend.Sets.NO_REDUCTIONS;
import static dev.dmlemu.lowering.Frontend.Sets.REDUCTION;
import static dev.dmlemu.lowering.Frontend.Sets.REDUCTIONS_16;
import static dev.dmlemu.lowering.Frontend.Sets.REDUCTIONS_18;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * The framework operator and version being lowered. The versions differ in what they accept:
 * <ul>
 *   <li>their attributes ({@link #attributes()}): an axis for GatherElements, Gather and ScatterElements,
 *       {@code batch_dims} for ONNX GatherND from opset 12, none for GatherND-11, {@code reduction} for ONNX
 *       ScatterElements and ScatterND from opset 16 ({@link #reductions()}: none, add, mul; max and min from 18);
 *   <li>their index types ({@link #indicesTypes()}): int32 and int64, but int64 only for ONNX GatherND;
 *   <li>bfloat16 data needs opset 13 in ONNX (GatherElements-13, Gather-13, GatherND-13, ScatterElements-13,
 *       ScatterND-13); OpenVINO has bf16 but no
 *       complex type;
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
    ONNX_11("ONNX GatherElements-11", FrameworkOperator.GATHER_ELEMENTS, Family.ONNX, false, AXIS, INT32_OR_64),
    /** ONNX {@code GatherElements} since opset 13 (adds bfloat16 data). */
    ONNX_13("ONNX GatherElements-13", FrameworkOperator.GATHER_ELEMENTS, Family.ONNX, true, AXIS, INT32_OR_64),
    /** OpenVINO opset6 {@code GatherElements}. */
    OPENVINO_6("OpenVINO GatherElements-6", FrameworkOperator.GATHER_ELEMENTS, Family.OPENVINO, false, AXIS,
            INT32_OR_64),
    /** ONNX {@code Gather} since opset 1: indices must lie in the axis, no negative ones. */
    ONNX_GATHER_1("ONNX Gather-1", FrameworkOperator.GATHER, Family.ONNX_BEFORE_11, false, AXIS, INT32_OR_64),
    /** ONNX {@code Gather} since opset 11: indices in {@code [-s, s-1]}. */
    ONNX_GATHER_11("ONNX Gather-11", FrameworkOperator.GATHER, Family.ONNX, false, AXIS, INT32_OR_64),
    /** ONNX {@code Gather} since opset 13 (adds bfloat16 data). */
    ONNX_GATHER_13("ONNX Gather-13", FrameworkOperator.GATHER, Family.ONNX, true, AXIS, INT32_OR_64),
    /** OpenVINO opset1 {@code Gather}: the axis is a required constant input. */
    OPENVINO_GATHER_1("OpenVINO Gather-1", FrameworkOperator.GATHER, Family.OPENVINO, false, AXIS, INT32_OR_64),
    /** ONNX {@code GatherND} since opset 11: int64 index tuples, each coordinate in {@code [-s, s-1]}. */
    ONNX_GATHER_ND_11("ONNX GatherND-11", FrameworkOperator.GATHER_ND, Family.ONNX, false, NO_ATTRIBUTES,
            INT64_ONLY),
    /** ONNX {@code GatherND} since opset 12 (adds {@code batch_dims}). */
    ONNX_GATHER_ND_12("ONNX GatherND-12", FrameworkOperator.GATHER_ND, Family.ONNX, false, BATCH_DIMS,
            INT64_ONLY),
    /** ONNX {@code GatherND} since opset 13 (adds bfloat16 data). */
    ONNX_GATHER_ND_13("ONNX GatherND-13", FrameworkOperator.GATHER_ND, Family.ONNX, true, BATCH_DIMS,
            INT64_ONLY),
    /** ONNX {@code ScatterElements} since opset 11: int32 or int64 indices in {@code [-s, s-1]}. */
    ONNX_SCATTER_ELEMENTS_11("ONNX ScatterElements-11", FrameworkOperator.SCATTER_ELEMENTS, Family.ONNX, false, AXIS,
            INT32_OR_64),
    /** ONNX {@code ScatterElements} since opset 13 (adds bfloat16 data). */
    ONNX_SCATTER_ELEMENTS_13("ONNX ScatterElements-13", FrameworkOperator.SCATTER_ELEMENTS, Family.ONNX, true, AXIS,
            INT32_OR_64),
    /** ONNX {@code ScatterElements} since opset 16 (adds {@code reduction}: none, add, mul). */
    ONNX_SCATTER_ELEMENTS_16("ONNX ScatterElements-16", FrameworkOperator.SCATTER_ELEMENTS, Family.ONNX, true,
            AXIS_REDUCTION, INT32_OR_64, REDUCTIONS_16),
    /** ONNX {@code ScatterElements} since opset 18 (adds the reductions max and min). */
    ONNX_SCATTER_ELEMENTS_18("ONNX ScatterElements-18", FrameworkOperator.SCATTER_ELEMENTS, Family.ONNX, true,
            AXIS_REDUCTION, INT32_OR_64, REDUCTIONS_18),
    /** ONNX {@code ScatterND} since opset 11: int64 index tuples. */
    ONNX_SCATTER_ND_11("ONNX ScatterND-11", FrameworkOperator.SCATTER_ND, Family.ONNX, false, NO_ATTRIBUTES,
            INT64_ONLY),
    /** ONNX {@code ScatterND} since opset 13 (adds bfloat16 data). */
    ONNX_SCATTER_ND_13("ONNX ScatterND-13", FrameworkOperator.SCATTER_ND, Family.ONNX, true, NO_ATTRIBUTES,
            INT64_ONLY),
    /** ONNX {@code ScatterND} since opset 16 (adds {@code reduction}: none, add, mul). */
    ONNX_SCATTER_ND_16("ONNX ScatterND-16", FrameworkOperator.SCATTER_ND, Family.ONNX, true, REDUCTION, INT64_ONLY,
            REDUCTIONS_16),
    /** ONNX {@code ScatterND} since opset 18 (adds the reductions max and min). */
    ONNX_SCATTER_ND_18("ONNX ScatterND-18", FrameworkOperator.SCATTER_ND, Family.ONNX, true, REDUCTION, INT64_ONLY,
            REDUCTIONS_18);

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
    private final Set<NodeAttribute> attributes;
    private final Set<ElementType> indicesTypes;
    private final Set<Reduction> reductions;

    Frontend(String displayName, FrameworkOperator operator, Family family, boolean onnxBfloat16,
            Set<NodeAttribute> attributes, Set<ElementType> indicesTypes) {
        this(displayName, operator, family, onnxBfloat16, attributes, indicesTypes, NO_REDUCTIONS);
    }

    Frontend(String displayName, FrameworkOperator operator, Family family, boolean onnxBfloat16,
            Set<NodeAttribute> attributes, Set<ElementType> indicesTypes, Set<Reduction> reductions) {
        this.displayName = displayName;
        this.operator = operator;
        this.family = family;
        this.onnxBfloat16 = onnxBfloat16;
        this.attributes = attributes;
        this.indicesTypes = indicesTypes;
        this.reductions = reductions;
    }

    /** The {@code reduction} values the operator version's spec defines; empty where it has no such attribute. */
    public Set<Reduction> reductions() {
        return reductions;
    }

    /** The attributes this operator version has. */
    public Set<NodeAttribute> attributes() {
        return attributes;
    }

    /** The index element types the operator version's spec allows, in ONNX code order. */
    public Set<ElementType> indicesTypes() {
        return indicesTypes;
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

    /** The sets the constants share (a nested class, so that they exist before the constants are built). */
    static final class Sets {
        static final Set<NodeAttribute> AXIS = Collections.unmodifiableSet(EnumSet.of(NodeAttribute.AXIS));
        static final Set<NodeAttribute> BATCH_DIMS =
                Collections.unmodifiableSet(EnumSet.of(NodeAttribute.BATCH_DIMS));
        static final Set<NodeAttribute> AXIS_REDUCTION =
                Collections.unmodifiableSet(EnumSet.of(NodeAttribute.AXIS, NodeAttribute.REDUCTION));
        static final Set<NodeAttribute> REDUCTION = Collections.unmodifiableSet(EnumSet.of(NodeAttribute.REDUCTION));
        static final Set<Reduction> NO_REDUCTIONS = Collections.unmodifiableSet(EnumSet.noneOf(Reduction.class));
        static final Set<Reduction> REDUCTIONS_16 =
                Collections.unmodifiableSet(EnumSet.of(Reduction.NONE, Reduction.ADD, Reduction.MUL));
        static final Set<Reduction> REDUCTIONS_18 = Collections.unmodifiableSet(EnumSet.allOf(Reduction.class));
        static final Set<NodeAttribute> NO_ATTRIBUTES =
                Collections.unmodifiableSet(EnumSet.noneOf(NodeAttribute.class));
        static final Set<ElementType> INT32_OR_64 =
                Collections.unmodifiableSet(EnumSet.of(ElementType.INT32, ElementType.INT64));
        static final Set<ElementType> INT64_ONLY = Collections.unmodifiableSet(EnumSet.of(ElementType.INT64));

        private Sets() {}
    }
}
