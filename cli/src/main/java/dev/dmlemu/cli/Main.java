package dev.dmlemu.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** The {@code dmlemu} entry point. {@link #run} is the in-process form that tests drive. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one command line, printing to {@code out} and {@code err}, and returns the exit code
     * ({@link ExitCode}): 0 success, 1 invalid operator, 2 unusable input or usage, 3 backend unavailable.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        PrintWriter outWriter = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        CommandLine commandLine = new CommandLine(new DmlemuCommand());
        commandLine.setOut(outWriter);
        commandLine.setErr(errWriter);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setExitCodeExceptionMapper(Main::exitCodeOf);
        commandLine.setParameterExceptionHandler((exception, arguments) -> {
            CommandLine failed = exception.getCommandLine();
            failed.getErr().println("dmlemu: " + OneLine.of(String.valueOf(exception.getMessage())));
            failed.getErr().println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for usage.");
            return ExitCode.UNUSABLE_INPUT.code();
        });
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) -> {
            if (exception instanceof CliFailure failure) {
                failed.getErr().println("dmlemu: " + OneLine.of(failure.getMessage()));
                return failure.exitCode().code();
            }
            // A bug in dmlemu, not the user's input: still no stack trace, but say so plainly.
            failed.getErr().println("dmlemu: internal error: " + OneLine.of(exception.toString())
                    + " (please report it with the command line and input)");
            return ExitCode.UNUSABLE_INPUT.code();
        });
        int code = commandLine.execute(args);
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    private static int exitCodeOf(Throwable exception) {
        return exception instanceof CliFailure failure ? failure.exitCode().code() : ExitCode.UNUSABLE_INPUT.code();
    }
}
