package dev.dmlemu.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM options the {@code dmlemu} launcher script adds on this machine, so that timing the command line's jar
 * directly measures what a user of the script sees: the heap on transparent huge pages where the kernel hands them
 * out on request (the script's own comment and docs/performance.md, "Huge pages for the command line's heap"), and
 * the emulator's methods compiled after a tenth of the usual thresholds ("The command line's first dispatches").
 */
final class LauncherJvmOptions {

    private static final Path TRANSPARENT_HUGE_PAGES = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    private LauncherJvmOptions() {}

    /** The script's per-method compile thresholds, in its words. */
    static final List<String> EARLY_KERNEL_COMPILATION = List.of("-XX:CompileCommand=quiet",
            "-XX:CompileCommand=CompileThresholdScaling,dev.dmlemu.emulator.*::*,0.1");

    static List<String> ofThisMachine() {
        List<String> options = new ArrayList<>();
        if (hugePagesOnRequest(readOrEmpty(TRANSPARENT_HUGE_PAGES))) {
            options.add("-XX:+UseTransparentHugePages");
        }
        options.addAll(EARLY_KERNEL_COMPILATION);
        return options;
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
