package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import java.util.Objects;

/**
 * Answers "is this operator desc legal on DirectML at feature level X, and if not, why?" the way DirectML's
 * {@code CreateOperator} and its debug layer do, but with every problem at once: each {@link Diagnostic} names the
 * field (C names, {@code IndicesTensor.Sizes[2]}), the rule, the level, the allowed values and the lowest level that
 * would accept them.
 *
 * <p>Stateless and thread-safe: one instance may be shared by any number of threads, and instances are
 * interchangeable. Validating never throws for a bad desc (only for null arguments); size arithmetic that would
 * overflow becomes a diagnostic.
 */
public final class FeatureLevelValidator {

    public FeatureLevelValidator() {}

    /**
     * Every diagnostic of {@code desc} at {@code level}. The result is valid when DirectML at that level accepts the
     * desc; {@link ValidationResult#validated()} then gives the {@link ValidatedOperator} the backends require.
     */
    public ValidationResult validate(OperatorDesc desc, FeatureLevel level) {
        Objects.requireNonNull(desc, "desc");
        Objects.requireNonNull(level, "level");
        return rules(desc).validate(desc, level);
    }

    /**
     * The lowest feature level that accepts {@code desc}, or none with the reasons: the diagnostics at
     * {@link FeatureLevel#newest()}, where the support tables are widest. Levels are strict supersets, so the first
     * support block of the operator (for GatherElements 2_1, 3_0, 4_1) that accepts the desc gives the answer.
     */
    public MinimumFeatureLevel minimumFeatureLevel(OperatorDesc desc) {
        Objects.requireNonNull(desc, "desc");
        for (SupportTable block : rules(desc).support().blocks()) {
            if (validate(desc, block.since()).isValid()) {
                return MinimumFeatureLevel.accepted(block.since());
            }
        }
        return MinimumFeatureLevel.none(validate(desc, FeatureLevel.newest()).diagnostics());
    }

    private static OperatorRules<?> rules(OperatorDesc desc) {
        return OperatorCatalog.rules(desc.operatorType()).orElseThrow(() ->
                new IllegalArgumentException("no rules for " + desc.operatorType().cName()));
    }
}
