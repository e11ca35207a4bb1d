package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.LinearResampleCases;
import dev.dmlemu.testkit.NaiveLinearResample;
import org.junit.jupiter.api.Test;

/**
 * RESAMPLE to RESAMPLE3 in LINEAR mode against the real DirectML.dll, bit for bit, on the kit's seeded
 * {@link LinearResampleCases}, through {@link MovementParity}; the emulator and {@link NaiveLinearResample} must equal
 * the DLL. docs/directml-behaviour.md §16.11 has the figures (measured with
 * {@code -Ddmlemu.linear-resample.cases=1000}; every build runs 100).
 */
class LinearResampleParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.linear-resample.cases", 100);

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("LinearResampleParityTest");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.RESAMPLE, CASES, 10,
                MovementParityTest.SEED, LinearResampleCases::generate, NaiveLinearResample::run);
        System.out.println("LinearResampleParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
