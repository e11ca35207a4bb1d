package dev.dmlemu.conformance;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorDesc;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The validator on DML_GATHER_ND and DML_GATHER_ND1 at {@code DML_FEATURE_LEVEL_6_4} against the real DirectML.dll
 * 1.15.4 (which reports 6_4): "valid" must equal "CreateOperator returned S_OK" on every generated desc
 * (docs/directml-behaviour.md §11.3).
 */
class GatherNdValidatorAgreementTest {

    private static final long SEED = 20250620L;

    @ParameterizedTest
    @EnumSource(GatherNdAgreementCases.Operator.class)
    void validatorAgreesWithCreateOperatorOnEveryGeneratedDesc(GatherNdAgreementCases.Operator operator)
            throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip(operator + " validator/real-DirectML agreement");
        List<AgreementCase<OperatorDesc>> cases = GatherNdAgreementCases.generate(operator, SEED);
        AgreementTally.of(real, cases).printAndAssertAgreement(operator.toString(), SEED, "", 300, 30);
    }
}
