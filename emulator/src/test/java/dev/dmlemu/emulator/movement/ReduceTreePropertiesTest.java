package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.IntegerReduceCases;
import dev.dmlemu.testkit.NaiveIntegerReduce;
import dev.dmlemu.testkit.NaiveSelectReduce;
import dev.dmlemu.testkit.ReduceTreeCases;
import org.junit.jupiter.api.Test;

/**
 * REDUCE beyond the small walks (docs/directml-behaviour.md §16.7), on the emulator against the kit's naive references,
 * whole output arrays compared, without the DLL: trees of more than 1,024 reduced elements, long blocks (innermost
 * trees, axes cut into chunks, two blocks apart), and integer sums and products, which wrap.
 */
class ReduceTreePropertiesTest {

    @Test
    void largeTreesMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.REDUCE, 20, (n, seed) -> ReduceTreeCases.generate(seed),
                NaiveSelectReduce::run);
    }

    @Test
    void longBlocksMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.REDUCE, 40, (n, seed) -> ReduceTreeCases.generateLongBlock(seed),
                NaiveSelectReduce::run);
    }

    @Test
    void integerSumsAndProductsMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.REDUCE, 300, (n, seed) -> IntegerReduceCases.generate(seed),
                NaiveIntegerReduce::run);
    }
}
