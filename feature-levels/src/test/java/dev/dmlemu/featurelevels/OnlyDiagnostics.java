package dev.dmlemu.featurelevels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import java.util.ArrayList;
import java.util.List;

/** The rule tests' check that a desc gets exactly the diagnostics expected, each well formed. */
final class OnlyDiagnostics {

    private OnlyDiagnostics() {}

    /**
     * Asserts that the only diagnostics are {@code expected} (rule and path pairs), in that order, each at
     * {@code level}, with its rule's severity and a message starting with its path.
     */
    static ValidationResult assertOnly(FeatureLevelValidator validator, OperatorDesc desc, FeatureLevel level,
            Object... expected) {
        ValidationResult result = validator.validate(desc, level);
        List<String> actual = result.diagnostics().stream().map(d -> d.rule() + " " + d.path()).toList();
        List<String> wanted = new ArrayList<>();
        for (int i = 0; i < expected.length; i += 2) {
            wanted.add(expected[i] + " " + expected[i + 1]);
        }
        assertEquals(wanted, actual, result::toString);
        for (Diagnostic diagnostic : result.diagnostics()) {
            assertEquals(level, diagnostic.featureLevel());
            assertEquals(diagnostic.rule().severity(), diagnostic.severity());
            assertTrue(diagnostic.message().startsWith(diagnostic.path() + ": "), diagnostic.message());
        }
        return result;
    }
}
