package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;

/** The {@code dmlemu} entry point. {@link #run} is the in-process form that tests drive. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        StderrTerminal.markProcess();
        System.exit(run(args, System.out, System.err));
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
        Failures failures = new Failures(outWriter, errWriter, List.of(args));
        CommandLine commandLine = new CommandLine(topCommand);
        commandLine.setOut(outWriter);
        commandLine.setErr(errWriter);
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setExitCodeExceptionMapper(exception -> exception instanceof CliFailure failure
                ? failure.exitCode().code() : ExitCode.INTERNAL_ERROR.code());
        commandLine.setParameterExceptionHandler((exception, arguments) -> failures.usage(exception));
        commandLine.setExecutionExceptionHandler((exception, failed, parseResult) ->
                exception instanceof CliFailure failure ? failures.report(failure) : failures.internal(exception));
        int code;
        try {
            code = commandLine.execute(args);
        } catch (Throwable error) {
            // Errors (out of memory, stack overflow) pass through picocli untouched; they end here, never as a trace.
            code = failures.internal(error);
        }
        outWriter.flush();
        errWriter.flush();
        return code;
    }

    /** How failures are shown: a line on stderr; with --json an error object on stdout; with --debug the trace. */
    private static final class Failures {
        private final PrintWriter out;
        private final PrintWriter err;
        private final boolean json;
        private final boolean debug;

        Failures(PrintWriter out, PrintWriter err, List<String> args) {
            this.out = out;
            this.err = err;
            // Read from the words themselves: a failure may come before (or instead of) a parse result.
            this.json = args.contains("--json");
            this.debug = args.contains("--debug");
        }

        int usage(CommandLine.ParameterException exception) {
            CommandLine failed = exception.getCommandLine();
            String message = OneLine.of(String.valueOf(exception.getMessage()));
            err.println("dmlemu: " + message);
            err.println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for usage.");
            printJson(ExitCode.UNUSABLE_INPUT, message, null);
            return ExitCode.UNUSABLE_INPUT.code();
        }

        int report(CliFailure failure) {
            String message = OneLine.of(failure.getMessage());
            err.println("dmlemu: " + message);
            printJson(failure.exitCode(), message, failure.location().orElse(null));
            return failure.exitCode().code();
        }

        int internal(Throwable error) {
            String message;
            if (error instanceof OutOfMemoryError) {
                message = "internal error: the Java heap (maximum " + (Runtime.getRuntime().maxMemory() >> 20)
                        + " MiB) ran out although dmlemu checks memory before large allocations; raise it with"
                        + " DMLEMU_JAVA_OPTS=-Xmx<size>, and please report the command line and input";
            } else {
                message = "internal error: " + OneLine.of(error.toString())
                        + " (please report it with the command line and input; --debug shows where)";
            }
            err.println("dmlemu: " + message);
            if (debug) {
                StringWriter trace = new StringWriter();
                error.printStackTrace(new PrintWriter(trace));
                err.print(trace);
            }
            printJson(ExitCode.INTERNAL_ERROR, message, null);
            return ExitCode.INTERNAL_ERROR.code();
        }

        /** {@code {"error": {"exitCode", "kind", "message", "file", "path", "line", "column"}}}. */
        private void printJson(ExitCode code, String message, CliFailure.Location location) {
            if (!json) {
                return;
            }
            ObjectNode root = Json.object();
            root.set("error", Json.error(code, message, location));
            out.println(Json.write(root));
        }
    }
}
