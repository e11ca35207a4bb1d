package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/** Carries a {@link Refused} out of a lowering's checks; never leaves this package. */
final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;
    private final transient Refused refused;

    private Refusal(Refused refused) {
        super(refused.message(), null, false, false);
        this.refused = refused;
    }

    Refused refused() {
        return refused;
    }

    /**
     * A refusal by {@code rule}: the message starts with the rule's name and ends with the level that would accept the
     * node, when raising the level is the fix.
     */
    static Refusal of(LoweringRule rule, FeatureLevel acceptingLevel, String detail) {
        String level = acceptingLevel == null ? "" : " [accepted from " + acceptingLevel.cName() + "]";
        return new Refusal(new Refused(rule, rule.name() + ": " + detail + level, Optional.ofNullable(acceptingLevel)));
    }

    /** Runs a lowering, turning a refusal into its {@link Refused}. */
    static LoweringResult lowerOrRefuse(FrameworkNode node, FeatureLevel target, LoweringOptions options,
            Supplier<Lowered> lowering) {
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(options, "options");
        try {
            return lowering.get();
        } catch (Refusal refusal) {
            return refusal.refused();
        }
    }
}
