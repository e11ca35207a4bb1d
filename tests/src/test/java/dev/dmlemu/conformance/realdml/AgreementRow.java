package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.nativebridge.CreateVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** One operator's probes: how many, how many verdicts agreed, and the first disagreements as examples. */
final class AgreementRow {

    static final int EXAMPLES = 3;

    private final OperatorType type;
    private int probes;
    private int agree;
    private int strided;
    private final List<String> examples = new ArrayList<>();
    /** Disagreements by probe kind and by who accepted: {@code VALID, dmlemu accepts}. */
    private final Map<String, Integer> disagreements = new TreeMap<>();
    /** Probes by kind and DirectML's verdict, so that the report says what each kind's agreement covers. */
    private final Map<String, Integer> byKind = new TreeMap<>();

    AgreementRow(OperatorType type) {
        this.type = type;
    }

    /** Accepted by both, or refused by both (an ended process counts as refused). */
    void add(OperatorProbes.Probe probe, ValidationResult verdict, CreateVerdict real) {
        probes++;
        if (probe.kind() == OperatorProbes.Kind.STRIDES) {
            strided++;
        }
        boolean accepted = real.outcome() == CreateVerdict.Outcome.ACCEPTED;
        byKind.merge(probe.label() + (accepted ? ", DirectML accepts" : ", DirectML refuses"), 1, Integer::sum);
        if (verdict.isValid() == accepted) {
            agree++;
        } else {
            disagreements.merge(probe.label() + ", " + (verdict.isValid() ? "dmlemu" : "DirectML") + " accepts", 1,
                    Integer::sum);
        }
        if (verdict.isValid() != accepted && examples.size() < EXAMPLES) {
            String why = verdict.isValid() ? "dmlemu accepts" : "dmlemu refuses ("
                    + verdict.errors().stream().map(Diagnostic::rule).map(Enum::name).distinct()
                            .collect(Collectors.joining(", ")) + ")";
            examples.add(probe.label() + " " + probe.what() + " (" + tensors(probe.desc()) + "): " + why
                    + ", DirectML " + real.describe());
        }
    }

    /** {@code InputTensor FLOAT32 [1, 2]}, each present tensor of the desc. */
    private static String tensors(OperatorDesc desc) {
        return desc.tensorFields().stream().filter(field -> field.desc() instanceof BufferTensorDesc)
                .map(field -> field.name() + " " + ((BufferTensorDesc) field.desc()).dataType().name() + " "
                        + ((BufferTensorDesc) field.desc()).sizes())
                .collect(Collectors.joining(", "));
    }

    OperatorType type() {
        return type;
    }

    int probes() {
        return probes;
    }

    /** The probes with explicit strides ({@link StrideMutation}). */
    int strided() {
        return strided;
    }

    int agree() {
        return agree;
    }

    int disagree() {
        return probes - agree;
    }

    Map<String, Integer> disagreements() {
        return Map.copyOf(disagreements);
    }

    Map<String, Integer> byKind() {
        return Map.copyOf(byKind);
    }

    List<String> examples() {
        return List.copyOf(examples);
    }
}
