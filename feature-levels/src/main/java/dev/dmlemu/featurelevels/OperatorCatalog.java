package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorRegistry;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.support.SupportCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The operators the validator knows, by type: the one place an operator registers its support tables and rules.
 * The validator, {@code levels} and {@code min-level} look operators up here.
 */
public final class OperatorCatalog {

    /** The operators with rules of their own, richer than the data and measured on their own. */
    private static final List<OperatorRules<?>> HAND_WRITTEN = List.of(
            new GatherElementsRules(),
            new GatherRules(),
            GatherNdFamilyRules.gatherNd(),
            GatherNdFamilyRules.gatherNd1(),
            new ScatterElementsRules(),
            new ScatterNdRules());

    private static final Map<OperatorType, OperatorRules<?>> RULES = OperatorRegistry.byType(
            OperatorRules::operatorType, withDocumented(HAND_WRITTEN));

    private OperatorCatalog() {}

    /**
     * The hand-written rules, then {@link DocumentedRules} for every other operator with support tables (REDUCE's per
     * Function among them); REVERSE_SUBSEQUENCES, without tables, has none.
     */
    private static List<OperatorRules<?>> withDocumented(List<OperatorRules<?>> handWritten) {
        Set<OperatorType> done = handWritten.stream().map(OperatorRules::operatorType).collect(Collectors.toSet());
        List<OperatorRules<?>> all = new ArrayList<>(handWritten);
        for (OperatorType type : OperatorDescs.operators()) {
            if (!done.contains(type)) {
                SupportCatalog.directMl().support(type.name()).map(support -> DocumentedRules.of(type, support))
                        .ifPresent(all::add);
            }
        }
        return all;
    }

    /** The operators with rules, in registration order. */
    public static List<OperatorType> operators() {
        return List.copyOf(RULES.keySet());
    }

    /** Whether the operator has rules of its own (the gathers and scatters) rather than rules read from data. */
    public static boolean hasOwnRules(OperatorType type) {
        return HAND_WRITTEN.stream().anyMatch(rules -> rules.operatorType() == type);
    }

    /** An operator's support tables, when the validator knows it. */
    public static Optional<OperatorSupport> support(OperatorType type) {
        return rules(type).map(OperatorRules::support);
    }

    static Optional<OperatorRules<?>> rules(OperatorType type) {
        return Optional.ofNullable(RULES.get(type));
    }
}
