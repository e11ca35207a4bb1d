package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.GeneratedCaseChecks.assertArbitraryGivesTheCaseOfEachSeed;
import static dev.dmlemu.testkit.GeneratedCaseChecks.assertSeedGivesTheSameCase;

import org.junit.jupiter.api.Test;

/** What every gather generator promises whatever its operator: a function of its seed, in loops and in jqwik. */
abstract class CaseGeneratorContractTest {

    /** The generator with its default options. */
    abstract CaseGenerator<? extends GatherFamilyCase> defaults();

    /** {@code count} seeds of this generator's test; each test walks the same ones. */
    abstract long[] seeds(int count);

    @Test
    void aSeedGivesTheSameCaseEveryTime() {
        assertSeedGivesTheSameCase(defaults(), seeds(50));
    }

    @Test
    void theArbitraryGivesTheCaseOfEachSeed() {
        assertArbitraryGivesTheCaseOfEachSeed(defaults());
    }
}
