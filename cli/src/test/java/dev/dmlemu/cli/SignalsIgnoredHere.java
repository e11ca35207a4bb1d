package dev.dmlemu.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which signals this process was started with ignored, from Linux's {@code /proc/self/status} ({@code SigIgn}, a hex
 * mask with bit n - 1 for signal n). A child process inherits ignored signals, and the JVM leaves SIGINT ignored when
 * it starts with it so. Elsewhere (no {@code /proc}) nothing is known to be ignored.
 */
final class SignalsIgnoredHere {

    private static final int SIGINT = 2;

    private SignalsIgnoredHere() {}

    static boolean sigint() {
        return ignoredMask().map(mask -> ignores(mask, SIGINT)).orElse(false);
    }

    static boolean ignores(long mask, int signal) {
        return (mask >>> (signal - 1) & 1) != 0;
    }

    /** The {@code SigIgn} line's mask. */
    static Optional<Long> ignoredMask() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("SigIgn:"))
                    .findFirst().map(l -> Long.parseUnsignedLong(l.substring("SigIgn:".length()).trim(), 16));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
