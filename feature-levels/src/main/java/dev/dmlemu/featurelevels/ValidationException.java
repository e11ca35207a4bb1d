package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Objects;

/** A desc was required to be valid and is not; carries every diagnostic, and its message lists them. */
public final class ValidationException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> diagnostics;
    private final FeatureLevel featureLevel;

    public ValidationException(OperatorType operatorType, FeatureLevel featureLevel, List<Diagnostic> diagnostics) {
        super(message(operatorType, featureLevel, diagnostics));
        this.featureLevel = Objects.requireNonNull(featureLevel, "featureLevel");
        this.diagnostics = List.copyOf(diagnostics);
    }

    /** Every diagnostic of the failed validation, errors and warnings, in report order. */
    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** The level the desc was validated at. */
    public FeatureLevel featureLevel() {
        return featureLevel;
    }

    private static String message(OperatorType operatorType, FeatureLevel level, List<Diagnostic> diagnostics) {
        long errors = diagnostics.stream().filter(Diagnostic::isError).count();
        StringBuilder text = new StringBuilder();
        text.append(operatorType.cName()).append(" is not valid at ").append(level.cName()).append(" (")
                .append(errors).append(errors == 1 ? " error" : " errors").append("):");
        for (Diagnostic diagnostic : diagnostics) {
            text.append("\n  ").append(diagnostic);
        }
        return text.toString();
    }
}
