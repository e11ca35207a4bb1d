package dev.dmlemu.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dmlemu doctor}: {@code setup-directml --check}, what the real DirectML on Linux has and lacks. */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Says what the real DirectML on Linux has and what it still lacks.",
            "The same as setup-directml --check; changes nothing. Exit code 0 when ready, 3 when not."})
final class DoctorCommand implements Callable<Integer> {

    @Option(names = "--dml-version", paramLabel = "VERSION",
            description = "the DirectML.dll version to check for (default 1.15.4)")
    String dmlVersion;

    @Override
    public Integer call() {
        return SetupDirectMlCommand.runSetup(dmlVersion, true);
    }
}
