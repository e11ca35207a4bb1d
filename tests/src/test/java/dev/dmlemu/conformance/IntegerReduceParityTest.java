package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.IntegerReduceCases;
import dev.dmlemu.testkit.NaiveIntegerReduce;
import org.junit.jupiter.api.Test;

/**
 * REDUCE SUM, MULTIPLY, L1 and SUM_SQUARE over 32- and 64-bit integers against the real DirectML.dll, bit for bit, on
 * the kit's seeded {@link IntegerReduceCases}, through {@link MovementParity}; the emulator and
 * {@link NaiveIntegerReduce} must equal the DLL. docs/directml-behaviour.md §16.7 has the figures (measured with
 * {@code -Ddmlemu.integer-reduce.cases=1000}; every build runs 100).
 */
class IntegerReduceParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.integer-reduce.cases", 100);

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("IntegerReduceParityTest");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.REDUCE, CASES, 10,
                MovementParityTest.SEED, IntegerReduceCases::generate, NaiveIntegerReduce::run);
        System.out.println("IntegerReduceParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
