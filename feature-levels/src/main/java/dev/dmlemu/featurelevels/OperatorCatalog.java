package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.OperatorRegistry;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operators the validator knows, by type: the one place an operator registers its support tables and rules.
 * The validator, {@code levels} and {@code min-level} look operators up here.
 */
public final class OperatorCatalog {

    private static final Map<OperatorType, OperatorRules<?>> RULES = OperatorRegistry.byType(
            OperatorRules::operatorType, List.of(
                    new GatherElementsRules(),
                    new GatherRules(),
                    GatherNdFamilyRules.gatherNd(),
                    GatherNdFamilyRules.gatherNd1(),
                    new ScatterElementsRules(),
                    new ScatterNdRules()));

    private OperatorCatalog() {}

    /** The operators with rules, in registration order. */
    public static List<OperatorType> operators() {
        return List.copyOf(RULES.keySet());
    }

    /** An operator's support tables, when the validator knows it. */
    public static Optional<OperatorSupport> support(OperatorType type) {
        return rules(type).map(OperatorRules::support);
    }

    static Optional<OperatorRules<?>> rules(OperatorType type) {
        return Optional.ofNullable(RULES.get(type));
    }
}
