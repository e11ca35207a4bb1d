package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import java.util.List;

/** One lowering of one Gather node at one level; checks run in the order a reader would ask the questions. */
final class GatherLowerer {

    private final GatherNode node;
    private final FeatureLevel target;
    private final LoweringChecks checks;
    private final String op;

    GatherLowerer(GatherNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.checks = new LoweringChecks(node, target, options);
        this.op = checks.op();
    }

    Lowered lower() {
        checks.checkNoNegativeDimensions();
        if (node.dataShape().isEmpty()) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ZERO, null, op + ": data is a scalar (rank 0); the "
                    + "operator gathers along an axis of data of rank >= 1");
        }
        int axis = checks.normalizedAxis(node, node.rank());
        checks.checkIndicesType();
        checks.checkDataTypeAllowed();
        checks.checkNotEmpty();
        DataTypeMapping data = checks.mapDataType();
        checks.checkDataTypeAtLevel(data);
        boolean indicesAsUint32 = checks.indicesAsUint32();
        try {
            List<Long> dataWithLanes = data.withLanes(node.dataShape());
            GatherLayout layout = GatherLayout.of(dataWithLanes, axis, node.indicesShape(), target);
            return build(layout, dataWithLanes, data, indicesAsUint32);
        } catch (ArithmeticException e) { // includes TensorSizeOverflowException
            throw checks.tooLarge(e);
        }
    }

    private Lowered build(GatherLayout layout, List<Long> dataWithLanes, DataTypeMapping data,
            boolean indicesAsUint32) {
        boolean lowHalves = checks.readsLowHalves(indicesAsUint32);
        BufferTensorDesc input = checks.tensor(GatherOperatorDesc.INPUT_TENSOR, data.dmlType(),
                layout.padded(layout.data()), List.of());
        BufferTensorDesc indices = checks.indicesTensor(GatherOperatorDesc.INDICES_TENSOR, layout.indices(),
                layout.dimensionCount(), checks.indicesDataType(indicesAsUint32), lowHalves);
        BufferTensorDesc output = checks.tensor(GatherOperatorDesc.OUTPUT_TENSOR, data.dmlType(),
                layout.padded(layout.output()), List.of());
        GatherOperatorDesc desc = new GatherOperatorDesc(input, indices, output, layout.dmlAxis(),
                layout.indexDimensions());

        List<Long> outputWithLanes = data.withLanes(node.outputShape());
        int count = layout.dimensionCount();
        List<Adjustment> inputAdjustments = LoweringChecks.shapeAdjustments(dataWithLanes, layout.data(), count);
        List<Adjustment> indicesAdjustments = LoweringChecks.shapeAdjustments(node.indicesShape(), layout.indices(),
                count);
        List<Adjustment> outputAdjustments = LoweringChecks.shapeAdjustments(outputWithLanes, layout.output(), count);
        // The data type's own adjustment: bool or bfloat16 bits, or the UINT32 lanes.
        data.adjustment().ifPresent(inputAdjustments::add);
        data.adjustment().ifPresent(outputAdjustments::add);
        LoweringChecks.addIndexReinterpretation(indicesAdjustments, indicesAsUint32, lowHalves);
        String merge = layout.merged() ? "DirectML Gather takes " + (target.isBelow(FeatureLevel.LEVEL_3_0)
                ? "exactly 4 dimensions at " + target.cName() : "at most 8 dimensions") + " and this node needs "
                + GatherLayout.dimensionsNeeded(dataWithLanes.size(), node.indicesShape().size()) + ", so the data "
                + dataWithLanes + " is viewed as " + layout.data() + " (axis " + layout.axis() + ") and the indices "
                + node.indicesShape() + " as " + layout.indices() : "";
        return new Lowered(node, checks.validated(desc), BindingNotes.of(node, desc, List.of(
                new BindingNotes.FieldView(inputAdjustments, merge),
                new BindingNotes.FieldView(indicesAdjustments, ""),
                new BindingNotes.FieldView(outputAdjustments, layout.merged()
                        ? "the output " + outputWithLanes + " is viewed as " + layout.output() : ""))));
    }

}
