package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Gathers the diagnostics of one validation; allocates nothing until the first problem (the common case). */
final class DiagnosticCollector {

    private final FeatureLevel level;
    private List<Diagnostic> diagnostics;

    DiagnosticCollector(FeatureLevel level) {
        this.level = level;
    }

    FeatureLevel level() {
        return level;
    }

    /** Reports a problem no feature level accepts; {@code message} follows {@code path: }. */
    void report(RuleId rule, String path, String message) {
        report(rule, path, message, Optional.empty());
    }

    void report(RuleId rule, String path, String message, Optional<FeatureLevel> acceptedFrom) {
        if (diagnostics == null) {
            diagnostics = new ArrayList<>(4);
        }
        diagnostics.add(new Diagnostic(rule.severity(), rule, path, level, path + ": " + message, acceptedFrom));
    }

    /** Whether an error (not a warning) was reported so far. */
    boolean hasErrors() {
        if (diagnostics != null) {
            for (Diagnostic diagnostic : diagnostics) {
                if (diagnostic.isError()) {
                    return true;
                }
            }
        }
        return false;
    }

    List<Diagnostic> diagnostics() {
        return diagnostics == null ? List.of() : diagnostics;
    }
}
