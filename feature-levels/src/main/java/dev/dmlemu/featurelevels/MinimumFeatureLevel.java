package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The answer to "from which feature level does DirectML accept this desc?": the lowest such level, or none, with
 * the reasons (the diagnostics at the newest level, where the support tables are widest).
 *
 * @param level the lowest accepting level; empty when no level accepts the desc
 * @param reasons empty when a level accepts; otherwise the diagnostics at {@link FeatureLevel#newest()}
 */
public record MinimumFeatureLevel(Optional<FeatureLevel> level, List<Diagnostic> reasons) {

    public MinimumFeatureLevel {
        Objects.requireNonNull(level, "level");
        reasons = List.copyOf(reasons);
        if (level.isPresent() && !reasons.isEmpty()) {
            throw new IllegalArgumentException("an accepted desc has no rejection reasons");
        }
    }

    static MinimumFeatureLevel accepted(FeatureLevel level) {
        return new MinimumFeatureLevel(Optional.of(level), List.of());
    }

    static MinimumFeatureLevel none(List<Diagnostic> reasons) {
        return new MinimumFeatureLevel(Optional.empty(), reasons);
    }

    /** True when some feature level accepts the desc. */
    public boolean isAccepted() {
        return level.isPresent();
    }

    /**
     * The lowest accepting level.
     *
     * @throws ValidationException with the reasons when no level accepts the desc
     */
    public FeatureLevel orElseThrow(OperatorType operatorType) {
        return level.orElseThrow(() -> new ValidationException(operatorType, FeatureLevel.newest(), reasons));
    }

    @Override
    public String toString() {
        return level.map(l -> "accepted from " + l.cName())
                .orElseGet(() -> "no feature level accepts this desc: " + reasons);
    }
}
