package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The checks and desc-building steps every gather lowering shares, for one node at one level: the framework's own
 * rules (shapes, axis, types), how data and index types map onto DirectML's at the level, DirectML's 32-bit limits,
 * and the final validation. Each failed check throws a {@link Refusal}.
 */
final class LoweringChecks {

    /** DirectML's UINT fields. */
    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private final FrameworkNode node;
    private final FeatureLevel target;
    private final LoweringOptions options;
    private final String op;

    LoweringChecks(FrameworkNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.options = options;
        this.op = node.frontend().displayName();
    }

    /** {@code "ONNX Gather-13"}: how messages name the operator. */
    String op() {
        return op;
    }

    /** The DirectML operator's short name in messages: {@code "GatherElements"}. */
    private String dmlName() {
        return node.frontend().operator().displayName();
    }

    /** No input (data, indices, and updates for a scatter) has a negative dimension. */
    void checkNoNegativeDimensions() {
        for (FrameworkTensor input : node.inputs()) {
            checkNoNegativeDimension(input.name().toLowerCase(Locale.ROOT), node.shapeOf(input));
        }
    }

    /**
     * A scatter's {@code reduction}: a value its version defines, and {@code "none"}, the only one DirectML's
     * scatters have (docs/directml-behaviour.md §12.1, §13.1).
     */
    void checkReductionNone(ScatterNode scatter) {
        Reduction reduction = scatter.reduction().orElse(Reduction.NONE);
        if (scatter.reduction().isPresent() && !node.frontend().reductions().contains(reduction)) {
            throw refuse(LoweringRule.REDUCTION_NOT_IN_OPERATOR_VERSION, null, op + ": reduction \""
                    + reduction.onnxName() + "\" is not defined by the operator version (max and min came with ONNX "
                    + dmlName() + "-18)");
        }
        if (reduction != Reduction.NONE) {
            throw refuse(LoweringRule.REDUCTION_NOT_SUPPORTED, null, op + ": reduction \"" + reduction.onnxName()
                    + "\" combines each update with the element it targets, but DirectML's "
                    + node.frontend().operator().dmlOperator().name() + " has no reduction (it only overwrites), so a "
                    + "backend must lower this node otherwise; only reduction \"none\" lowers onto it");
        }
    }

    /**
     * The 1_0 support table of Gather and ScatterElements (used up to 2_0) holds FLOAT32 and FLOAT16 data only; the
     * other types need 2_1 (docs/directml-behaviour.md §10.2, §12.2).
     */
    void checkDataTypeAtLevel(DataTypeMapping data) {
        TensorDataType type = data.dmlType();
        if (target.isBelow(FeatureLevel.LEVEL_2_1) && type != TensorDataType.FLOAT32
                && type != TensorDataType.FLOAT16) {
            throw refuse(LoweringRule.DATA_TYPE_NEEDS_2_1, FeatureLevel.LEVEL_2_1, op + ": "
                    + node.dataType() + " data is " + type.name() + " in DirectML" + (data.splitsIntoLanes()
                            ? " lanes" : "") + ", but at " + target.cName() + " DirectML " + dmlName() + " takes "
                    + "FLOAT32 and FLOAT16 data only; the other types need DML_FEATURE_LEVEL_2_1");
        }
    }

    private void checkNoNegativeDimension(String tensor, List<Long> shape) {
        for (int i = 0; i < shape.size(); i++) {
            if (shape.get(i) < 0) {
                throw refuse(LoweringRule.NEGATIVE_DIMENSION, null, op + ": " + tensor + " shape " + shape
                        + " has a negative dimension " + i + "; shapes must be concrete and non-negative");
            }
        }
    }

