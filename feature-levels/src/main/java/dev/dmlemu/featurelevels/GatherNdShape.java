package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherNdOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherNdOperatorDesc.INPUT_TENSOR;

import java.util.ArrayList;
import java.util.List;

/**
 * The shape {@code DML_OPERATOR_GATHER_ND} and {@code GATHER_ND1} give their output, and {@code SCATTER_ND} requires of
 * its updates, as DirectML.dll 1.15.4 computes it (docs/directml-behaviour.md §11.3, §13.3): with q the last indices
 * size (the tuple length), B the BatchDimensionCount, and {@code in}/{@code idx} the last
 * InputDimensionCount/IndicesDimensionCount sizes, the formula is {@code idx[0 .. len-1) ++ in[B+q ..)}, right-aligned
 * to the target tensor's DimensionCount with leading 1s. A formula longer than that is not cropped (unlike GATHER's):
 * the desc is refused. The docs' formula takes {@code Input.Sizes[R-q ..)} instead, which their own examples
 * contradict.
 */
final class GatherNdShape {

    private final List<GatherOutputShape.Entry> formula;
    private final int targetRank;

    private GatherNdShape(List<GatherOutputShape.Entry> formula, int targetRank) {
        this.formula = formula;
        this.targetRank = targetRank;
    }

    /**
     * @param inputSizes the input's sizes (any length at least {@code inputCount})
     * @param indicesSizes the indices' sizes (any length at least {@code indicesCount})
     * @param inputCount InputDimensionCount, in {@code [1, len(inputSizes)]}
     * @param indicesCount IndicesDimensionCount, in {@code [1, len(indicesSizes)]}
     * @param batch BatchDimensionCount, below both counts
     * @param tuple the last indices size, at most {@code inputCount - batch}
     * @param targetRank the DimensionCount of the tensor the formula describes (the output, or SCATTER_ND's updates)
     */
    static GatherNdShape of(List<Long> inputSizes, List<Long> indicesSizes, int inputCount, int indicesCount,
            int batch, int tuple, int targetRank) {
        int inputRank = inputSizes.size();
        int indicesRank = indicesSizes.size();
        List<GatherOutputShape.Entry> formula = new ArrayList<>(targetRank);
        for (int i = indicesRank - indicesCount; i < indicesRank - 1; i++) {
            formula.add(new GatherOutputShape.Entry(indicesSizes.get(i), INDICES_TENSOR + ".Sizes[" + i + "]"));
        }
        for (int i = inputRank - inputCount + batch + tuple; i < inputRank; i++) {
            formula.add(new GatherOutputShape.Entry(inputSizes.get(i), INPUT_TENSOR + ".Sizes[" + i + "]"));
        }
        return new GatherNdShape(List.copyOf(formula), targetRank);
    }

    /** The formula before alignment: IndicesDimensionCount - 1 + InputDimensionCount - B - q entries. */
    List<GatherOutputShape.Entry> formula() {
        return formula;
    }

    /** Whether the formula fits in the target's DimensionCount; DirectML refuses the desc otherwise. */
    boolean fitsRank() {
        return formula.size() <= targetRank;
    }

    /** The formula with leading 1s up to the target's DimensionCount: the sizes DirectML expects (when it fits). */
    List<GatherOutputShape.Entry> aligned() {
        List<GatherOutputShape.Entry> padded = new ArrayList<>(targetRank);
        for (int i = formula.size(); i < targetRank; i++) {
            padded.add(new GatherOutputShape.Entry(1, "a leading 1 that pads the formula"));
        }
        padded.addAll(formula);
        return padded;
    }

    /**
     * Reports OUTPUT_FORMULA_TOO_LONG when the formula does not fit the target, else SIZES_MISMATCH for each of the
     * target's sizes that is not the aligned formula's.
     *
     * @param targetSizes the target's sizes, {@code targetRank} of them
     * @param targetField {@code OutputTensor} or {@code UpdatesTensor}
     * @param role how messages name the formula: {@code output} or {@code updates}
     */
    void checkTarget(DiagnosticCollector out, List<Long> targetSizes, String targetField, String role) {
        if (!fitsRank()) {
            out.report(RuleId.OUTPUT_FORMULA_TOO_LONG, targetField + ".Sizes", "the " + role + " formula "
                    + GatherOutputShape.text(formula) + " has " + formula.size() + " dimensions, more than "
                    + "DimensionCount " + targetRank + "; " + MeasuredDirectMl.NAME + " does not crop it");
            return;
        }
        List<GatherOutputShape.Entry> expected = aligned();
        for (int i = 0; i < targetRank; i++) {
            long actual = targetSizes.get(i);
            if (actual != expected.get(i).size()) {
                out.report(RuleId.SIZES_MISMATCH, targetField + ".Sizes[" + i + "]", "expected "
                        + expected.get(i).size() + " (" + expected.get(i).source() + "; the " + role + " formula "
                        + "aligned to " + targetRank + " dimensions is " + GatherOutputShape.text(expected)
                        + ") but got " + actual);
            }
        }
    }
}
