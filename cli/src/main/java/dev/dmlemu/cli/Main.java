package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** The {@code dmlemu} entry point. {@link #run} is the in-process form that tests drive. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        StderrTerminal.markProcess();
        // An interrupted run (SIGINT, SIGTERM) leaves no temporary file and says which files it wrote.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> WriteLedger.interrupted(System.err),
                "dmlemu-interrupted"));
        int code = run(args, System.out, System.err);
        WriteLedger.commandEnded();
        System.exit(code);
    }

    /**
     * Runs one command line, printing to {@code out} and {@code err}, and returns the exit code
     * ({@link ExitCode}): 0 success, 1 invalid operator, 2 unusable input or usage, 3 backend unavailable, 70 internal
     * error. Every failure prints one line on {@code err}; with {@code --json} also one object with an {@code error}
     * member on {@code out}. Nothing escapes as an exception, an {@link Error} included.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(new DmlemuCommand(), args, out, err);
    }

    /** {@link #run(String[], PrintStream, PrintStream)} reading a model given as {@code -} from {@code in}. */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return StandardInput.with(in, () -> run(args, out, err));
    }

    /** {@link #run(String[], PrintStream, PrintStream)} with another top-level command, for tests of the handling. */
    static int run(Object topCommand, String[] args, PrintStream out, PrintStream err) {
        PrintWriter outWriter = new PrintWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new java.io.OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        Failures failures = new Failures(outWriter, errWriter);
        CommandLine commandLine = new CommandLine(topCommand);
        commandLine.setOut(outWriter);
        commandLine.setErr(errWriter);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setExitCodeExceptionMapper(exception -> exception instanceof CliFailure failure
                ? failure.exitCode().code() : ExitCode.INTERNAL_ERROR.code());
        commandLine.setParameterExceptionHandler((exception, arguments) -> failures.usage(exception));
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) ->
                exception instanceof CliFailure failure ? failures.report(failure, failed.getCommandSpec())
                        : failures.internal(exception, failed.getCommandSpec()));
        int code;
        try {
            code = commandLine.execute(args);
        } catch (Throwable error) {
            // Errors (out of memory, stack overflow) pass through picocli untouched; they end here, never as a trace.
            code = failures.internal(error, executed(commandLine));
        }
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    /** The innermost command the arguments named, or the top one when they were not parsed. */
    private static CommandSpec executed(CommandLine commandLine) {
        ParseResult parsed = commandLine.getParseResult();
        if (parsed == null) {
            return commandLine.getCommandSpec();
        }
        while (parsed.hasSubcommand()) {
            parsed = parsed.subcommand();
        }
        return parsed.commandSpec();
    }

    /**
     * How failures are shown: a line on stderr; with --json an error object on stdout; with --debug the trace. Both
     * flags are read from the failed command's parsed options (as far as they were parsed), never from the words:
     * {@code --json=true} is JSON, and a model file named {@code --json} after {@code --} is not.
     */
    private static final class Failures {
        private final PrintWriter out;
        private final PrintWriter err;

        Failures(PrintWriter out, PrintWriter err) {
            this.out = out;
            this.err = err;
        }

        int usage(CommandLine.ParameterException exception) {
            CommandLine failed = exception.getCommandLine();
            String message = OneLine.of(String.valueOf(exception.getMessage()));
            err.println("dmlemu: " + message);
            err.println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for usage.");
            printJson(failed.getCommandSpec(), ExitCode.UNUSABLE_INPUT, message, null);
            return ExitCode.UNUSABLE_INPUT.code();
        }

        int report(CliFailure failure, CommandSpec failed) {
            String message = OneLine.of(failure.getMessage());
            err.println("dmlemu: " + message);
            if (isSet(failed, "--json")) {
                out.println(Json.write(Json.failure(failure)));
            }
            return failure.exitCode().code();
        }

        int internal(Throwable error, CommandSpec failed) {
            String message = InternalErrors.message(error);
            err.println("dmlemu: " + message);
            if (isSet(failed, "--debug")) {
                err.print(InternalErrors.trace(error));
            }
            printJson(failed, ExitCode.INTERNAL_ERROR, message, null);
            return ExitCode.INTERNAL_ERROR.code();
        }

        /** {@code {"error": {"exitCode", "kind", "message", "file", "path", "line", "column"}}}. */
        private void printJson(CommandSpec failed, ExitCode code, String message, CliFailure.Location location) {
            if (!isSet(failed, "--json")) {
                return;
            }
            ObjectNode root = Json.object();
            root.set("error", Json.error(code, message, location));
            out.println(Json.write(root));
        }
    }

    /** Whether the command's boolean option {@code name} was given as true (parsed, not read off the words). */
    static boolean isSet(CommandSpec command, String name) {
        OptionSpec option = command.findOption(name);
        return option != null && Boolean.TRUE.equals(option.getValue());
    }
}
