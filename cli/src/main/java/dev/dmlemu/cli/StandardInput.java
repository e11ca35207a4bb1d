package dev.dmlemu.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The standard input of the command line being run: where {@code run -} reads its model. {@link Main#main} gives
 * {@code System.in}; an in-process run (tests) gives its own stream, for its thread only.
 */
final class StandardInput {

    private static final ThreadLocal<InputStream> CURRENT = new ThreadLocal<>();

    private StandardInput() {}

    /**
     * Whether the process was started with its standard input closed ({@code dmlemu run - <&-}). Descriptor 0 is
     * then free when the JVM starts, and the first file the JVM opens takes it (its module image, or the jar): read
     * as standard input, that would be a model of tens of megabytes. On Linux descriptor 0 is looked up in
     * {@code /proc/self/fd}; a stream given in process is never closed.
     */
    static boolean isClosed() {
        if (CURRENT.get() != null) {
            return false;
        }
        try {
            Path descriptor = Files.readSymbolicLink(Path.of("/proc/self/fd/0"));
            if (descriptor.startsWith(Path.of(System.getProperty("java.home", "/nonexistent")).toRealPath())) {
                return true;
            }
            for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
                if (!entry.isEmpty() && Path.of(entry).toRealPath().equals(descriptor)) {
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            // Not Linux, or no /proc: nothing to tell; a read of a closed descriptor fails with its own reason.
            return false;
        }
    }

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
