package dev.dmlemu.cli;

import java.io.InputStream;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The standard input of the command line being run: where {@code run -} reads its model. {@link Main#main} gives
 * {@code System.in}; an in-process run (tests) gives its own stream, for its thread only.
 */
final class StandardInput {

    private static final ThreadLocal<InputStream> CURRENT = new ThreadLocal<>();

    private StandardInput() {}

    static InputStream get() {
        InputStream in = CURRENT.get();
        return in == null ? System.in : in;
    }

    /** Runs {@code body} with {@code in} as the standard input. */
    static <T> T with(InputStream in, Supplier<T> body) {
        InputStream before = CURRENT.get();
        CURRENT.set(Objects.requireNonNull(in, "in"));
        try {
            return body.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }
}
