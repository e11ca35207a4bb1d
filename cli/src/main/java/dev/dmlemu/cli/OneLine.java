package dev.dmlemu.cli;

import dev.dmlemu.featurelevels.Diagnostic;
import java.util.Locale;

/**
 * Text lines as the CLI prints them: names and messages from a model file may hold any character, and a newline or
 * escape sequence in one must not forge an extra line (or a terminal command) in the output. Control characters are
 * shown as {@code \n}, {@code \t}, {@code \u001b} and so on.
 */
final class OneLine {

    private OneLine() {}

    static String of(String text) {
        StringBuilder line = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (control && line == null) {
                line = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (line != null) {
                if (!control) {
                    line.append(c);
                } else if (c == '\n') {
                    line.append("\\n");
                } else if (c == '\r') {
                    line.append("\\r");
                } else if (c == '\t') {
                    line.append("\\t");
                } else {
                    line.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                }
            }
        }
        return line == null ? text : line.toString();
    }

    /** {@code ge: error DATA_TYPE_UNSUPPORTED IndicesTensor.DataType: ...}, as validate and run print it. */
    static String diagnostic(String dispatchable, Diagnostic diagnostic) {
        return of(dispatchable + ": " + diagnostic.severity().name().toLowerCase(Locale.ROOT) + " "
                + diagnostic.rule().name() + " " + diagnostic.message());
    }
}
