package dev.dmlemu.featurelevels;

import java.util.List;

/**
 * GATHER with IndexDimensions 0: what DirectML.dll 1.15.4's CreateOperator makes of the indices' sizes
 * (docs/directml-behaviour.md §10.4). Leading 1s of both the indices and the input are set aside; the rest of the
 * indices' sizes (L of them) must be the first L of the input's rest, and L may not exceed Axis. When the input's
 * rest is shorter than L, CreateOperator ends the process instead of refusing the desc.
 *
 * @param verdict what CreateOperator does
 * @param inputLeadingOnes how many leading 1s the input's sizes have
 * @param significant the indices' sizes after their leading 1s
 */
record ScalarIndicesShape(Verdict verdict, int inputLeadingOnes, List<Long> significant) {

    /** CreateOperator's answer for one shape. */
    enum Verdict {
        /** Every indices size is 1: the documented scalar index. */
        SCALAR,
        /** Accepted: each output element reads an index of its own. */
        ONE_INDEX_PER_ELEMENT,
        /** Refused: more significant indices dimensions than Axis. */
        MORE_DIMENSIONS_THAN_AXIS,
        /** Refused: the significant sizes are not the first sizes of the input after its leading 1s. */
        NOT_THE_INPUTS_LEADING_SIZES,
        /** CreateOperator ends the process: the input has fewer sizes after its leading 1s than the indices. */
        ENDS_THE_PROCESS
    }

    static ScalarIndicesShape of(List<Long> inputSizes, List<Long> indicesSizes, int axis) {
        int inputLead = leadingOnes(inputSizes);
        List<Long> significant = indicesSizes.subList(leadingOnes(indicesSizes), indicesSizes.size());
        List<Long> inputRest = inputSizes.subList(inputLead, inputSizes.size());
        Verdict verdict;
        if (significant.isEmpty()) {
            verdict = Verdict.SCALAR;
        } else if (significant.size() > axis) {
            verdict = Verdict.MORE_DIMENSIONS_THAN_AXIS;
        } else if (significant.size() > inputRest.size()) {
            verdict = Verdict.ENDS_THE_PROCESS;
        } else if (!significant.equals(inputRest.subList(0, significant.size()))) {
            verdict = Verdict.NOT_THE_INPUTS_LEADING_SIZES;
        } else {
            verdict = Verdict.ONE_INDEX_PER_ELEMENT;
        }
        return new ScalarIndicesShape(verdict, inputLead, List.copyOf(significant));
    }

    /**
     * The first significant indices dimension that DirectML reads along an output dimension of another size, as an
     * IndicesTensor dimension number, or -1. Measured: the j-th significant dimension is read along the output
     * dimension {@code lead + j}, lead being the output's leading 1s, and at coordinate 0 when that is past the last
     * output dimension. Before Axis that dimension has the checked size; from Axis on it need not.
     */
    int misreadDimension(List<Long> outputSizes) {
        if (verdict != Verdict.ONE_INDEX_PER_ELEMENT) {
            return -1;
        }
        int rank = outputSizes.size();
        int outputLead = leadingOnes(outputSizes);
        for (int j = 0; j < significant.size(); j++) {
            long readAlong = outputLead + j < rank ? outputSizes.get(outputLead + j) : 1;
            if (readAlong != significant.get(j)) {
                return rank - significant.size() + j;
            }
        }
        return -1;
    }

    private static int leadingOnes(List<Long> sizes) {
        int count = 0;
        while (count < sizes.size() && sizes.get(count) == 1) {
            count++;
        }
        return count;
    }
}
