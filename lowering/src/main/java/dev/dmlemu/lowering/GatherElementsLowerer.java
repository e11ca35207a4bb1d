package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.List;

/** One lowering of one GatherElements node at one level; checks run in the order a reader would ask the questions. */
final class GatherElementsLowerer {

    private static final String INPUT = GatherElementsOperatorDesc.INPUT_TENSOR;
    private static final String INDICES = GatherElementsOperatorDesc.INDICES_TENSOR;
    private static final String OUTPUT = GatherElementsOperatorDesc.OUTPUT_TENSOR;

    private final GatherElementsNode node;
    private final FeatureLevel target;
    private final LoweringOptions options;
    private final LoweringChecks checks;
    private final String op;

    GatherElementsLowerer(GatherElementsNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.options = options;
        this.checks = new LoweringChecks(node, target, options);
        this.op = checks.op();
    }

    Lowered lower() {
        if (target.isBelow(FeatureLevel.LEVEL_2_1)) {
            throw LoweringChecks.refuse(LoweringRule.OPERATOR_NEEDS_2_1, FeatureLevel.LEVEL_2_1,
                    "DML_OPERATOR_GATHER_ELEMENTS does not exist at " + target.cName()
                            + "; it needs DML_FEATURE_LEVEL_2_1");
        }
        checks.checkNoNegativeDimensions();
        if (node.dataShape().size() != node.indicesShape().size()) {
            throw LoweringChecks.refuse(LoweringRule.RANK_MISMATCH, null, op + ": data has rank "
                    + node.dataShape().size() + " " + node.dataShape() + " but indices have rank "
                    + node.indicesShape().size() + " " + node.indicesShape() + "; both must have the same rank");
        }
        boolean scalar = node.dataShape().isEmpty();
        if (scalar && options.rankZero() == RankZeroHandling.REFUSE) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ZERO, null, op + ": data and indices are scalars (rank 0); "
                    + "the operator needs rank >= 1 and DirectML at least one dimension (ask for "
                    + "RankZeroHandling.RESHAPE_TO_1D to treat them as shape [1])");
        }
        List<Long> dataShape = scalar ? List.of(1L) : node.dataShape();
        List<Long> indicesShape = scalar ? List.of(1L) : node.indicesShape();
        int rank = dataShape.size();
        int axis = checks.normalizedAxis(node, rank);
        checks.checkIndicesType();
        checks.checkDataTypeAllowed();
        checkNonAxisDimensions(dataShape, indicesShape, axis);
        checks.checkNotEmpty();
        DataTypeMapping data = checks.mapDataType();
        int dmlRank = rank + (data.splitsIntoLanes() ? 1 : 0);
        checkRank(rank, dmlRank, data);
        boolean indicesAsUint32 = checks.indicesAsUint32();
        try {
            return build(dataShape, indicesShape, axis, data, dmlRank, indicesAsUint32, scalar);
        } catch (ArithmeticException e) { // includes TensorSizeOverflowException
            throw checks.tooLarge(e);
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
                throw LoweringChecks.refuse(LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA, null, op + ": indices "
                        + indicesShape + " and data " + dataShape + " differ in dimension " + d + " (" + indices
                        + " vs " + data + "), which is not the axis " + axis + "; " + rule);
            }
        }
    }

    private void checkRank(int rank, int dmlRank, DataTypeMapping data) {
        String lanes = data.splitsIntoLanes()
                ? " (rank " + rank + " plus the UINT32 lane dimension for " + node.dataType() + " data)" : "";
        if (dmlRank > 8) {
            boolean nativeAt41 = data.splitsIntoLanes() && rank <= 8
                    && DataTypeMapping.nativeMapping(node.dataType()).isPresent();
            throw LoweringChecks.refuse(LoweringRule.RANK_ABOVE_8, nativeAt41 ? FeatureLevel.LEVEL_4_1 : null, op
                    + ": DirectML GatherElements takes at most 8 dimensions at any feature level, this node needs "
                    + dmlRank + lanes + (nativeAt41 ? "; DML_FEATURE_LEVEL_4_1 holds " + node.dataType()
                            + " natively in " + rank + " dimensions" : ""));
        }
        if (dmlRank > 4 && target.isBelow(FeatureLevel.LEVEL_3_0)) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ABOVE_4_NEEDS_3_0, FeatureLevel.LEVEL_3_0, op + ": at "
                    + target.cName() + " DirectML GatherElements takes exactly 4 dimensions, this node needs "
                    + dmlRank + lanes + "; 1 to 8 dimensions need DML_FEATURE_LEVEL_3_0");
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
        List<Long> inputStrides = LoweringChecks.scaled(dataStrides, lanes);
        // IndicesTensor: packed in the framework's elements; UINT32 halves of int64 are two apart.
        boolean lowHalves = checks.readsLowHalves(indicesAsUint32);
        List<Long> indicesSizes = new ArrayList<>(indicesShape);
        List<Long> indicesStrides = LoweringChecks.scaled(BufferTensorMath.packedStrides(indicesShape),
                lowHalves ? 2 : 1);
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
        List<Long> inputWritten = new ArrayList<>(LoweringChecks.unlessPacked(inputSizes, inputStrides));
        List<Long> indicesWritten = new ArrayList<>(LoweringChecks.unlessPacked(indicesSizes, indicesStrides));
        LoweringChecks.padLeading(inputSizes, inputWritten, padding,
                Math.multiplyExact(dataShape.get(0), inputStrides.get(0)));
        LoweringChecks.padLeading(indicesSizes, indicesWritten, padding,
                Math.multiplyExact(indicesShape.get(0), indicesStrides.get(0)));
        LoweringChecks.padLeading(outputSizes, new ArrayList<>(), padding, 0);

        BufferTensorDesc input = checks.tensor(INPUT, data.dmlType(), inputSizes, inputWritten);
        BufferTensorDesc indices = checks.tensor(INDICES, checks.indicesDataType(indicesAsUint32), indicesSizes,
                indicesWritten);
        BufferTensorDesc output = checks.tensor(OUTPUT, data.dmlType(), outputSizes, List.of());
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(input, indices, output, axis + padding);

        List<Adjustment> inputAdjustments = common(scalar, data, padding);
        if (windowed) {
            inputAdjustments.add(Adjustment.STRIDED_WINDOW);
        }
        data.adjustment().ifPresent(inputAdjustments::add);
        List<Adjustment> indicesAdjustments = common(scalar, data, padding);
        if (lowHalves) {
            indicesAdjustments.add(Adjustment.INT64_LOW_HALVES_AS_UINT32);
        } else if (indicesAsUint32) {
            indicesAdjustments.add(Adjustment.INT32_AS_UINT32);
        }
        if (data.splitsIntoLanes()) {
            indicesAdjustments.add(Adjustment.BROADCAST_ALONG_LANES);
        }
        List<Adjustment> outputAdjustments = common(scalar, data, padding);
        data.adjustment().ifPresent(outputAdjustments::add);
        String window = windowed ? "reads a window of the data: the indices' sizes outside the axis with the data's "
                + "packed strides " + input.effectiveStrides() : "";

        ValidatedOperator validated = checks.validated(desc);
        return new Lowered(node, validated, BindingNotes.of(node, desc, List.of(
                new BindingNotes.FieldView(inputAdjustments, window),
                new BindingNotes.FieldView(indicesAdjustments, ""),
                new BindingNotes.FieldView(outputAdjustments, ""))));
    }

    /** The adjustments all three tensors share. */
    private static List<Adjustment> common(boolean scalar, DataTypeMapping data, int padding) {
        List<Adjustment> adjustments = new ArrayList<>();
        if (scalar) {
            adjustments.add(Adjustment.SCALAR_AS_1D);
        }
        if (data.splitsIntoLanes()) {
            adjustments.add(Adjustment.UINT32_LANES);
        }
        if (padding > 0) {
            adjustments.add(Adjustment.RANK_PADDED);
        }
        return adjustments;
    }
}
