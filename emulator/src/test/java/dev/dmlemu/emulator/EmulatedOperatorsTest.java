package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The emulator reports the operators it has kernels for, the gathers and scatters first, and no other. */
class EmulatedOperatorsTest {

    @Test
    void theKernels() {
        assertEquals(List.of(OperatorType.GATHER_ELEMENTS, OperatorType.GATHER, OperatorType.GATHER_ND,
                OperatorType.GATHER_ND1, OperatorType.SCATTER_ELEMENTS, OperatorType.SCATTER_ND),
                EmulatedOperators.all().subList(0, 6));
        assertTrue(EmulatedOperators.all().containsAll(List.of(OperatorType.ELEMENT_WISE_IDENTITY,
                OperatorType.ELEMENT_WISE_ADD, OperatorType.ELEMENT_WISE_ADD1)));
        assertTrue(EmulatedOperators.runs(107)); // DML_OPERATOR_GATHER_ELEMENTS
        assertTrue(EmulatedOperators.runs(94)); // DML_OPERATOR_SCATTER_ELEMENTS
        assertTrue(EmulatedOperators.runs(4)); // DML_OPERATOR_ELEMENT_WISE_ADD
        assertFalse(EmulatedOperators.runs(OperatorType.CONVOLUTION.code()));
        assertFalse(EmulatedOperators.runs(0));
    }

    @Test
    void theDataMovementKernels() {
        assertTrue(EmulatedOperators.all().containsAll(List.of(OperatorType.SLICE, OperatorType.SLICE1,
                OperatorType.JOIN, OperatorType.SPLIT, OperatorType.FILL_VALUE_CONSTANT, OperatorType.FILL_VALUE_SEQUENCE,
                OperatorType.CUMULATIVE_SUMMATION, OperatorType.CUMULATIVE_PRODUCT, OperatorType.PADDING,
                OperatorType.PADDING1, OperatorType.TILE, OperatorType.SPACE_TO_DEPTH, OperatorType.SPACE_TO_DEPTH1,
                OperatorType.DEPTH_TO_SPACE, OperatorType.DEPTH_TO_SPACE1, OperatorType.SLICE_GRAD)));
    }

    @Test
    void theSelectionKernels() {
        assertTrue(EmulatedOperators.all().containsAll(List.of(OperatorType.TOP_K, OperatorType.TOP_K1,
                OperatorType.ARGMIN, OperatorType.ARGMAX, OperatorType.REDUCE)));
    }

    @Test
    void theWindowKernels() {
        assertTrue(EmulatedOperators.all().containsAll(List.of(OperatorType.MAX_POOLING, OperatorType.MAX_POOLING1,
                OperatorType.MAX_POOLING2, OperatorType.UPSAMPLE_2D, OperatorType.RESAMPLE, OperatorType.RESAMPLE1,
                OperatorType.RESAMPLE2, OperatorType.RESAMPLE3, OperatorType.UNFOLD, OperatorType.FOLD)));
    }
}
