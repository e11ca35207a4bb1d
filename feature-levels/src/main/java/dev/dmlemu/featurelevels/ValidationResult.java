package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Everything the {@link FeatureLevelValidator} found in one desc at one feature level. Immutable and thread-safe.
 * Valid means no {@link Severity#ERROR} diagnostic; warnings do not make a desc invalid (DirectML accepts it).
 */
public final class ValidationResult {

    private final OperatorDesc desc;
    private final FeatureLevel featureLevel;
    private final IndexSemantics indexSemantics;
    private final List<Diagnostic> diagnostics;
    private final boolean valid;

    ValidationResult(OperatorDesc desc, FeatureLevel featureLevel, IndexSemantics indexSemantics,
            List<Diagnostic> diagnostics) {
        this.desc = Objects.requireNonNull(desc, "desc");
        this.featureLevel = Objects.requireNonNull(featureLevel, "featureLevel");
        this.indexSemantics = Objects.requireNonNull(indexSemantics, "indexSemantics");
        this.diagnostics = List.copyOf(diagnostics);
        boolean anyError = false;
        for (Diagnostic diagnostic : this.diagnostics) {
            anyError |= diagnostic.isError();
        }
        this.valid = !anyError;
    }

    /** The desc that was validated. */
    public OperatorDesc desc() {
        return desc;
    }

    /** The level it was validated at. */
    public FeatureLevel featureLevel() {
        return featureLevel;
    }

    /**
     * How the indices would be read at this level: {@link IndexSemantics#SIGNED_WRAP} for INT32/INT64 indices from
     * {@code DML_FEATURE_LEVEL_3_0}, {@link IndexSemantics#UNSIGNED} otherwise.
     */
    public IndexSemantics indexSemantics() {
        return indexSemantics;
    }

    /** Every diagnostic, errors and warnings, in report order (tensor fields in C order, then Axis). */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    public List<Diagnostic> errors() {
        return filter(Severity.ERROR);
    }

    public List<Diagnostic> warnings() {
        return filter(Severity.WARNING);
    }

    /** True when DirectML would accept the desc at this level (no error; warnings allowed). */
    public boolean isValid() {
        return valid;
    }

    /**
     * The desc as a {@link ValidatedOperator}, which the emulator and the native bridge require.
     *
     * @throws ValidationException listing every diagnostic when the desc is not valid
     */
    public ValidatedOperator validated() {
        requireValid();
        return new ValidatedOperator(desc, featureLevel, indexSemantics);
    }

    /**
     * This result, when valid.
     *
     * @throws ValidationException listing every diagnostic when the desc is not valid
     */
    public ValidationResult requireValid() {
        if (!valid) {
            throw new ValidationException(desc.operatorType(), featureLevel, diagnostics);
        }
        return this;
    }

    private List<Diagnostic> filter(Severity severity) {
        List<Diagnostic> selected = new ArrayList<>(diagnostics.size());
        for (Diagnostic diagnostic : diagnostics) {
            if (diagnostic.severity() == severity) {
                selected.add(diagnostic);
            }
        }
        return List.copyOf(selected);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        text.append(desc.operatorType().cName()).append(valid ? " is valid at " : " is not valid at ")
                .append(featureLevel.cName());
        for (Diagnostic diagnostic : diagnostics) {
            text.append("\n  ").append(diagnostic);
        }
        return text.toString();
    }
}
