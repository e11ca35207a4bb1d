package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The validator at {@code DML_FEATURE_LEVEL_6_4} against the real DirectML.dll 1.15.4 (which reports 6_4): on every
 * generated desc, "valid" must equal "CreateOperator returned S_OK". The DLL is the referee.
 */
class ValidatorAgreementTest {

    private static final long SEED = 20240613L;

    @Test
    void validatorAgreesWithCreateOperatorOnEveryGeneratedCase() throws Exception {
        Optional<RealDirectMl> real = RealDirectMl.locate();
        if (real.isEmpty()) {
            System.out.println("SKIPPED validator/real-DirectML agreement: " + RealDirectMl.unavailableReason());
        }
        assumeTrue(real.isPresent(), RealDirectMl::unavailableReason);

        List<AgreementCases.Case> cases = AgreementCases.generate(SEED);
        List<HarnessCase> harnessCases = cases.stream()
                .map(c -> HarnessCase.validateOnly(c.name(), c.desc())).toList();
        Map<String, HarnessResult> results = real.get().validate(harnessCases);

        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<String> disagreements = new ArrayList<>();
        Map<String, int[]> byKind = new TreeMap<>(); // kind -> {cases, accepted by the DLL, agreed}
        int agreed = 0;
        for (AgreementCases.Case c : cases) {
            ValidationResult ours = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
            HarnessResult theirs = results.get(c.name());
            int[] counts = byKind.computeIfAbsent(c.kind(), k -> new int[3]);
            counts[0]++;
            counts[1] += theirs.created() ? 1 : 0;
            if (ours.isValid() == theirs.created()) {
                agreed++;
                counts[2]++;
            } else {
                disagreements.add(c.name() + ": DirectML create=" + theirs.createText() + ", validator "
                        + (ours.isValid() ? "valid" : "invalid") + "\n    " + c.desc() + "\n    " + ours);
            }
        }
        System.out.printf("validator vs real DirectML.dll at DML_FEATURE_LEVEL_6_4: %d/%d cases agree (seed %d)%n",
                agreed, cases.size(), SEED);
        byKind.forEach((kind, counts) -> System.out.printf("  %-32s %3d cases, %3d accepted by DirectML, %3d agree%n",
                kind, counts[0], counts[1], counts[2]));
        assertTrue(cases.size() >= 300, "at least 300 cases");
        assertTrue(disagreements.isEmpty(), () -> disagreements.size() + " disagreements:\n"
                + String.join("\n", disagreements));
    }
}
