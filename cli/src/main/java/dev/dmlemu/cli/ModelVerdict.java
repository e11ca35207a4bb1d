package dev.dmlemu.cli;

import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.MinimumFeatureLevel;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every dispatchable of a model validated at one level, plus the lowest level that accepts all of them (the highest
 * of their individual minimums; none when any dispatchable is accepted by no level).
 */
record ModelVerdict(FeatureLevel level, Map<String, ValidationResult> results,
        Map<String, MinimumFeatureLevel> minimums) {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    /**
     * The verdict on every dispatchable of {@code input}; a dispatchable whose operator the validator has no rules for
     * yet is unusable input (exit code 2), named with its place in the file, as other things dmlemu does not do are.
     */
    static ModelVerdict of(ModelInput input, FeatureLevel level) {
        input.operators().forEach((name, desc) -> {
            if (!FeatureLevelValidator.hasRules(desc.operatorType())) {
                throw input.problemAt(JsonPath.child(JsonPath.child("", "dispatchables"), name),
                        "no rules for " + desc.operatorType().cName() + " yet: dmlemu reads, writes and marshals"
                        + " its desc, and validates every operator but " + String.join(", ", OperatorDescs.operators()
                                .stream().filter(type -> !FeatureLevelValidator.hasRules(type))
                                .map(OperatorType::name).toList()));
            }
        });
        return of(input.operators(), level);
    }

    static ModelVerdict of(Map<String, OperatorDesc> operators, FeatureLevel level) {
        Map<String, ValidationResult> results = new LinkedHashMap<>();
        Map<String, MinimumFeatureLevel> minimums = new LinkedHashMap<>();
        operators.forEach((name, desc) -> {
            results.put(name, VALIDATOR.validate(desc, level));
            minimums.put(name, VALIDATOR.minimumFeatureLevel(desc));
        });
        return new ModelVerdict(level, results, minimums);
    }

    boolean isValid() {
        return results.values().stream().allMatch(ValidationResult::isValid);
    }

    long errorCount() {
        return results.values().stream().mapToLong(result -> result.errors().size()).sum();
    }

    long warningCount() {
        return results.values().stream().mapToLong(result -> result.warnings().size()).sum();
    }

    /** The lowest level that accepts every dispatchable; empty when some dispatchable is accepted by none. */
    Optional<FeatureLevel> minimumLevel() {
        FeatureLevel highest = FeatureLevel.LEVEL_1_0;
        for (MinimumFeatureLevel minimum : minimums.values()) {
            if (minimum.level().isEmpty()) {
                return Optional.empty();
            }
            if (minimum.level().get().isAtLeast(highest)) {
                highest = minimum.level().get();
            }
        }
        return minimums.isEmpty() ? Optional.empty() : Optional.of(highest);
    }

    /** Each diagnostic with the dispatchable it belongs to, in file order. */
    List<Map.Entry<String, Diagnostic>> diagnostics() {
        List<Map.Entry<String, Diagnostic>> all = new ArrayList<>();
        results.forEach((name, result) -> result.diagnostics().forEach(d -> all.add(Map.entry(name, d))));
        return all;
    }

    /** {@code invalid at DML_FEATURE_LEVEL_2_1 (2 errors); lowest level that accepts it: DML_FEATURE_LEVEL_3_0}. */
    String verdictLine() {
        String counts = isValid()
                ? plural(results.size(), "dispatchable") + (warningCount() > 0 ? ", " + plural(warningCount(), "warning") : "")
                : plural(errorCount(), "error") + (warningCount() > 0 ? ", " + plural(warningCount(), "warning") : "");
        String lowest = results.isEmpty() ? "no dispatchables to judge"
                : minimumLevel().map(l -> "lowest level that accepts it: " + l.cName())
                        .orElse("no feature level accepts it");
        return (isValid() ? "valid" : "invalid") + " at " + level.cName() + " (" + counts + "); " + lowest;
    }

    static String plural(long count, String noun) {
        return count + " " + noun + (count == 1 ? "" : "s");
    }
}
