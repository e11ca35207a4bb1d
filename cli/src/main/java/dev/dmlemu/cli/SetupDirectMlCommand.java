package dev.dmlemu.cli;

import dev.dmlemu.nativebridge.DirectMl;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dmlemu setup-directml}: makes the real DirectML.dll usable on Linux (Wine, the host, the DLL). */
@Command(name = "setup-directml", mixinStandardHelpOptions = true,
        description = {"Sets up the real DirectML.dll for --backend directml and compare on Debian/Ubuntu x86_64.",
            "It installs or finds Wine, mingw-w64, Mesa's Vulkan drivers and Xvfb (apt).",
            "It fetches DirectML.dll from the npm package onnxruntime-node and checks its SHA-256.",
            "It builds the project's host program from its C sources and makes a private Wine prefix.",
            "Everything goes into $${XDG_CACHE_HOME:-~/.cache}/dmlemu; a second run only checks.",
            "Exit code 0 when ready, 3 when not."})
final class SetupDirectMlCommand implements Callable<Integer> {

    @Option(names = "--dml-version", paramLabel = "VERSION",
            description = "the DirectML.dll version to fetch (default 1.15.4)")
    String dmlVersion;

    @Option(names = "--check", description = "only report what is present and what is missing; change nothing")
    boolean check;

    @Override
    public Integer call() {
        return runSetup(dmlVersion, check);
    }

    static int runSetup(String dmlVersion, boolean check) {
        if (!DirectMl.isLinuxX64(System.getProperty("os.name", ""), System.getProperty("os.arch", ""))) {
            throw CliFailure.backendUnavailable("setup-directml is for Linux x86_64 (this is "
                    + System.getProperty("os.name") + " " + System.getProperty("os.arch")
                    + "); on Windows --backend directml loads DirectML.dll directly");
        }
        List<String> arguments = new ArrayList<>();
        if (dmlVersion != null) {
            arguments.add("--dml-version");
            arguments.add(dmlVersion);
        }
        if (check) {
            arguments.add("--check");
        }
        try {
            int code = DirectMlSetupScript.run(arguments);
            return code == 0 ? ExitCode.SUCCESS.code() : ExitCode.BACKEND_UNAVAILABLE.code();
        } catch (IOException e) {
            throw CliFailure.backendUnavailable("setup-directml: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw CliFailure.backendUnavailable("setup-directml: interrupted");
        }
    }
}
