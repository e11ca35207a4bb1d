package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import java.util.Objects;
import java.util.Optional;

/**
 * One problem found by the {@link FeatureLevelValidator}, in the manner of DirectML's debug layer.
 *
 * @param severity whether DirectML rejects the desc ({@link Severity#ERROR}) or only a recommendation is broken
 * @param rule the stable id of the rule broken
 * @param path the field, with C field names as in the JSON: {@code IndicesTensor.Sizes[2]}, {@code Axis}
 * @param featureLevel the level the desc was validated at
 * @param message the full text, starting with the path, naming the allowed values and, when one exists, the
 *     lowest level that would accept them
 * @param acceptedFrom the lowest feature level at which this particular problem disappears; empty when no level
 *     accepts it (a structural rule)
 */
public record Diagnostic(Severity severity, RuleId rule, String path, FeatureLevel featureLevel, String message,
        Optional<FeatureLevel> acceptedFrom) {

    public Diagnostic {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(featureLevel, "featureLevel");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(acceptedFrom, "acceptedFrom");
    }

    /** A diagnostic that no feature level would accept. */
    public Diagnostic(Severity severity, RuleId rule, String path, FeatureLevel featureLevel, String message) {
        this(severity, rule, path, featureLevel, message, Optional.empty());
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** {@code error DATA_TYPE_UNSUPPORTED @DML_FEATURE_LEVEL_2_1 IndicesTensor.DataType: INT32 is not ...}. */
    @Override
    public String toString() {
        return severity.label() + " " + rule.name() + " @" + featureLevel.cName() + " " + message;
    }
}
