package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.DynamicQuantizeCases;
import dev.dmlemu.testkit.NaiveDynamicQuantize;
import org.junit.jupiter.api.Test;

/**
 * DYNAMIC_QUANTIZE_LINEAR against the real DirectML.dll, bit for bit, on the kit's seeded {@link DynamicQuantizeCases}
 * (output, scale and zero point), through {@link MovementParity}; the emulator and {@link NaiveDynamicQuantize} must
 * equal the DLL. docs/directml-behaviour.md §15.14 has the figures (measured with
 * {@code -Ddmlemu.dynamic-quantize.cases=1000}; every build runs 100).
 */
class DynamicQuantizeParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.dynamic-quantize.cases", 100);

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("DynamicQuantizeParityTest");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.DYNAMIC_QUANTIZE_LINEAR, CASES, 10,
                MovementParityTest.SEED, DynamicQuantizeCases::generate, NaiveDynamicQuantize::run);
        System.out.println("DynamicQuantizeParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
