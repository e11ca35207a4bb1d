package dev.dmlemu.model;

import java.util.Objects;

/**
 * A model file (or a {@code .npy} file it names) that cannot be read: malformed JSON, an unknown field, a value of the
 * wrong type or out of range, a missing required field, an unknown enum name, a byte size that overflows, or a
 * {@code .npy} file whose header is unsupported or lies about its size.
 *
 * <p>Unchecked, like {@link IllegalArgumentException}: the input is bad and the caller can only report it. It is the
 * only exception the model readers throw for bad input; no parser exception escapes. The message is one line (control
 * characters from the file, e.g. in a field name, are shown escaped) of the form
 * {@code dispatchables.ge.desc.IndicesTensor.Sizes[2]: expected an unsigned 32-bit integer, got -1 (line 7, column 40)};
 * the parts are also available one by one.
 */
public final class ModelFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** {@link #line()} and {@link #column()} when no position is known. */
    public static final int NO_POSITION = -1;

    private final String sourceName;
    private final String jsonPath;
    private final int line;
    private final int column;
    private final String detail;

    /**
     * @param sourceName the file the problem is in (a model file or a {@code .npy} file), for messages
     * @param jsonPath where in the JSON document, e.g. {@code resources.X.initialValues[3]}; empty for the whole
     *     document or for a non-JSON file
     * @param line 1-based line, or {@link #NO_POSITION}
     * @param column 1-based column, or {@link #NO_POSITION}
     * @param detail what is wrong, without path or position
     */
    public ModelFormatException(String sourceName, String jsonPath, int line, int column, String detail) {
        super(OneLine.of(format(jsonPath, line, column, detail)));
        this.sourceName = Objects.requireNonNull(sourceName, "sourceName");
        this.jsonPath = Objects.requireNonNull(jsonPath, "jsonPath");
        this.line = line;
        this.column = column;
        this.detail = Objects.requireNonNull(detail, "detail");
    }

    private static String format(String jsonPath, int line, int column, String detail) {
        StringBuilder b = new StringBuilder();
        if (!jsonPath.isEmpty()) {
            b.append(jsonPath).append(": ");
        }
        b.append(detail);
        if (line != NO_POSITION) {
            b.append(" (line ").append(line);
            if (column != NO_POSITION) {
                b.append(", column ").append(column);
            }
            b.append(')');
        }
        return b.toString();
    }

    /** The model or {@code .npy} file the problem is in, as given to the reader. */
    public String sourceName() {
        return sourceName;
    }

    /** The JSON path of the offending value, e.g. {@code commands[0].bindings.InputTensor}; empty for none. */
    public String jsonPath() {
        return jsonPath;
    }

    /** 1-based line of the offending value, or {@link #NO_POSITION}. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending value, or {@link #NO_POSITION}. */
    public int column() {
        return column;
    }

    /** What is wrong, without the path and position. */
    public String detail() {
        return detail;
    }

    /** {@code <sourceName>: <message>}, the form a command-line tool prints, on one line. */
    public String describe() {
        String message = getMessage();
        String source = OneLine.of(sourceName);
        return message.startsWith(source + ":") ? message : source + ": " + message;
    }
}
