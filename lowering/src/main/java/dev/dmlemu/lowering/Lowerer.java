package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** One lowering of one node at one level; checks run in the order a reader would ask the questions. */
final class Lowerer {

    /** DirectML's UINT fields. */
    private static final long UINT32_MAX = 0xFFFF_FFFFL;

    private static final String INPUT = GatherElementsOperatorDesc.INPUT_TENSOR;
    private static final String INDICES = GatherElementsOperatorDesc.INDICES_TENSOR;
    private static final String OUTPUT = GatherElementsOperatorDesc.OUTPUT_TENSOR;

    /** Carries a refusal out of the checks; never leaves this package. */
    static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Refused refused;

        Refusal(Refused refused) {
            super(refused.message(), null, false, false);
            this.refused = refused;
        }

        Refused refused() {
            return refused;
        }
    }

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private final GatherElementsNode node;
    private final FeatureLevel target;
    private final LoweringOptions options;
    private final String op;

    Lowerer(GatherElementsNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.options = options;
        this.op = node.frontend().displayName();
    }

    LoweringResult lower() {
        if (target.isBelow(FeatureLevel.LEVEL_2_1)) {
            throw refuse(LoweringRule.OPERATOR_NEEDS_2_1, FeatureLevel.LEVEL_2_1,
                    "DML_OPERATOR_GATHER_ELEMENTS does not exist at " + target.cName()
                            + "; it needs DML_FEATURE_LEVEL_2_1");
        }
        checkNoNegativeDimension("data", node.dataShape());
        checkNoNegativeDimension("indices", node.indicesShape());
        if (node.dataShape().size() != node.indicesShape().size()) {
            throw refuse(LoweringRule.RANK_MISMATCH, null, op + ": data has rank " + node.dataShape().size()
                    + " " + node.dataShape() + " but indices have rank " + node.indicesShape().size() + " "
                    + node.indicesShape() + "; both must have the same rank");
        }
        boolean scalar = node.dataShape().isEmpty();
        if (scalar && options.rankZero() == RankZeroHandling.REFUSE) {
            throw refuse(LoweringRule.RANK_ZERO, null, op + ": data and indices are scalars (rank 0); the operator "
                    + "needs rank >= 1 and DirectML at least one dimension (ask for RankZeroHandling.RESHAPE_TO_1D "
                    + "to treat them as shape [1])");
        }
        List<Long> dataShape = scalar ? List.of(1L) : node.dataShape();
        List<Long> indicesShape = scalar ? List.of(1L) : node.indicesShape();
        int rank = dataShape.size();
        int axis = normalizedAxis(rank);
        checkIndicesType();
        checkDataTypeAllowed();
        checkNonAxisDimensions(dataShape, indicesShape, axis);
        checkNotEmpty();
        DataTypeMapping data = mapDataType(rank);
        int dmlRank = rank + (data.splitsIntoLanes() ? 1 : 0);
        checkRank(rank, dmlRank, data);
        boolean indicesAsUint32 = target.isBelow(FeatureLevel.LEVEL_3_0);
        if (indicesAsUint32 && node.indexSign() == IndexSign.MAY_BE_NEGATIVE) {
            throw refuse(LoweringRule.NEGATIVE_INDICES_NEED_3_0, FeatureLevel.LEVEL_3_0, op + ": indices ("
                    + node.indicesType() + ") may be negative, but at " + target.cName() + " IndicesTensor is "
                    + "UINT32 only; signed indices that count from the end need DML_FEATURE_LEVEL_3_0 (state that "
                    + "the indices are non-negative to have them read as UINT32)");
        }
        try {
            return build(dataShape, indicesShape, axis, data, dmlRank, indicesAsUint32, scalar);
        } catch (ArithmeticException e) { // includes TensorSizeOverflowException
            throw refuse(LoweringRule.TENSOR_TOO_LARGE, null, op + ": data " + node.dataShape() + " or indices "
                    + node.indicesShape() + " is too large for DirectML (" + e.getMessage() + ")");
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

    private int normalizedAxis(int rank) {
        if (node.axis().isEmpty() && !node.frontend().isOnnx()) {
            throw refuse(LoweringRule.AXIS_REQUIRED, null, op + ": the axis attribute is required");
        }
        long axis = node.axis().orElse(0);
        int shownRank = node.dataShape().size();
        if (axis < -rank || axis >= rank) {
            throw refuse(LoweringRule.AXIS_OUT_OF_RANGE, null, op + ": axis " + axis + " is outside [" + -shownRank
                    + ", " + (shownRank - 1) + "] for data of rank " + shownRank
                    + (shownRank == rank ? "" : " (viewed as rank " + rank + ": [" + -rank + ", " + (rank - 1) + "])"));
        }
        return (int) (axis < 0 ? axis + rank : axis);
    }

    private void checkIndicesType() {
        ElementType type = node.indicesType();
        if (type != ElementType.INT32 && type != ElementType.INT64) {
            throw refuse(LoweringRule.INDICES_TYPE_NOT_ALLOWED, null, op + ": indices of type " + type
                    + " are not allowed; the operator takes int32 or int64 indices");
        }
    }

    private void checkDataTypeAllowed() {
        ElementType type = node.dataType();
        if (!node.frontend().acceptsDataType(type)) {
            String hint = type == ElementType.BFLOAT16 ? "; bfloat16 data needs " + Frontend.ONNX_13.displayName()
                    : "";
            throw refuse(LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION, null, op + ": data of type " + type
                    + " is not in the operator's type constraint T" + hint);
        }
        if (type == ElementType.STRING) {
            throw refuse(LoweringRule.STRING_DATA, null, op + ": string data has no fixed element size and no "
                    + "DirectML tensor data type at any feature level");
        }
    }

    private void checkNonAxisDimensions(List<Long> dataShape, List<Long> indicesShape, int axis) {
        for (int d = 0; d < dataShape.size(); d++) {
            if (d == axis) {
                continue;
            }
            long data = dataShape.get(d);
            long indices = indicesShape.get(d);
            if (node.frontend().allowsSmallerNonAxisIndices() ? indices > data : indices != data) {
                String rule = node.frontend().allowsSmallerNonAxisIndices()
                        ? "indices may not be larger than the data outside the axis"
                        : "indices must equal the data outside the axis";
                throw refuse(LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA, null, op + ": indices " + indicesShape
                        + " and data " + dataShape + " differ in dimension " + d + " (" + indices + " vs " + data
                        + "), which is not the axis " + axis + "; " + rule);
            }
        }
    }

    private void checkNotEmpty() {
        if (node.dataShape().contains(0L) || node.indicesShape().contains(0L)) {
            throw refuse(LoweringRule.EMPTY_TENSOR, null, op + ": data " + node.dataShape() + " or indices "
                    + node.indicesShape() + " has a dimension of size 0, which DirectML cannot express (a size of 0 "
                    + "is invalid); the output " + node.indicesShape() + " is empty or the node is invalid, so "
                    + "there is nothing to dispatch");
        }
    }

    private DataTypeMapping mapDataType(int rank) {
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
                    + mapped.dmlType().name() + " in DirectML, which GatherElements accepts from "
                    + "DML_FEATURE_LEVEL_4_1, not at " + target.cName()
                    + " (WideElementHandling.SPLIT_INTO_UINT32_LANES moves each element as 2 UINT32 lanes)");
        }
        return mapped;
    }

    private void checkRank(int rank, int dmlRank, DataTypeMapping data) {
        String lanes = data.splitsIntoLanes()
                ? " (rank " + rank + " plus the UINT32 lane dimension for " + node.dataType() + " data)" : "";
        if (dmlRank > 8) {
            boolean nativeAt41 = data.splitsIntoLanes() && rank <= 8
                    && DataTypeMapping.nativeMapping(node.dataType()).isPresent();
            throw refuse(LoweringRule.RANK_ABOVE_8, nativeAt41 ? FeatureLevel.LEVEL_4_1 : null, op
                    + ": DirectML GatherElements takes at most 8 dimensions at any feature level, this node needs "
                    + dmlRank + lanes + (nativeAt41 ? "; DML_FEATURE_LEVEL_4_1 holds " + node.dataType()
                            + " natively in " + rank + " dimensions" : ""));
        }
        if (dmlRank > 4 && target.isBelow(FeatureLevel.LEVEL_3_0)) {
            throw refuse(LoweringRule.RANK_ABOVE_4_NEEDS_3_0, FeatureLevel.LEVEL_3_0, op + ": at " + target.cName()
                    + " DirectML GatherElements takes exactly 4 dimensions, this node needs " + dmlRank + lanes
                    + "; 1 to 8 dimensions need DML_FEATURE_LEVEL_3_0");
        }
    }

    private Lowered build(List<Long> dataShape, List<Long> indicesShape, int axis, DataTypeMapping data,
            int dmlRank, boolean indicesAsUint32, boolean scalar) {
        int lanes = data.lanes();
        int padding = target.isBelow(FeatureLevel.LEVEL_3_0) ? 4 - dmlRank : 0;

        // InputTensor: the data seen through the indices' non-axis sizes, with the data's packed strides.
        List<Long> dataStrides = BufferTensorMath.packedStrides(dataShape);
        List<Long> windowSizes = new ArrayList<>(indicesShape);
        windowSizes.set(axis, dataShape.get(axis));
        boolean windowed = !windowSizes.equals(dataShape);
        List<Long> inputSizes = new ArrayList<>(windowSizes);
        List<Long> inputStrides = scaled(dataStrides, lanes);
        // IndicesTensor: packed in the framework's elements; UINT32 halves of int64 are two apart.
        boolean lowHalves = indicesAsUint32 && node.indicesType() == ElementType.INT64;
        List<Long> indicesSizes = new ArrayList<>(indicesShape);
        List<Long> indicesStrides = scaled(BufferTensorMath.packedStrides(indicesShape), lowHalves ? 2 : 1);
        List<Long> outputSizes = new ArrayList<>(indicesShape);
        if (data.splitsIntoLanes()) {
            inputSizes.add((long) lanes);
            inputStrides.add(1L);
            indicesSizes.add((long) lanes);
            indicesStrides.add(0L);
            outputSizes.add((long) lanes);
        }
        // Strides are written only where they differ from packed ones (trimming the outermost dimension keeps the
        // window packed). Added size-1 dimensions lie outside the whole tensor: their stride is its full span.
        boolean inputPacked = inputStrides.equals(BufferTensorMath.packedStrides(inputSizes));
        boolean indicesPacked = indicesStrides.equals(BufferTensorMath.packedStrides(indicesSizes));
        padLeading(inputSizes, inputStrides, padding, Math.multiplyExact(dataShape.get(0), inputStrides.get(0)));
        padLeading(indicesSizes, indicesStrides, padding,
                Math.multiplyExact(indicesShape.get(0), indicesStrides.get(0)));
        padLeading(outputSizes, new ArrayList<>(), padding, 0);

        TensorDataType indicesType = indicesAsUint32 ? TensorDataType.UINT32
                : node.indicesType() == ElementType.INT64 ? TensorDataType.INT64 : TensorDataType.INT32;
        BufferTensorDesc input = tensor(INPUT, data.dmlType(), inputSizes, inputPacked ? List.of() : inputStrides);
        BufferTensorDesc indices = tensor(INDICES, indicesType, indicesSizes,
                indicesPacked ? List.of() : indicesStrides);
        BufferTensorDesc output = tensor(OUTPUT, data.dmlType(), outputSizes, List.of());
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(input, indices, output, axis + padding);

        List<BindingNote> notes = new BindingNotes(node, scalar, padding, data, windowed, lowHalves, indicesAsUint32)
                .notes(input, indices, output);
        ValidationResult validation = VALIDATOR.validate(desc, target);
        if (!validation.isValid()) {
            throw refuse(LoweringRule.DESC_REJECTED_BY_VALIDATOR, null, op + ": the lowered desc is not valid at "
                    + target.cName() + ": " + validation.errors());
        }
        return new Lowered(node, validation.validated(), notes);
    }

    /** A desc, packed when {@code strides} is empty; checked against DirectML's limits. */
    private BufferTensorDesc tensor(String field, TensorDataType type, List<Long> sizes, List<Long> strides) {
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

    private static List<Long> scaled(List<Long> strides, long factor) {
        List<Long> result = new ArrayList<>(strides.size());
        for (long stride : strides) {
            result.add(Math.multiplyExact(stride, factor));
        }
        return result;
    }

    /** Adds {@code count} size-1 dimensions in front, with stride {@code outer} when there are strides. */
    private static void padLeading(List<Long> sizes, List<Long> strides, int count, long outer) {
        if (count <= 0) {
            return;
        }
        if (!strides.isEmpty()) {
            strides.addAll(0, Collections.nCopies(count, outer));
        }
        sizes.addAll(0, Collections.nCopies(count, 1L));
    }

    private Refusal refuse(LoweringRule rule, FeatureLevel acceptingLevel, String detail) {
        String level = acceptingLevel == null ? "" : " [accepted from " + acceptingLevel.cName() + "]";
        return new Refusal(new Refused(rule, rule.name() + ": " + detail + level, Optional.ofNullable(acceptingLevel)));
    }
}
