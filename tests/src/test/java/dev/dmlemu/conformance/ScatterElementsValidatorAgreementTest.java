package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The validator on DML_SCATTER_ELEMENTS at {@code DML_FEATURE_LEVEL_6_4} against the real DirectML.dll 1.15.4 (which
 * reports 6_4): "valid" must equal "CreateOperator returned S_OK" on every generated desc (docs/directml-behaviour.md
 * §12.3).
 */
class ScatterElementsValidatorAgreementTest {

    private static final long SEED = 20250701L;

    @Test
    void validatorAgreesWithCreateOperatorOnEveryGeneratedDesc() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SCATTER_ELEMENTS validator/real-DirectML agreement");
        List<AgreementCase<ScatterElementsOperatorDesc>> cases = ScatterElementsAgreementCases.generate(SEED);
        AgreementTally tally = AgreementTally.of(real, cases);
        System.out.printf("SCATTER_ELEMENTS validator vs real DirectML.dll at DML_FEATURE_LEVEL_6_4: %d/%d cases "
                + "agree, %d rejected by DirectML (seed %d)%n", tally.agreed(), cases.size(), tally.rejected(), SEED);
        tally.printByKind(44);
        List<String> disagreements = tally.disagreements();
        assertTrue(cases.size() >= 300, "at least 300 cases");
        assertTrue(2 * tally.rejected() > cases.size(), "most cases are invalid");
        assertTrue(disagreements.isEmpty(), () -> disagreements.size() + " disagreements:\n"
                + String.join("\n", disagreements.subList(0, Math.min(30, disagreements.size()))));
    }
}