    /**
     * The node's axis counted from the front, for data seen as {@code rank} dimensions (the data's own rank unless a
     * scalar is viewed as 1-D).
     */
    int normalizedAxis(AxisNode node, int rank) {
        if (node.axis().isEmpty() && node.frontend().requiresAxis()) {
            throw refuse(LoweringRule.AXIS_REQUIRED, null, op + ": the " + node.frontend().axisName()
                    + " is required");
        }
        long axis = node.axis().orElse(0);
        int shownRank = node.dataShape().size();
        if (axis < -rank || axis >= rank) {
            throw refuse(LoweringRule.AXIS_OUT_OF_RANGE, null, op + ": axis " + axis + " is outside [" + -shownRank
                    + ", " + (shownRank - 1) + "] for data of rank " + shownRank
                    + (shownRank == rank ? "" : " (viewed as rank " + rank + ": [" + -rank + ", " + (rank - 1) + "])"));
        }
        return (int) NodeRecords.frontAxis(node.axis(), rank);
    }

    /** The operator version's index types: int32 or int64, or int64 alone for ONNX GatherND. */
    void checkIndicesType() {
        ElementType type = node.indicesType();
        Set<ElementType> allowed = node.frontend().indicesTypes();
        if (!allowed.contains(type)) {
            String names = allowed.stream().map(ElementType::onnxName).collect(Collectors.joining(" or "));
            throw refuse(LoweringRule.INDICES_TYPE_NOT_ALLOWED, null, op + ": indices of type " + type
                    + " are not allowed; the operator takes " + names + " indices");
        }
    }

    void checkDataTypeAllowed() {
        ElementType type = node.dataType();
        if (!node.frontend().acceptsDataType(type)) {
            String hint = type == ElementType.BFLOAT16 ? "; bfloat16 data needs ONNX " + dmlName() + "-13" : "";
            throw refuse(LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION, null, op + ": data of type " + type
                    + " is not in the operator's type constraint T" + hint);
        }
        if (type == ElementType.STRING) {
            throw refuse(LoweringRule.STRING_DATA, null, op + ": string data has no fixed element size and no "
                    + "DirectML tensor data type at any feature level");
        }
    }

    /** Call once the axis is known to be valid: the message names the output shape. */
    void checkNotEmpty() {
        boolean empty = node.inputs().stream().anyMatch(input -> node.shapeOf(input).contains(0L));
        if (!empty) {
            return;
        }
        String sizeZero = " has a dimension of size 0, which DirectML cannot express (a size of 0 is invalid)";
        if (node.inputs().contains(FrameworkTensor.UPDATES)) {
            // A scatter with no update is legal: its output is the data, unchanged.
            throw refuse(LoweringRule.EMPTY_TENSOR, null, op + ": data " + node.dataShape() + ", indices "
                    + node.indicesShape() + " or updates " + node.shapeOf(FrameworkTensor.UPDATES) + sizeZero
                    + "; " + (node.dataShape().contains(0L) ? "the output " + node.outputShape() + " is empty"
                            : "with no update the output is the data unchanged, a copy that needs no scatter")
                    + ", so there is nothing to dispatch");
        }
        throw refuse(LoweringRule.EMPTY_TENSOR, null, op + ": data " + node.dataShape() + " or indices "
                + node.indicesShape() + sizeZero + "; the output " + node.outputShape() + " is empty or the node is "
                + "invalid, so there is nothing to dispatch");
    }

    /** How the data is held at the target level: natively, or (on request) as UINT32 lanes. */
    DataTypeMapping mapDataType() {
        ElementType type = node.dataType();
        boolean lanesAllowed = options.wideElements() == WideElementHandling.SPLIT_INTO_UINT32_LANES;
        Optional<DataTypeMapping> mapping = DataTypeMapping.nativeMapping(type);
        if (mapping.isEmpty()) {
            if (lanesAllowed) {
                return DataTypeMapping.uint32Lanes(type);
            }
            throw refuse(LoweringRule.COMPLEX_DATA, null, op + ": " + type + " data has no DirectML tensor data "
                    + "type at any feature level (WideElementHandling.SPLIT_INTO_UINT32_LANES moves each element as "
                    + (type.sizeInBytes() / 4) + " UINT32 lanes)");
        }
        DataTypeMapping mapped = mapping.get();
        boolean is64Bit = mapped.dmlType().sizeInBits() == 64;
        if (is64Bit && target.isBelow(FeatureLevel.LEVEL_4_1)) {
            if (lanesAllowed) {
                return DataTypeMapping.uint32Lanes(type);
            }
            throw refuse(LoweringRule.DATA_64_BIT_NEEDS_4_1, FeatureLevel.LEVEL_4_1, op + ": " + type + " data is "
                    + mapped.dmlType().name() + " in DirectML, which " + dmlName() + " accepts from "
                    + "DML_FEATURE_LEVEL_4_1, not at " + target.cName()
                    + " (WideElementHandling.SPLIT_INTO_UINT32_LANES moves each element as 2 UINT32 lanes)");
        }
        return mapped;
    }

