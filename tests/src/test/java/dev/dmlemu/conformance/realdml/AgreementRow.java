package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.nativebridge.CreateVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** One operator's probes: how many, how many verdicts agreed, and the first disagreements as examples. */
final class AgreementRow {

    static final int EXAMPLES = 3;

    private final OperatorType type;
    private int probes;
    private int agree;
    private final List<String> examples = new ArrayList<>();

    AgreementRow(OperatorType type) {
        this.type = type;
    }

    /** Accepted by both, or refused by both (an ended process counts as refused). */
    void add(OperatorProbes.Probe probe, ValidationResult verdict, CreateVerdict real) {
        probes++;
        boolean accepted = real.outcome() == CreateVerdict.Outcome.ACCEPTED;
        if (verdict.isValid() == accepted) {
            agree++;
        } else if (examples.size() < EXAMPLES) {
            String why = verdict.isValid() ? "dmlemu accepts" : "dmlemu refuses ("
                    + verdict.errors().stream().map(Diagnostic::rule).map(Enum::name).distinct()
                            .collect(Collectors.joining(", ")) + ")";
            examples.add(probe.kind() + " " + probe.what() + ": " + why + ", DirectML " + real.describe());
        }
    }

    OperatorType type() {
        return type;
    }

    int probes() {
        return probes;
    }

    int agree() {
        return agree;
    }

    int disagree() {
        return probes - agree;
    }

    List<String> examples() {
        return List.copyOf(examples);
    }
}
