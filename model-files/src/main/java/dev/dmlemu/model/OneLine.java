package dev.dmlemu.model;

import java.util.Locale;

/**
 * Text shown as one line: names from a model file may hold any character, and a newline or escape sequence in one
 * must not forge an extra line (or a terminal command) in a message. Control characters are shown as {@code \n},
 * {@code \t}, {@code \u001b} and so on.
 */
public final class OneLine {

    private OneLine() {}

    public static String of(String text) {
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
}
