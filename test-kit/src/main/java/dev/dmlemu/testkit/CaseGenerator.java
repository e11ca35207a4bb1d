package dev.dmlemu.testkit;

import net.jqwik.api.Arbitrary;

/** A generator of cases, each a function of its seed and the generator's options. */
public interface CaseGenerator<C> {

    /** One case per seed; jqwik shrinks the seed, and the case's text names it. */
    Arbitrary<C> arbitrary();

    C generate(long seed);
}
