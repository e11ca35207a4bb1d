package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherOperatorDesc.AXIS;
import static dev.dmlemu.desc.GatherOperatorDesc.INDEX_DIMENSIONS;
import static dev.dmlemu.desc.GatherOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherOperatorDesc.INPUT_TENSOR;
import static dev.dmlemu.desc.GatherOperatorDesc.OUTPUT_TENSOR;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import java.util.List;

/**
 * What DirectML's {@code CreateOperator} checks of {@code DML_OPERATOR_GATHER} besides each tensor's own rules: its
 * support tables ({@link GatherSupport}), equal DimensionCounts, the output's DataType, Axis, IndexDimensions, the
 * indices' leading sizes and the output's sizes ({@link GatherOutputShape}). Every rule was checked against the real
 * DirectML.dll 1.15.4 at level 6_4 (docs/directml-behaviour.md §10.3), which is looser than the docs in places the
 * validator follows (with a warning where the result is surprising): indices sizes other than 1 with IndexDimensions 0
 * follow the measured rule of §10.4; with IndexDimensions 1 or more the validator keeps the documented rule. Stateless.
 */
final class GatherRules extends OperatorRules<GatherOperatorDesc> {

    /** The DirectML release the looser checks and the heap bug were measured on. */
    static final String MEASURED_ON = MeasuredDirectMl.NAME;

    /** What DirectML does with indices that break the documented rule with IndexDimensions 1 or more (§10.4). */
    private static final String UNMODELLED = MEASURED_ON + " accepts some of these shapes and gives results dmlemu "
            + "does not model, refuses others, and ends the process on others";

    GatherRules() {
        super(GatherOperatorDesc.class, GatherSupport.SUPPORT);
    }

    @Override
    void checkOperator(GatherOperatorDesc desc, CheckedTensors tensors, DiagnosticCollector out) {
        BufferTensorDesc input = tensors.get(INPUT_TENSOR);
        BufferTensorDesc indices = tensors.get(INDICES_TENSOR);
        BufferTensorDesc output = tensors.get(OUTPUT_TENSOR);
        CrossTensorRules.gatherTensorsAgree(out, input, indices, output);
        boolean axisOk = CrossTensorRules.axisInRange(out, AXIS, desc.axis(), input, INPUT_TENSOR);
        // At most the indices' DimensionCount (measured: equal is accepted, the docs say below).
        boolean indexDimensionsOk = CrossTensorRules.countInRange(out, RuleId.INDEX_DIMENSIONS_OUT_OF_RANGE,
                INDEX_DIMENSIONS, desc.indexDimensions(), 0, indices, INDICES_TENSOR);
        if (!axisOk || !indexDimensionsOk || !TensorRules.haveComparableSizes(input, indices)) {
            return;
        }
        // The sizes are lists of DimensionCount entries, so Axis < R and IndexDimensions <= R fit in an int.
        int axis = (int) desc.axis();
        int indexDimensions = (int) desc.indexDimensions();
        checkIndicesLeadingSizes(out, input.sizes(), indices.sizes(), axis, indexDimensions);
        GatherOutputShape shape = GatherOutputShape.of(input.sizes(), indices.sizes(), axis, indexDimensions);
        warnAboutCroppedSizes(out, shape, input.sizes().size());
        if (TensorRules.haveComparableSizes(input, output)) {
            checkOutputSizes(out, shape, output.sizes(), indexDimensions);
            if (indexDimensions == 0 && !out.hasErrors()) {
                warnAboutMisreadIndices(out, input.sizes(), indices.sizes(), output.sizes(), axis);
            }
        }
        if (indexDimensions - 1 > axis && !out.hasErrors()) {
            out.report(RuleId.HEAP_CORRUPTION_BUG, INDEX_DIMENSIONS, "IndexDimensions " + indexDimensions
                    + " - 1 > Axis " + axis + ": " + MEASURED_ON + " accepts this desc, but its CreateOperator frees "
                    + "an invalid heap block; a later CompileOperator in the same process can crash, and some such "
                    + "operators return output that changes from run to run (measured on " + MEASURED_ON + " at "
                    + MeasuredDirectMl.FEATURE_LEVEL.cName() + ")");
        }
    }

    /**
     * With IndexDimensions 1 or more, the indices dimensions before the last IndexDimensions index nothing: each must
     * be 1 (the documented rule, kept where DirectML differs, §10.4). With IndexDimensions 0, DirectML's own shape
     * rule ({@link ScalarIndicesShape}).
     */
    private static void checkIndicesLeadingSizes(DiagnosticCollector out, List<Long> inputSizes,
            List<Long> indicesSizes, int axis, int indexDimensions) {
        int rank = indicesSizes.size();
        if (indexDimensions == 0) {
            checkScalarIndices(out, ScalarIndicesShape.of(inputSizes, indicesSizes, axis), inputSizes, indicesSizes,
                    axis);
            return;
        }
        for (int i = 0; i < rank - indexDimensions; i++) {
            long size = indicesSizes.get(i);
            if (size != 1) {
                out.report(RuleId.INDICES_LEADING_SIZE_NOT_1, INDICES_TENSOR + ".Sizes[" + i + "]", "expected 1 "
                        + "(the documented rule for dimension " + i + ", before the last IndexDimensions "
                        + indexDimensions + " of " + rank + ") but got " + size + "; " + UNMODELLED);
            }
        }
    }

