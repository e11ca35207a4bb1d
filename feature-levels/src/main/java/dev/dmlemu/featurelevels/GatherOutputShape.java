package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.GatherOperatorDesc.INDICES_TENSOR;
import static dev.dmlemu.desc.GatherOperatorDesc.INPUT_TENSOR;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The output shape of {@code DML_OPERATOR_GATHER} (docs/directml-behaviour.md §10.3): the docs' formula
 * {@code F = Input.Sizes[0..Axis) ++ Indices.Sizes[R-k..R) ++ Input.Sizes[Axis+1..R)} (R the DimensionCount, k the
 * IndexDimensions), each entry with the field it comes from, and F aligned to R dimensions as DirectML.dll 1.15.4
 * aligns it: a longer F loses its first entries, whatever their sizes; a shorter one (only with k = 0) gains a
 * leading 1.
 */
final class GatherOutputShape {

    /** One size of the formula and the field it comes from, e.g. {@code InputTensor.Sizes[0]}. */
    record Entry(long size, String source) {}

    /** The source of the 1 that pads the formula of IndexDimensions 0 to R dimensions. */
    static final String PADDING = "the leading 1 that pads IndexDimensions 0";

    private final List<Entry> formula;
    private final int rank;

    private GatherOutputShape(List<Entry> formula, int rank) {
        this.formula = formula;
        this.rank = rank;
    }

    /**
     * @param inputSizes and {@code indicesSizes}: both of length R
     * @param axis in {@code [0, R)}
     * @param indexDimensions in {@code [0, R]}
     */
    static GatherOutputShape of(List<Long> inputSizes, List<Long> indicesSizes, int axis, int indexDimensions) {
        int rank = inputSizes.size();
        List<Entry> formula = new ArrayList<>(rank - 1 + indexDimensions);
        for (int i = 0; i < axis; i++) {
            formula.add(new Entry(inputSizes.get(i), INPUT_TENSOR + ".Sizes[" + i + "]"));
        }
        for (int i = rank - indexDimensions; i < rank; i++) {
            formula.add(new Entry(indicesSizes.get(i), INDICES_TENSOR + ".Sizes[" + i + "]"));
        }
        for (int i = axis + 1; i < rank; i++) {
            formula.add(new Entry(inputSizes.get(i), INPUT_TENSOR + ".Sizes[" + i + "]"));
        }
        return new GatherOutputShape(List.copyOf(formula), rank);
    }

    /** The formula as the docs write it, before alignment: R - 1 + IndexDimensions entries. */
    List<Entry> formula() {
        return formula;
    }

    /** The first entries of a formula longer than R, which the alignment drops; empty otherwise. */
    List<Entry> cropped() {
        return formula.size() > rank ? formula.subList(0, formula.size() - rank) : List.of();
    }

    /** The formula aligned to R entries: the OutputTensor.Sizes DirectML expects. */
    List<Entry> aligned() {
        if (formula.size() >= rank) {
            return formula.subList(formula.size() - rank, formula.size());
        }
        List<Entry> padded = new ArrayList<>(rank);
        for (int i = formula.size(); i < rank; i++) {
            padded.add(new Entry(1, PADDING));
        }
        padded.addAll(formula);
        return padded;
    }

    /** {@code {4,2}}. */
    static String text(List<Entry> entries) {
        return entries.stream().map(entry -> Long.toString(entry.size())).collect(Collectors.joining(",", "{", "}"));
    }
}
