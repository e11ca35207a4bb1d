package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherNdOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherNdOperatorDesc.INPUT_TENSOR;

import java.util.ArrayList;
import java.util.List;

/**
 * The output shape of {@code DML_OPERATOR_GATHER_ND} and {@code GATHER_ND1} as DirectML.dll 1.15.4 computes it
 * (docs/directml-behaviour.md §11.3): with R the DimensionCount, q the last indices size (the tuple length), B the
 * BatchDimensionCount, and {@code in}/{@code idx} the last InputDimensionCount/IndicesDimensionCount sizes, the
 * formula is {@code idx[0 .. len-1) ++ in[B+q ..)}, right-aligned to R with leading 1s. A formula longer than R is
 * not cropped (unlike GATHER's): the desc is refused. The docs' formula takes {@code Input.Sizes[R-q ..)} instead,
 * which their own examples contradict.
 */
final class GatherNdShape {

    private final List<GatherOutputShape.Entry> formula;
    private final int rank;

    private GatherNdShape(List<GatherOutputShape.Entry> formula, int rank) {
        this.formula = formula;
        this.rank = rank;
    }

    /**
     * @param inputSizes and {@code indicesSizes}: both of length R
     * @param inputCount InputDimensionCount, in {@code [1, R]}
     * @param indicesCount IndicesDimensionCount, in {@code [1, R]}
     * @param batch BatchDimensionCount, below both counts
     * @param tuple the last indices size, at most {@code inputCount - batch}
     */
    static GatherNdShape of(List<Long> inputSizes, List<Long> indicesSizes, int inputCount, int indicesCount,
            int batch, int tuple) {
        int rank = inputSizes.size();
        List<GatherOutputShape.Entry> formula = new ArrayList<>(rank);
        for (int i = rank - indicesCount; i < rank - 1; i++) {
            formula.add(new GatherOutputShape.Entry(indicesSizes.get(i), INDICES_TENSOR + ".Sizes[" + i + "]"));
        }
        for (int i = rank - inputCount + batch + tuple; i < rank; i++) {
            formula.add(new GatherOutputShape.Entry(inputSizes.get(i), INPUT_TENSOR + ".Sizes[" + i + "]"));
        }
        return new GatherNdShape(List.copyOf(formula), rank);
    }

    /** The formula before alignment: IndicesDimensionCount - 1 + InputDimensionCount - B - q entries. */
    List<GatherOutputShape.Entry> formula() {
        return formula;
    }

    /** Whether the formula fits in R dimensions; DirectML refuses the desc otherwise. */
    boolean fitsRank() {
        return formula.size() <= rank;
    }

    /** The formula with leading 1s up to R entries: the OutputTensor.Sizes DirectML expects (when it fits). */
    List<GatherOutputShape.Entry> aligned() {
        List<GatherOutputShape.Entry> padded = new ArrayList<>(rank);
        for (int i = formula.size(); i < rank; i++) {
            padded.add(new GatherOutputShape.Entry(1, "a leading 1 that pads the formula"));
        }
        padded.addAll(formula);
        return padded;
    }
}