    /** IndexDimensions 0 with indices that are not all 1s: measured on DirectML.dll 1.15.4 (§10.4). */
    private static void checkScalarIndices(DiagnosticCollector out, ScalarIndicesShape shape, List<Long> inputSizes,
            List<Long> indicesSizes, int axis) {
        String path = INDICES_TENSOR + ".Sizes";
        String indices = sizesText(indicesSizes) + " with IndexDimensions 0: ";
        String rule = "after their leading 1s, the indices' sizes " + sizesText(shape.significant()) + " must be the "
                + "first sizes of the input's " + sizesText(inputSizes) + " after its leading 1s, and at most Axis "
                + axis + " of them";
        switch (shape.verdict()) {
            case SCALAR, ONE_INDEX_PER_ELEMENT -> { }
            case MORE_DIMENSIONS_THAN_AXIS, NOT_THE_INPUTS_LEADING_SIZES ->
                out.report(RuleId.SCALAR_INDEX_SIZES_NOT_1, path, indices + rule + " (measured on " + MEASURED_ON
                        + ", docs/directml-behaviour.md §10.4)");
            case ENDS_THE_PROCESS ->
                out.report(RuleId.CREATE_OPERATOR_FAIL_FAST, path, indices + "the input has fewer sizes than "
                        + shape.significant().size() + " after its leading 1s: " + MEASURED_ON + " terminates the "
                        + "process (fail-fast) in CreateOperator for this desc instead of refusing it; never send it "
                        + "to a device (measured at " + MeasuredDirectMl.FEATURE_LEVEL.cName()
                        + ", docs/directml-behaviour.md §10.4)");
        }
    }

    /**
     * Measured (§10.4): with IndexDimensions 0, DirectML checks the indices' sizes against the input's but reads them
     * along the output's dimensions after its leading 1s; where those sizes differ, some output elements take an index
     * from another indices row, or 0 past the indices' TotalTensorSizeInBytes.
     */
    private static void warnAboutMisreadIndices(DiagnosticCollector out, List<Long> inputSizes,
            List<Long> indicesSizes, List<Long> outputSizes, int axis) {
        int dimension = ScalarIndicesShape.of(inputSizes, indicesSizes, axis).misreadDimension(outputSizes);
        if (dimension >= 0) {
            out.report(RuleId.SCALAR_INDICES_MISREAD, INDICES_TENSOR + ".Sizes[" + dimension + "]", "size "
                    + indicesSizes.get(dimension) + " with IndexDimensions 0: " + MEASURED_ON + " checks it against "
                    + "the input's sizes but reads it along an output dimension of another size, so some output "
                    + "elements take an index from another indices row or 0 past the indices' TotalTensorSizeInBytes "
                    + "(docs/directml-behaviour.md §10.4)");
        }
    }

    /** Measured: DirectML crops the formula's first entries whatever their size and reads index 0 along them. */
    private static void warnAboutCroppedSizes(DiagnosticCollector out, GatherOutputShape shape, int rank) {
        for (GatherOutputShape.Entry entry : shape.cropped()) {
            if (entry.size() != 1) {
                out.report(RuleId.OUTPUT_CROPS_SIZE_ABOVE_1, entry.source(), entry.size() + " is cropped from the "
                        + "output formula " + GatherOutputShape.text(shape.formula()) + " (" + shape.formula().size()
                        + " dimensions for DimensionCount " + rank + "); the docs crop only leading 1s, " + MEASURED_ON
                        + " crops it anyway and reads only index 0 along it");
            }
        }
    }

    private static void checkOutputSizes(DiagnosticCollector out, GatherOutputShape shape, List<Long> outputSizes,
            int indexDimensions) {
        List<GatherOutputShape.Entry> expected = shape.aligned();
        for (int i = 0; i < expected.size(); i++) {
            GatherOutputShape.Entry entry = expected.get(i);
            long actual = outputSizes.get(i);
            if (actual == entry.size()) {
                continue;
            }
            String path = OUTPUT_TENSOR + ".Sizes[" + i + "]";
            if (indexDimensions == 0 && i == 0) {
                out.report(RuleId.OUTPUT_LEADING_SIZE_UNCHECKED, path, "expected 1 (" + GatherOutputShape.PADDING
                        + ") but got " + actual + "; " + MEASURED_ON + " does not check it, and the output rows past "
                        + "the first repeat it or read past the input (docs/directml-behaviour.md §10.5)");
            } else {
                out.report(RuleId.SIZES_MISMATCH, path, "expected " + entry.size() + " (" + entry.source()
                        + "; the output formula aligned to " + expected.size() + " dimensions is "
                        + GatherOutputShape.text(expected) + ") but got " + actual);
            }
        }
    }

    private static String sizesText(List<Long> sizes) {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < sizes.size(); i++) {
            text.append(i == 0 ? "" : ",").append(sizes.get(i));
        }
        return text.append('}').toString();
    }
}
