package dev.dmlemu.cli;

import dev.dmlemu.featurelevels.Diagnostic;
import java.util.Locale;

/**
 * Text lines as the CLI prints them: names and messages from a model file may hold any character, and a newline or
 * escape sequence in one must not forge an extra line (or a terminal command) in the output
 * ({@link dev.dmlemu.model.OneLine}).
 */
final class OneLine {

    private OneLine() {}

    static String of(String text) {
        return dev.dmlemu.model.OneLine.of(text);
    }

    /** {@code ge: error DATA_TYPE_UNSUPPORTED IndicesTensor.DataType: ...}, as validate and run print it. */
    static String diagnostic(String dispatchable, Diagnostic diagnostic) {
        return of(lineStart(dispatchable) + ": " + diagnostic.severity().name().toLowerCase(Locale.ROOT) + " "
                + diagnostic.rule().name() + " " + diagnostic.message());
    }

    /**
     * A name from a model file that begins a line, quoted when it could read as a CI log command: GitHub Actions
     * acts on lines that start with {@code ::} ({@code ::error file=...::}), Azure Pipelines on {@code ##}.
     */
    static String lineStart(String name) {
        String stripped = name.stripLeading();
        return stripped.startsWith(":") || stripped.startsWith("#") || stripped.length() != name.length()
                ? "'" + name + "'" : name;
    }
}
