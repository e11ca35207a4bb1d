package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The validator at {@code DML_FEATURE_LEVEL_6_4} against the real DirectML.dll 1.15.4 (which reports 6_4): on every
 * generated desc, "valid" must equal "CreateOperator returned S_OK". The DLL is the referee.
 */
class ValidatorAgreementTest {

    private static final long SEED = 20240613L;

    @Test
    void validatorAgreesWithCreateOperatorOnEveryGeneratedCase() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("validator/real-DirectML agreement");

        List<AgreementCase<GatherElementsOperatorDesc>> cases = AgreementCases.generate(SEED);
        AgreementTally tally = AgreementTally.of(real, cases);
        System.out.printf("validator vs real DirectML.dll at DML_FEATURE_LEVEL_6_4: %d/%d cases agree (seed %d)%n",
                tally.agreed(), cases.size(), SEED);
        tally.printByKind(32);
        List<String> disagreements = tally.disagreements();
        assertTrue(cases.size() >= 300, "at least 300 cases");
        assertTrue(disagreements.isEmpty(), () -> disagreements.size() + " disagreements:\n"
                + String.join("\n", disagreements));
    }
}
