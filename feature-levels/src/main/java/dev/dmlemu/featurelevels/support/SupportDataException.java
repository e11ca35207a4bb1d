package dev.dmlemu.featurelevels.support;

/** A {@code .tables} file that does not follow its format; the message names the line. */
public final class SupportDataException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    SupportDataException(int line, String message) {
        super("line " + line + ": " + message);
    }
}
