package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.NaiveSelectReduce;
import dev.dmlemu.testkit.ReduceTreeCases;
import org.junit.jupiter.api.Test;

/**
 * REDUCE MAX and MIN over trees of more than 1,024 reduced elements, and over long reduced blocks (innermost trees,
 * axes cut into chunks), against the real DirectML.dll, bit for bit, on the kit's seeded {@link ReduceTreeCases} (many
 * tied -0.0 and +0.0 per output), through {@link MovementParity}; the
 * emulator and {@link NaiveSelectReduce} must equal the DLL. docs/directml-behaviour.md §16.7 has the figures (measured
 * with {@code -Ddmlemu.reduce-tree.cases=300}; every build runs 30).
 */
class ReduceTreeParityTest {

    private static final int CASES = Integer.getInteger("dmlemu.reduce-tree.cases", 30);

    @Test
    void largeTreesMatchTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTreeParityTest");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.REDUCE, CASES, 5, MovementParityTest.SEED,
                ReduceTreeCases::generate, NaiveSelectReduce::run);
        System.out.println("ReduceTreeParityTest: " + tally.row());
        assertEquals(CASES, tally.identical());
    }

    @Test
    void longBlocksMatchTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ReduceTreeParityTest (long blocks)");
        MovementParity.Tally tally = MovementParity.run(real, OperatorType.REDUCE, CASES, 5,
                MovementParityTest.SEED + 1, ReduceTreeCases::generateLongBlock, NaiveSelectReduce::run);
        System.out.println("ReduceTreeParityTest (long blocks): " + tally.row());
        assertEquals(CASES, tally.identical());
    }
}
