package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.IntegerToFloatMatrixCases;
import dev.dmlemu.testkit.NaiveIntegerToFloatMatrix;
import org.junit.jupiter.api.Test;

/**
 * MATRIX_MULTIPLY_INTEGER_TO_FLOAT against the real DirectML.dll, bit for bit, on the kit's seeded
 * {@link IntegerToFloatMatrixCases}, through {@link MovementParity}; the emulator and {@link NaiveIntegerToFloatMatrix}
 * must equal the DLL. docs/directml-behaviour.md §15.15 has the figures (measured with
 * {@code -Ddmlemu.integer-to-float.cases=1000}; every build runs 100).
 */
class IntegerToFloatMatrixParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.integer-to-float.cases", 100);

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("IntegerToFloatMatrixParityTest");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.MATRIX_MULTIPLY_INTEGER_TO_FLOAT, CASES, 10,
                MovementParityTest.SEED, IntegerToFloatMatrixCases::generate, NaiveIntegerToFloatMatrix::run);
        System.out.println("IntegerToFloatMatrixParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
