package dev.dmlemu.conformance;

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
        AgreementTally.of(real, cases).printAndAssertAgreement("SCATTER_ELEMENTS", SEED, "", 300, 30);
    }
}
