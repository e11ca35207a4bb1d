package dev.dmlemu.desc.schema;

import dev.dmlemu.desc.FeatureLevel;
import java.util.Objects;
import java.util.Optional;

/**
 * An operator that the docs allow in a desc's {@code FusedActivation} field.
 *
 * @param operator its name without {@code DML_OPERATOR_} ({@code ACTIVATION_RELU})
 * @param since the level from which the fusion is allowed, when later than the operator's own availability
 */
public record FusableActivation(String operator, Optional<FeatureLevel> since) {

    public FusableActivation {
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(since, "since");
    }
}
