package dev.dmlemu.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this process's stderr is a terminal. Java has no isatty: on Linux the link {@code /proc/self/fd/2} names
 * the terminal device; elsewhere {@link System#console()} (both stdin and stdout terminals) stands in. Only
 * {@link Main#main} asks: an in-process run (tests) prints to its own streams, never a terminal.
 */
final class StderrTerminal {

    private static final ThreadLocal<Boolean> IN_PROCESS = ThreadLocal.withInitial(() -> Boolean.TRUE);

    private StderrTerminal() {}

    /** Whether progress may be drawn on this thread's stderr. */
    static boolean isTerminal() {
        return !IN_PROCESS.get() && detect();
    }

    /** Marks the current thread as the real process's, whose stderr is System.err. */
    static void markProcess() {
        IN_PROCESS.set(Boolean.FALSE);
    }

    private static boolean detect() {
        Path fd2 = Path.of("/proc/self/fd/2");
        try {
            if (Files.isSymbolicLink(fd2)) {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            }
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // fall through to the console
        }
        return System.console() != null;
    }
}
