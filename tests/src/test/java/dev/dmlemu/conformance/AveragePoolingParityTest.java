package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.AveragePoolingCases;
import dev.dmlemu.testkit.NaiveAveragePooling;
import org.junit.jupiter.api.Test;

/**
 * AVERAGE_POOLING and AVERAGE_POOLING1 against the real DirectML.dll, bit for bit, on the kit's seeded
 * {@link AveragePoolingCases}, through {@link MovementParity}; the emulator and {@link NaiveAveragePooling} must equal
 * the DLL. docs/directml-behaviour.md §16.10 has the figures (measured with {@code -Ddmlemu.average-pooling.cases=1000};
 * every build runs 100).
 */
class AveragePoolingParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.average-pooling.cases", 100);

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("AveragePoolingParityTest");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.AVERAGE_POOLING, CASES, 10,
                MovementParityTest.SEED, AveragePoolingCases::generate, NaiveAveragePooling::run);
        System.out.println("AveragePoolingParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
