package dev.dmlemu.conformance;

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

    int agreed() {
        return agreed;
    }

    /** Cases CreateOperator refused. */
    int rejected() {
        return rejected;
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
