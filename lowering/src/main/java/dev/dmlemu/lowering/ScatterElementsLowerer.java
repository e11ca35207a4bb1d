package dev.dmlemu.lowering;

import static dev.dmlemu.desc.ScatterElementsOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.OUTPUT_TENSOR;
import static dev.dmlemu.desc.ScatterElementsOperatorDesc.UPDATES_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** One lowering of one ScatterElements node at one level; checks run in the order a reader would ask the questions. */
final class ScatterElementsLowerer {

    private final ScatterElementsNode node;
    private final FeatureLevel target;
    private final LoweringChecks checks;
    private final String op;

    ScatterElementsLowerer(ScatterElementsNode node, FeatureLevel target, LoweringOptions options) {
        this.node = node;
        this.target = target;
        this.checks = new LoweringChecks(node, target, options);
        this.op = checks.op();
    }

    Lowered lower() {
        checks.checkNoNegativeDimensions();
        checks.checkReductionNone(node);
        checkRanks();
        int axis = checks.normalizedAxis(node, node.rank());
        checks.checkIndicesType();
        checks.checkDataTypeAllowed();
        checkShapes(axis);
        checks.checkNotEmpty();
        DataTypeMapping data = checks.mapDataType();
        checks.checkDataTypeAtLevel(data);
        boolean indicesAsUint32 = checks.indicesAsUint32();
        try {
            return build(axis, data, indicesAsUint32);
        } catch (ArithmeticException e) { // includes TensorSizeOverflowException
            throw checks.tooLarge(e);
        }
    }

    /** ONNX: data, indices and updates of one rank r >= 1. */
    private void checkRanks() {
        List<Long> data = node.dataShape();
        List<Long> indices = node.indicesShape();
        List<Long> updates = node.updatesShape();
        if (data.isEmpty()) {
            throw LoweringChecks.refuse(LoweringRule.RANK_ZERO, null, op + ": data, indices and updates must have "
                    + "rank >= 1, and DirectML needs at least one dimension; data is a scalar");
        }
        if (indices.size() != data.size() || updates.size() != data.size()) {
            throw LoweringChecks.refuse(LoweringRule.RANK_MISMATCH, null, op + ": data " + data + ", indices "
                    + indices + " and updates " + updates + " must have the same rank");
        }
    }

    /**
     * Updates of the indices' shape (ONNX), indices within the data outside the axis (ONNX: the update's own
     * coordinate is its target there), and what DirectML adds: indices equal to the data outside the axis and no
     * longer along it (docs/directml-behaviour.md §12.3).
     */
    private void checkShapes(int axis) {
        List<Long> data = node.dataShape();
        List<Long> indices = node.indicesShape();
        if (!node.updatesShape().equals(indices)) {
            throw LoweringChecks.refuse(LoweringRule.UPDATES_SHAPE_MISMATCH, null, op + ": updates "
                    + node.updatesShape() + " must have the shape of indices " + indices);
        }
        for (int d = 0; d < data.size(); d++) {
            if (d != axis && indices.get(d) > data.get(d)) {
                throw LoweringChecks.refuse(LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA, null, op + ": indices "
                        + indices + " are larger than data " + data + " in dimension " + d + " (" + indices.get(d)
                        + " vs " + data.get(d) + "), which is not the axis " + axis + "; there an update's own "
                        + "coordinate is its target, so it would lie outside the data");
            }
        }
        for (int d = 0; d < data.size(); d++) {
            boolean smallerOffAxis = d != axis && indices.get(d) < data.get(d);
            boolean longerOnAxis = d == axis && indices.get(d) > data.get(d);
            if (smallerOffAxis || longerOnAxis) {
                throw LoweringChecks.refuse(LoweringRule.INDICES_SHAPE_NOT_EXPRESSIBLE, null, op + ": indices "
                        + indices + " are " + (smallerOffAxis ? "smaller" : "longer") + " than data " + data
                        + " in dimension " + d + (smallerOffAxis ? ", which is not the axis " + axis : " (the axis)")
                        + "; DirectML SCATTER_ELEMENTS needs indices equal to the data outside the axis and no "
                        + "longer along it");
            }
        }
    }