    /**
     * Whether indices are read as UINT32, as they must be below 3_0 (the only index type there); refuses indices
     * that may be negative then.
     */
    boolean indicesAsUint32() {
        boolean asUint32 = target.isBelow(FeatureLevel.LEVEL_3_0);
        if (asUint32 && node.indexSign() == IndexSign.MAY_BE_NEGATIVE) {
            throw refuse(LoweringRule.NEGATIVE_INDICES_NEED_3_0, FeatureLevel.LEVEL_3_0, op + ": indices ("
                    + node.indicesType() + ") may be negative, but at " + target.cName() + " IndicesTensor is "
                    + "UINT32 only; signed indices that count from the end need DML_FEATURE_LEVEL_3_0 (state that "
                    + "the indices are non-negative to have them read as UINT32)");
        }
        return asUint32;
    }

    /** The IndicesTensor's type: UINT32 below 3_0, else the framework's own width. */
    TensorDataType indicesDataType(boolean asUint32) {
        return asUint32 ? TensorDataType.UINT32
                : node.indicesType() == ElementType.INT64 ? TensorDataType.INT64 : TensorDataType.INT32;
    }

    /** Whether the indices are int64 read as their UINT32 low halves (doubled strides). */
    boolean readsLowHalves(boolean asUint32) {
        return asUint32 && node.indicesType() == ElementType.INT64;
    }

    /**
     * The IndicesTensor of a desc whose tensors share {@code dimensionCount}: the indices' own {@code sizes} packed, or
     * their int64 values' UINT32 low halves (strides doubled), padded with leading 1s whose stride spans the whole
     * tensor.
     */
    BufferTensorDesc indicesTensor(String field, List<Long> sizes, int dimensionCount, TensorDataType type,
            boolean lowHalves) {
        List<Long> padded = new ArrayList<>(sizes);
        List<Long> strides = new ArrayList<>();
        if (lowHalves && !padded.isEmpty()) {
            strides.addAll(scaled(BufferTensorMath.packedStrides(padded), 2));
        }
        long outer = strides.isEmpty() ? 0 : Math.multiplyExact(padded.get(0), strides.get(0));
        padLeading(padded, strides, dimensionCount - padded.size(), outer);
        return tensor(field, type, padded, strides);
    }

    /**
     * How a framework tensor's shape became its DirectML sizes in a desc of {@code dimensionCount} dimensions: a
     * scalar viewed as one element, dimensions merged, leading 1s added.
     */
    static List<Adjustment> shapeAdjustments(List<Long> framework, List<Long> viewed, int dimensionCount) {
        List<Adjustment> adjustments = new ArrayList<>();
        if (framework.isEmpty()) {
            adjustments.add(Adjustment.SCALAR_AS_1D);
        }
        if (!viewed.equals(framework)) {
            adjustments.add(Adjustment.DIMENSIONS_MERGED);
        }
        if (dimensionCount > Math.max(1, viewed.size())) {
            adjustments.add(Adjustment.RANK_PADDED);
        }
        return adjustments;
    }

