package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.IntegerMatrixCases;
import dev.dmlemu.testkit.NaiveIntegerMatrix;
import dev.dmlemu.testkit.NaiveQuantizedMatrix;
import org.junit.jupiter.api.Test;

/**
 * MATRIX_MULTIPLY_INTEGER and QUANTIZED_LINEAR_MATRIX_MULTIPLY against the real DirectML.dll, bit for bit, on the kit's seeded cases
 * ({@link IntegerMatrixCases}: INT8 and UINT8 in every pairing, batches, 2- to 4-D tensors, zero points absent, one
 * value, per row or per column, padded and transposed layouts, sums past 16 bits), through {@link MovementParity}; the
 * emulator and {@link NaiveIntegerMatrix} must equal the DLL. docs/directml-behaviour.md §15.10 has the figures
 * (measured with {@code -Ddmlemu.integer-matrix.cases=1000}; every build runs 100).
 */
class IntegerMatrixParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.integer-matrix.cases", 100);

    @Test
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("IntegerMatrixParityTest");
        IntegerMatrixCases cases = new IntegerMatrixCases(MovementParityTest.OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.MATRIX_MULTIPLY_INTEGER, CASES, 1,
                MovementParityTest.SEED, cases::generate, NaiveIntegerMatrix::run);
        System.out.println("IntegerMatrixParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }

    @Test
    void quantizedProductsMatchTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("IntegerMatrixParityTest (quantized)");
        IntegerMatrixCases cases = new IntegerMatrixCases(MovementParityTest.OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.QUANTIZED_LINEAR_MATRIX_MULTIPLY, CASES, 1,
                MovementParityTest.SEED, cases::generateQuantized, NaiveQuantizedMatrix::run);
        System.out.println("IntegerMatrixParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