    private Lowered build(int axis, DataTypeMapping data, boolean indicesAsUint32) {
        boolean fourOnly = target.isBelow(FeatureLevel.LEVEL_3_0);
        int lanesDimension = data.splitsIntoLanes() ? 1 : 0;
        List<Long> dataDims = new ArrayList<>(node.dataShape());
        List<Long> indicesDims = new ArrayList<>(node.indicesShape());
        int dmlAxis = axis;
        boolean merged = dataDims.size() + lanesDimension > (fourOnly ? 4 : 8);
        if (merged) {
            // The dimensions before the axis become one, those after it one: the same bytes, and every update
            // keeps its target, because indices equal the data outside the axis.
            dataDims = mergedAround(node.dataShape(), axis);
            indicesDims = mergedAround(node.indicesShape(), axis);
            dmlAxis = axis > 0 ? 1 : 0;
        }
        if (data.splitsIntoLanes()) {
            dataDims.add((long) data.lanes());
        }
        int count = dataDims.size();
        int dimensionCount = fourOnly ? 4 : count;
        int padding = dimensionCount - count;

        boolean lowHalves = checks.readsLowHalves(indicesAsUint32);
        List<Long> indicesSizes = new ArrayList<>(indicesDims);
        List<Long> indicesStrides = LoweringChecks.scaled(BufferTensorMath.packedStrides(indicesDims),
                lowHalves ? 2 : 1);
        List<Long> updatesDims = new ArrayList<>(indicesDims);
        if (data.splitsIntoLanes()) {
            indicesSizes.add((long) data.lanes());
            indicesStrides.add(0L);
            updatesDims.add((long) data.lanes());
        }
        List<Long> indicesWritten = new ArrayList<>(LoweringChecks.unlessPacked(indicesSizes, indicesStrides));
        long indicesSpan = Math.multiplyExact(indicesSizes.get(0), indicesStrides.get(0));
        LoweringChecks.padLeading(indicesSizes, indicesWritten, padding, indicesSpan);

        BufferTensorDesc input = checks.tensor(INPUT_TENSOR, data.dmlType(), padded(dataDims, padding), List.of());
        BufferTensorDesc indices = checks.tensor(INDICES_TENSOR, checks.indicesDataType(indicesAsUint32),
                indicesSizes, indicesWritten);
        BufferTensorDesc updates = checks.tensor(UPDATES_TENSOR, data.dmlType(), padded(updatesDims, padding),
                List.of());
        BufferTensorDesc output = checks.tensor(OUTPUT_TENSOR, data.dmlType(), padded(dataDims, padding), List.of());
        ScatterElementsOperatorDesc desc = new ScatterElementsOperatorDesc(input, indices, updates, output,
                dmlAxis + padding);

        List<Long> dataWithLanes = data.withLanes(node.dataShape());
        List<Long> indicesWithLanes = data.withLanes(node.indicesShape());
        List<Adjustment> dataAdjustments = LoweringChecks.shapeAdjustments(dataWithLanes, dataDims, dimensionCount);
        data.adjustment().ifPresent(dataAdjustments::add);
        List<Adjustment> updatesAdjustments = LoweringChecks.shapeAdjustments(indicesWithLanes, updatesDims,
                dimensionCount);
        data.adjustment().ifPresent(updatesAdjustments::add);
        List<Adjustment> indicesAdjustments = LoweringChecks.shapeAdjustments(indicesWithLanes, updatesDims,
                dimensionCount);
        LoweringChecks.addIndexReinterpretation(indicesAdjustments, indicesAsUint32, lowHalves);
        if (data.splitsIntoLanes()) {
            indicesAdjustments.add(Adjustment.BROADCAST_ALONG_LANES);
        }
        String merge = merged ? "DirectML ScatterElements takes " + (fourOnly ? "exactly 4 dimensions at "
                + target.cName() : "at most 8 dimensions") + ", so the dimensions before and after the axis are "
                + "merged: data " + dataWithLanes + " is viewed as " + dataDims : "";
        return new Lowered(node, checks.validated(desc), BindingNotes.of(node, desc, List.of(
                new BindingNotes.FieldView(dataAdjustments, merge),
                new BindingNotes.FieldView(indicesAdjustments, ""),
                new BindingNotes.FieldView(updatesAdjustments, ""),
                new BindingNotes.FieldView(new ArrayList<>(dataAdjustments), ""))));
    }

    /** {@code [product before the axis], axis size, [product after the axis]}, each product only where it exists. */
    private static List<Long> mergedAround(List<Long> shape, int axis) {
        List<Long> merged = new ArrayList<>();
        if (axis > 0) {
            merged.add(LoweringChecks.product(shape.subList(0, axis)));
        }
        merged.add(shape.get(axis));
        if (axis < shape.size() - 1) {
            merged.add(LoweringChecks.product(shape.subList(axis + 1, shape.size())));
        }
        return merged;
    }

    private static List<Long> padded(List<Long> sizes, int padding) {
        List<Long> result = new ArrayList<>(Collections.nCopies(padding, 1L));
        result.addAll(sizes);
        return result;
    }
}