    /** The index adjustment of the IndicesTensor's type: int64 low halves or int32 read as UINT32, or none. */
    static void addIndexReinterpretation(List<Adjustment> adjustments, boolean asUint32, boolean lowHalves) {
        if (lowHalves) {
            adjustments.add(Adjustment.INT64_LOW_HALVES_AS_UINT32);
        } else if (asUint32) {
            adjustments.add(Adjustment.INT32_AS_UINT32);
        }
    }

    /** The product of {@code sizes}, overflow-checked. */
    static long product(List<Long> sizes) {
        long product = 1;
        for (long size : sizes) {
            product = Math.multiplyExact(product, size);
        }
        return product;
    }

    /** A desc, packed when {@code strides} is empty; checked against DirectML's limits. */
    BufferTensorDesc tensor(String field, TensorDataType type, List<Long> sizes, List<Long> strides) {
        List<Long> packed = BufferTensorMath.packedStrides(sizes);
        boolean isPacked = strides.isEmpty();
        long elements = BufferTensorMath.elementCount(sizes);
        if (elements > BufferTensorMath.MAX_ELEMENT_COUNT) {
            throw refuse(LoweringRule.TENSOR_TOO_LARGE, null, op + ": " + field + " " + sizes + " has " + elements
                    + " elements; DirectML allows at most 2^32 - 1");
        }
        List<Long> effective = isPacked ? packed : strides;
        long last = BufferTensorMath.indexOfLastElement(sizes, effective);
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) > UINT32_MAX || effective.get(i) > UINT32_MAX) {
                throw refuse(LoweringRule.TENSOR_TOO_LARGE, null, op + ": " + field + " dimension " + i + " has size "
                        + sizes.get(i) + " and stride " + effective.get(i) + "; DirectML holds both in 32 bits");
            }
        }
        if (last > UINT32_MAX) {
            throw refuse(LoweringRule.TENSOR_TOO_LARGE, null, op + ": " + field + " addresses element " + last
                    + "; DirectML computes element offsets in 32 bits");
        }
        return isPacked
                ? BufferTensorDesc.packed(type, sizes.stream().mapToLong(Long::longValue).toArray())
                : BufferTensorDesc.strided(type, sizes, strides);
    }

    /** Strides only where they differ from packed ones (empty for packed). */
    static List<Long> unlessPacked(List<Long> sizes, List<Long> strides) {
        return strides.equals(BufferTensorMath.packedStrides(sizes)) ? List.of() : strides;
    }

    /** The validator's verdict at the target level; a rejection is a lowering defect, reported as a refusal. */
    ValidatedOperator validated(OperatorDesc desc) {
        ValidationResult validation = VALIDATOR.validate(desc, target);
        if (!validation.isValid()) {
            throw refuse(LoweringRule.DESC_REJECTED_BY_VALIDATOR, null, op + ": the lowered desc is not valid at "
                    + target.cName() + ": " + validation.errors());
        }
        return validation.validated();
    }

    /** The same node, too large for DirectML: a size computation overflowed. */
    Refusal tooLarge(ArithmeticException e) {
        return refuse(LoweringRule.TENSOR_TOO_LARGE, null, op + ": data " + node.dataShape() + " or indices "
                + node.indicesShape() + " is too large for DirectML (" + e.getMessage() + ")");
    }

    static List<Long> scaled(List<Long> strides, long factor) {
        List<Long> result = new ArrayList<>(strides.size());
        for (long stride : strides) {
            result.add(Math.multiplyExact(stride, factor));
        }
        return result;
    }

    /** Adds {@code count} size-1 dimensions in front, with stride {@code outer} when there are strides. */
    static void padLeading(List<Long> sizes, List<Long> strides, int count, long outer) {
        if (count <= 0) {
            return;
        }
        if (!strides.isEmpty()) {
            strides.addAll(0, Collections.nCopies(count, outer));
        }
        sizes.addAll(0, Collections.nCopies(count, 1L));
    }

    static Refusal refuse(LoweringRule rule, FeatureLevel acceptingLevel, String detail) {
        return Refusal.of(rule, acceptingLevel, detail);
    }
}
