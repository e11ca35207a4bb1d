package dev.dmlemu.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The JVM options the {@code dmlemu} launcher script adds on this machine, so that timing the command line's jar
 * directly measures what a user of the script sees: the heap on transparent huge pages where the kernel hands them
 * out on request (the script's own comment and docs/performance.md, "Huge pages for the command line's heap").
 */
final class LauncherJvmOptions {

    private static final Path TRANSPARENT_HUGE_PAGES = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    private LauncherJvmOptions() {}

    static List<String> ofThisMachine() {
        return hugePagesOnRequest(readOrEmpty(TRANSPARENT_HUGE_PAGES))
                ? List.of("-XX:+UseTransparentHugePages") : List.of();
    }

    /** The script's test: the kernel's setting, its chosen mode in brackets, is {@code madvise} or {@code always}. */
    static boolean hugePagesOnRequest(String setting) {
        return setting.contains("[madvise]") || setting.contains("[always]");
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | SecurityException e) {
            return "";
        }
    }
}
