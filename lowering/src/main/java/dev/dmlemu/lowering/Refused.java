package dev.dmlemu.lowering;

import dev.dmlemu.desc.FeatureLevel;
import java.util.Objects;
import java.util.Optional;

/**
 * The node cannot be lowered at the requested level.
 *
 * @param rule the rule that refused it
 * @param message a sentence naming the rule, the tensor or attribute at fault and, when one exists, the feature
 *     level that would accept the node
 * @param acceptingLevel the lowest feature level at which this rule would not refuse the node, when raising the
 *     level is the fix
 */
public record Refused(LoweringRule rule, String message, Optional<FeatureLevel> acceptingLevel)
        implements LoweringResult, BufferLoweringResult {

    public Refused {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(acceptingLevel, "acceptingLevel");
    }
}
