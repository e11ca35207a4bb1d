package dev.dmlemu.lowering;

import static dev.dmlemu.desc.GatherNdOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherNdOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.GatherNdOperatorDesc.OUTPUT_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import java.util.List;

/** One lowering of one GatherND node at one level; checks run in the order a reader would ask the questions. */
final class GatherNdLowerer {

    private final GatherNdNode node;
    private final FeatureLevel target;
    private final LoweringChecks checks;
    private final String op;

    GatherNdLowerer(GatherNdNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.checks = new LoweringChecks(node, target, options);
        this.op = checks.op();
    }

    Lowered lower() {
        if (target.isBelow(FeatureLevel.LEVEL_2_1)) {
            throw LoweringChecks.refuse(LoweringRule.OPERATOR_NEEDS_2_1, FeatureLevel.LEVEL_2_1,
                    "DML_OPERATOR_GATHER_ND does not exist at " + target.cName() + "; it needs DML_FEATURE_LEVEL_2_1");
        }
        checks.checkNoNegativeDimensions();
        checkShapes();
        checks.checkIndicesType();
        checks.checkDataTypeAllowed();
        checks.checkNotEmpty();
        if (node.batchDims() > 0 && target.isBelow(FeatureLevel.LEVEL_3_0)) {
            throw LoweringChecks.refuse(LoweringRule.BATCH_DIMS_NEED_3_0, FeatureLevel.LEVEL_3_0, op + ": batch_dims "
                    + node.batchDims() + " lowers onto DML_OPERATOR_GATHER_ND1, which does not exist at "
                    + target.cName() + "; it needs DML_FEATURE_LEVEL_3_0");
        }
        DataTypeMapping data = checks.mapDataType();
        boolean indicesAsUint32 = checks.indicesAsUint32();
        try {
            List<Long> dataWithLanes = data.withLanes(node.dataShape());
            GatherNdLayout layout = GatherNdLayout.of(dataWithLanes, node.indicesShape(), (int) node.batchDims(),
                    target);
            checkFits(layout, dataWithLanes);
            return build(layout, dataWithLanes, data, indicesAsUint32);
        } catch (ArithmeticException e) { // includes TensorSizeOverflowException
            throw checks.tooLarge(e);
        }
    }

    /** ONNX GatherND's shape rules: ranks, batch_dims, equal batch dimensions, the tuple length. */
    private void checkShapes() {
        List<Long> data = node.dataShape();
        List<Long> indices = node.indicesShape();
        long batch = node.batchDims();
        if (batch != 0 && !node.frontend().attributes().contains(NodeAttribute.BATCH_DIMS)) {
            throw LoweringChecks.refuse(LoweringRule.BATCH_DIMS_NOT_IN_OPERATOR_VERSION, null, op + ": batch_dims "
                    + batch + " is given, but the operator version has no batch_dims attribute (it came with ONNX "
                    + "GatherND-12)");
        }
        if (data.isEmpty() || indices.isEmpty()) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ZERO, null, op + ": data " + data + " and indices "
                    + indices + " must both have rank >= 1");
        }
        int bound = Math.min(data.size(), indices.size());
        if (batch < 0 || batch >= bound) {
            throw LoweringChecks.refuse(LoweringRule.BATCH_DIMS_OUT_OF_RANGE, null, op + ": batch_dims " + batch
                    + " is outside [0, " + bound + "): it must be below the rank of data (" + data.size()
                    + ") and of indices (" + indices.size() + ")");
        }
        for (int i = 0; i < batch; i++) {
            if (!data.get(i).equals(indices.get(i))) {
                throw LoweringChecks.refuse(LoweringRule.BATCH_DIMENSIONS_DIFFER, null, op + ": batch dimension " + i
                        + " has size " + data.get(i) + " in data " + data + " but " + indices.get(i) + " in indices "
                        + indices + "; the first batch_dims " + batch + " dimensions must be equal");
            }
        }
        long tuple = node.tupleLength();
        if (tuple < 1 || tuple > data.size() - batch) {
            throw LoweringChecks.refuse(LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE, null, op + ": indices "
                    + indices + " hold tuples of " + tuple + " coordinates, outside [1, " + (data.size() - batch)
                    + "]: a tuple indexes the data's " + data.size() + " dimensions after the " + batch + " batch "
                    + "dimensions");
        }
    }

    /** DirectML GatherND takes exactly 4 dimensions below 3_0, up to 8 from it (docs/directml-behaviour.md §11.2). */
    private void checkFits(GatherNdLayout layout, List<Long> dataWithLanes) {
        layout.requireFits(target, op, "GatherND", "the batch dimensions, the indices' leading dimensions and the data's slice", dataWithLanes.size() > node.rank());
    }

    private Lowered build(GatherNdLayout layout, List<Long> dataWithLanes, DataTypeMapping data,
            boolean indicesAsUint32) {
        int count = layout.dimensionCount();
        boolean lowHalves = checks.readsLowHalves(indicesAsUint32);
        BufferTensorDesc input = checks.tensor(INPUT_TENSOR, data.dmlType(), layout.padded(layout.data()), List.of());
        BufferTensorDesc indices = checks.indicesTensor(INDICES_TENSOR, layout.indices(), count,
                checks.indicesDataType(indicesAsUint32), lowHalves);
        BufferTensorDesc output = checks.tensor(OUTPUT_TENSOR, data.dmlType(), layout.padded(layout.output()),
                List.of());
        long inputCount = layout.data().size();
        long indicesCount = layout.indices().size();
        // Without batch dimensions GATHER_ND, which exists from 2_1; GATHER_ND1 (from 3_0) only when needed.
        OperatorDesc desc = layout.batchDims() == 0
                ? new GatherNdOperatorDesc(input, indices, output, inputCount, indicesCount)
                : new GatherNd1OperatorDesc(input, indices, output, inputCount, indicesCount, layout.batchDims());

        List<Long> outputWithLanes = data.withLanes(node.outputShape());
        List<Adjustment> inputAdjustments = LoweringChecks.shapeAdjustments(dataWithLanes, layout.data(), count);
        List<Adjustment> indicesAdjustments = LoweringChecks.shapeAdjustments(node.indicesShape(), layout.indices(),
                count);
        List<Adjustment> outputAdjustments = LoweringChecks.shapeAdjustments(outputWithLanes, layout.output(), count);
        data.adjustment().ifPresent(inputAdjustments::add);
        data.adjustment().ifPresent(outputAdjustments::add);
        LoweringChecks.addIndexReinterpretation(indicesAdjustments, indicesAsUint32, lowHalves);
        String merge = layout.merged() ? "DirectML GatherND takes " + (target.isBelow(FeatureLevel.LEVEL_3_0)
                ? "exactly 4 dimensions at " + target.cName() : "at most 8 dimensions") + " and this node needs "
                + GatherNdLayout.dimensionsNeeded(dataWithLanes.size(), node.indicesShape().size(),
                        (int) node.batchDims(), layout.tupleLength())
                + ", so the data " + dataWithLanes + " is viewed as " + layout.data() + " and the indices "
                + node.indicesShape() + " as " + layout.indices() : "";
        return new Lowered(node, checks.validated(desc), BindingNotes.of(node, desc, List.of(
                new BindingNotes.FieldView(inputAdjustments, merge),
                new BindingNotes.FieldView(indicesAdjustments, ""),
                new BindingNotes.FieldView(outputAdjustments, layout.merged()
                        ? "the output " + outputWithLanes + " is viewed as " + layout.output() : ""))));
    }
}
