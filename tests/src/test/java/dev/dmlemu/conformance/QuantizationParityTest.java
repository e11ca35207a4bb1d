package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.NaiveQuantization;
import dev.dmlemu.testkit.QuantizationCases;
import org.junit.jupiter.api.Test;

/**
 * QUANTIZE and DEQUANTIZE against the real DirectML.dll, bit for bit, on the kit's seeded {@link QuantizationCases}
 * (blocked scales and zero points, INT8, UINT8, INT4 and UINT4, packed and padded tensors, edge values), through
 * {@link MovementParity}; the emulator and {@link NaiveQuantization} must equal the DLL on every output element.
 * docs/directml-behaviour.md §15.13 has the figures (measured with {@code -Ddmlemu.quantization.cases=1000}; every
 * build runs 100).
 */
class QuantizationParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.quantization.cases", 100);

    @Test
    void quantizeMatchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("QuantizationParityTest (QUANTIZE)");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.QUANTIZE, CASES, 10,
                MovementParityTest.SEED, QuantizationCases::quantize, NaiveQuantization::run);
        System.out.println("QuantizationParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }

    @Test
    void dequantizeMatchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("QuantizationParityTest (DEQUANTIZE)");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.DEQUANTIZE, CASES, 10,
                MovementParityTest.SEED, QuantizationCases::dequantize, NaiveQuantization::run);
        System.out.println("QuantizationParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
