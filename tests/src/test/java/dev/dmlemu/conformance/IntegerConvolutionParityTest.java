package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.IntegerConvolutionCases;
import dev.dmlemu.testkit.NaiveIntegerConvolution;
import org.junit.jupiter.api.Test;

/**
 * CONVOLUTION_INTEGER against the real DirectML.dll, bit for bit, on the kit's seeded 1-D and 2-D cases
 * ({@link IntegerConvolutionCases}: INT8 and UINT8 in every pairing, groups, strides, dilations, paddings, outputs a
 * size off the geometry's, zero points absent, one value or per output channel, padded and transposed layouts), through
 * {@link MovementParity}; the emulator and {@link NaiveIntegerConvolution} must equal the DLL.
 * docs/directml-behaviour.md §15.11 has the figures (measured with {@code -Ddmlemu.integer-convolution.cases=1000};
 * every build runs 100).
 */
class IntegerConvolutionParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.integer-convolution.cases", 100);

    @Test
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("IntegerConvolutionParityTest");
        IntegerConvolutionCases cases = new IntegerConvolutionCases(MovementParityTest.OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.CONVOLUTION_INTEGER, CASES, 1,
                MovementParityTest.SEED, cases::generate, NaiveIntegerConvolution::run);
        System.out.println("IntegerConvolutionParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
