package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The validator's verdict at {@code DML_FEATURE_LEVEL_6_4} against CreateOperator's on the real DirectML.dll for
 * every generated case (all in one harness run), counted overall and by kind of change.
 */
final class AgreementTally {

    /** Per kind: cases, accepted by the DLL, agreed. */
    private final Map<String, int[]> byKind = new TreeMap<>();
    private final List<String> disagreements = new ArrayList<>();
    private int cases;
    private int agreed;
    private int rejected;

    private AgreementTally() {}

    static AgreementTally of(RealDirectMl real, List<? extends AgreementCase<?>> cases)
            throws IOException, InterruptedException {
        Map<String, HarnessResult> results = real.validate(cases.stream()
                .map(c -> HarnessCase.validateOnly(c.name(), c.desc())).toList());
        FeatureLevelValidator validator = new FeatureLevelValidator();
        AgreementTally tally = new AgreementTally();
        for (AgreementCase<?> c : cases) {
            ValidationResult ours = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
            HarnessResult theirs = results.get(c.name());
            tally.cases++;
            int[] counts = tally.byKind.computeIfAbsent(c.kind(), k -> new int[3]);
            counts[0]++;
            counts[1] += theirs.created() ? 1 : 0;
            tally.rejected += theirs.created() ? 0 : 1;
            if (ours.isValid() == theirs.created()) {
                tally.agreed++;
                counts[2]++;
            } else {
                tally.disagreements.add(c.name() + ": DirectML create=" + theirs.createText() + ", validator "
                        + (ours.isValid() ? "valid" : "invalid") + "\n    " + c.desc() + "\n    " + ours);
            }
        }
        return tally;
    }

    /**
     * Prints the tally line ({@code OPERATOR validator vs real DirectML.dll at DML_FEATURE_LEVEL_6_4: a/n cases agree,
     * r rejected by DirectML (seed s)} and {@code note}) and the lines by kind, then asserts that there were at least
     * {@code minCases} cases, most of them invalid, and no disagreement (the first {@code listedAtMost} listed).
     */
    void printAndAssertAgreement(String operator, long seed, String note, int minCases, int listedAtMost) {
        System.out.printf("%s validator vs real DirectML.dll at DML_FEATURE_LEVEL_6_4: %d/%d cases agree, "
                + "%d rejected by DirectML (seed %d)%s%n", operator, agreed, cases, rejected, seed, note);
        printByKind(44);
        assertTrue(cases >= minCases, "at least " + minCases + " cases");
        assertTrue(2 * rejected > cases, "most cases are invalid");
        assertTrue(disagreements.isEmpty(), () -> disagreements.size() + " disagreements:\n"
                + String.join("\n", disagreements.subList(0, Math.min(listedAtMost, disagreements.size()))));
    }

    int agreed() {
        return agreed;
    }

    List<String> disagreements() {
        return List.copyOf(disagreements);
    }

    /** One line per kind, the kind left-aligned in {@code kindWidth} characters. */
    void printByKind(int kindWidth) {
        byKind.forEach((kind, counts) -> System.out.printf("  %-" + kindWidth
                + "s %3d cases, %3d accepted by DirectML, %3d agree%n", kind, counts[0], counts[1], counts[2]));
    }
}
