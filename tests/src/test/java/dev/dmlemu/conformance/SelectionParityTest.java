package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveSelectReduce;
import dev.dmlemu.testkit.NaiveTopK;
import dev.dmlemu.testkit.SelectionCases;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The selection operators (TOP_K, TOP_K1, ARGMIN, ARGMAX, REDUCE with MAX, MIN, ARGMAX and ARGMIN) against the real
 * DirectML.dll, bit for bit, on the kit's seeded random valid cases ({@link SelectionCases}): every data type the
 * device supports and the tables list, every index type, ranks 1-8, padded, transposed and broadcast inputs, strided
 * outputs, inputs full of ties, NaNs of several payloads, infinities, -0.0, subnormals and integer extremes. The
 * driver is {@link MovementParity}; prints the rows of docs/directml-behaviour.md §16.7's table (measured
 * with {@code -Ddmlemu.selection.cases=120}; every build runs a sample of 8 per operator).
 */
class SelectionParityTest {

    /**
     * Cases per operator: a sample in every build (the DLL compiles each desc anew, about 0.2-0.4 s a case), the
     * 120 of the docs' table with {@code -Ddmlemu.selection.cases=120}.
     */
    private static final int CASES_PER_OPERATOR = Integer.getInteger("dmlemu.selection.cases", 8);

    static List<OperatorType> operators() {
        return SelectionCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit(OperatorType operator) throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SelectionParityTest (" + operator.name() + ")");
        SelectionCases cases = new SelectionCases(MovementParityTest.OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, operator, CASES_PER_OPERATOR, 1,
                MovementParityTest.SEED, seed -> cases.generate(operator, seed), SelectionParityTest::reference);
        System.out.println("SelectionParityTest: " + tally.row());
        assertEquals(CASES_PER_OPERATOR, tally.identical() + tally.nonDeterministic());
        assertEquals(0, tally.nonDeterministic(), "selection is expected to be deterministic");
    }

    static List<byte[]> reference(MovementCase c) {
        return switch (c.desc().operatorType()) {
            case TOP_K, TOP_K1 -> NaiveTopK.run(c);
            default -> NaiveSelectReduce.run(c);
        };
    }

}
