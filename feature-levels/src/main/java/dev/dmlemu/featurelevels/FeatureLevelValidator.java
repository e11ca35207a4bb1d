package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.stream.Collectors;
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
        if (!hasRules(desc.operatorType())) {
            return noRules(desc, level);
        }
        return rules(desc).validate(desc, level);
    }

    /** Whether the validator can judge {@code type}: its rules are written down ({@link RuleId#NO_RULES_YET}). */
    public static boolean hasRules(OperatorType type) {
        return OperatorCatalog.rules(type).isPresent();
    }

    /** The one diagnostic for an operator whose rules are not written yet: no verdict, and it says so. */
    private static ValidationResult noRules(OperatorDesc desc, FeatureLevel level) {
        return new ValidationResult(desc, level, IndexSemantics.UNSIGNED, List.of(new Diagnostic(Severity.ERROR,
                RuleId.NO_RULES_YET, "Type", level, "Type: no rules for " + desc.operatorType().cName()
                + " yet: dmlemu mirrors its desc but cannot judge it (it judges every operator but "
                + OperatorDescs.operators().stream().filter(type -> !hasRules(type)).map(OperatorType::name)
                        .collect(Collectors.joining(", ")) + ")")));
    }

    /**
     * The lowest feature level that accepts {@code desc}, or none with the reasons: the diagnostics at
     * {@link FeatureLevel#newest()}, where the support tables are widest. Levels are strict supersets, so the first
     * support block of the operator (for GatherElements 2_1, 3_0, 4_1) that accepts the desc gives the answer; failing
     * that, the first level that does (a fused activation may need a level no table starts at).
     */
    public MinimumFeatureLevel minimumFeatureLevel(OperatorDesc desc) {
        Objects.requireNonNull(desc, "desc");
        if (!hasRules(desc.operatorType())) {
            return MinimumFeatureLevel.none(noRules(desc, FeatureLevel.newest()).diagnostics());
        }
        for (SupportTable block : rules(desc).support().blocks()) {
            if (validate(desc, block.since()).isValid()) {
                return MinimumFeatureLevel.accepted(block.since());
            }
        }
        // A level between table blocks can still be the answer: a fused activation has a level of its own (6_0).
        for (FeatureLevel level : FeatureLevel.values()) {
            if (level.isAbove(rules(desc).support().introducedIn()) && validate(desc, level).isValid()) {
                return MinimumFeatureLevel.accepted(level);
            }
        }
        return MinimumFeatureLevel.none(validate(desc, FeatureLevel.newest()).diagnostics());
    }

    private static OperatorRules<?> rules(OperatorDesc desc) {
        return OperatorCatalog.rules(desc.operatorType()).orElseThrow(() ->
                new IllegalArgumentException("no rules for " + desc.operatorType().cName()));
    }
}
