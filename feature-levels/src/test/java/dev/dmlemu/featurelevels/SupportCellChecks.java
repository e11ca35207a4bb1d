package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** What the support-table tests of every operator check on each validated cell, and the tensors they build it of. */
final class SupportCellChecks {

    private SupportCellChecks() {}

    /**
     * Adds a mismatch unless {@code result} holds exactly one {@code rule} error at {@code path} when {@code expected}
     * (accepted from {@code acceptedFrom}, at the result's level) and none otherwise.
     */
    static void expectDiagnostic(List<String> mismatches, String cell, ValidationResult result, RuleId rule,
            String path, boolean expected, Optional<FeatureLevel> acceptedFrom) {
        List<Diagnostic> found = result.diagnostics().stream()
                .filter(d -> d.rule() == rule && d.path().equals(path)).toList();
        if (found.size() != (expected ? 1 : 0)) {
            mismatches.add(cell + ": expected " + (expected ? "one " : "no ") + rule + " at " + path + ", got "
                    + found);
        } else if (expected) {
            Diagnostic diagnostic = found.get(0);
            if (!diagnostic.acceptedFrom().equals(acceptedFrom) || diagnostic.severity() != Severity.ERROR
                    || diagnostic.featureLevel() != result.featureLevel()) {
                mismatches.add(cell + ": expected acceptedFrom " + acceptedFrom + ", got " + diagnostic);
            }
        }
    }

    /** A packed tensor of {@code dims} sizes of 1, with room to spare (64 bytes) whatever the type. */
    static BufferTensorDesc ones(TensorDataType type, int dims) {
        return new BufferTensorDesc(type, TensorFlags.NONE, dims, Collections.nCopies(dims, 1L), Optional.empty(),
                64, 0);
    }
}
