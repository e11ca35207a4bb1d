package dev.dmlemu.featurelevels;

import java.util.Locale;

/** How bad a {@link Diagnostic} is: an error makes DirectML's {@code CreateOperator} fail; a warning does not. */
public enum Severity {
    /** DirectML rejects the desc ({@code E_INVALIDARG}). */
    ERROR,
    /** DirectML accepts the desc, but it breaks a documented recommendation. */
    WARNING;

    /** {@code error} or {@code warning}, as printed in front of a diagnostic. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
