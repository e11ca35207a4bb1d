package dev.dmlemu.lowering;

import static dev.dmlemu.desc.ScatterNdOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.OUTPUT_TENSOR;
import static dev.dmlemu.desc.ScatterNdOperatorDesc.UPDATES_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import java.util.ArrayList;
import java.util.List;

/**
 * One lowering of one ScatterND node at one level. SCATTER_ND's updates are GATHER_ND's output, so the dimensions go
 * where {@link GatherNdLayout} puts them for a GatherND without batch dimensions, the updates in the output's place.
 */
final class ScatterNdLowerer {

    private final ScatterNdNode node;
    private final FeatureLevel target;
    private final LoweringChecks checks;
    private final String op;

    ScatterNdLowerer(ScatterNdNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.checks = new LoweringChecks(node, target, options);
        this.op = checks.op();
    }

    Lowered lower() {
        if (target.isBelow(FeatureLevel.LEVEL_2_1)) {
            throw LoweringChecks.refuse(LoweringRule.OPERATOR_NEEDS_2_1, FeatureLevel.LEVEL_2_1,
                    op + ": DML_OPERATOR_SCATTER_ND does not exist at " + target.cName()
                            + "; it needs DML_FEATURE_LEVEL_2_1");
        }
        checks.checkNoNegativeDimensions();
        checks.checkReductionNone(node);
        checkShapes();
        checks.checkIndicesType();
        checks.checkDataTypeAllowed();
        checks.checkNotEmpty();
        DataTypeMapping data = checks.mapDataType();
        boolean indicesAsUint32 = checks.indicesAsUint32();
        try {
            List<Long> dataWithLanes = data.withLanes(node.dataShape());
            GatherNdLayout layout = GatherNdLayout.of(dataWithLanes, node.indicesShape(), 0, target);
            checkFits(layout, dataWithLanes);
            return build(layout, dataWithLanes, data, indicesAsUint32);
        } catch (ArithmeticException e) { // includes TensorSizeOverflowException
            throw checks.tooLarge(e);
        }
    }

    /** ONNX ScatterND's shape rules: ranks, the tuple length, the updates' shape. */
    private void checkShapes() {
        List<Long> data = node.dataShape();
        List<Long> indices = node.indicesShape();
        if (data.isEmpty() || indices.isEmpty()) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ZERO, null, op + ": data " + data + " and indices "
                    + indices + " must both have rank >= 1");
        }
        long tuple = node.tupleLength();
        if (tuple < 1 || tuple > data.size()) {
            throw LoweringChecks.refuse(LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE, null, op + ": indices "
                    + indices + " hold tuples of " + tuple + " coordinates, outside [1, " + data.size() + "]: a tuple "
                    + "indexes the leading dimensions of data " + data);
        }
        List<Long> expected = node.expectedUpdatesShape();
        if (!node.updatesShape().equals(expected)) {
            throw LoweringChecks.refuse(LoweringRule.UPDATES_SHAPE_MISMATCH, null, op + ": updates "
                    + node.updatesShape() + " must have the shape indices.shape[:-1] ++ data.shape[k:] = " + expected
                    + " (k = " + tuple + ")");
        }
    }

    /** DirectML ScatterND takes exactly 4 dimensions below 3_0, up to 8 from it (docs/directml-behaviour.md §13.2). */
    private void checkFits(GatherNdLayout layout, List<Long> dataWithLanes) {
        layout.requireFits(target, op, "ScatterND", "the indices' leading dimensions and the data's slice", dataWithLanes.size() > node.rank());
    }

    private Lowered build(GatherNdLayout layout, List<Long> dataWithLanes, DataTypeMapping data,
            boolean indicesAsUint32) {
        int count = layout.dimensionCount();
        boolean lowHalves = checks.readsLowHalves(indicesAsUint32);
        BufferTensorDesc input = checks.tensor(INPUT_TENSOR, data.dmlType(), layout.padded(layout.data()), List.of());
        BufferTensorDesc indices = checks.indicesTensor(INDICES_TENSOR, layout.indices(), count,
                checks.indicesDataType(indicesAsUint32), lowHalves);
        BufferTensorDesc updates = checks.tensor(UPDATES_TENSOR, data.dmlType(), layout.padded(layout.output()),
                List.of());
        BufferTensorDesc output = checks.tensor(OUTPUT_TENSOR, data.dmlType(), layout.padded(layout.data()),
                List.of());
        ScatterNdOperatorDesc desc = new ScatterNdOperatorDesc(input, indices, updates, output, layout.data().size(),
                layout.indices().size());

        List<Long> updatesWithLanes = data.withLanes(node.updatesShape());
        List<Adjustment> dataAdjustments = LoweringChecks.shapeAdjustments(dataWithLanes, layout.data(), count);
        data.adjustment().ifPresent(dataAdjustments::add);
        List<Adjustment> indicesAdjustments = LoweringChecks.shapeAdjustments(node.indicesShape(), layout.indices(),
                count);
        LoweringChecks.addIndexReinterpretation(indicesAdjustments, indicesAsUint32, lowHalves);
        List<Adjustment> updatesAdjustments = LoweringChecks.shapeAdjustments(updatesWithLanes, layout.output(),
                count);
        data.adjustment().ifPresent(updatesAdjustments::add);
        String merge = layout.merged() ? "DirectML ScatterND takes " + (target.isBelow(FeatureLevel.LEVEL_3_0)
                ? "exactly 4 dimensions at " + target.cName() : "at most 8 dimensions") + ", so the data "
                + dataWithLanes + " is viewed as " + layout.data() + " and the indices " + node.indicesShape()
                + " as " + layout.indices() : "";
        return new Lowered(node, checks.validated(desc), BindingNotes.of(node, desc, List.of(
                new BindingNotes.FieldView(dataAdjustments, merge),
                new BindingNotes.FieldView(indicesAdjustments, ""),
                new BindingNotes.FieldView(updatesAdjustments, layout.merged()
                        ? "the updates " + updatesWithLanes + " are viewed as " + layout.output() : ""),
                new BindingNotes.FieldView(new ArrayList<>(dataAdjustments), ""))));
    }
}
