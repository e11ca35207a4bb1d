package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * One command over one or several model files in one JVM ({@code dmlemu validate models/*.json}): CI checks hundreds
 * of configurations and should not pay the JVM's start-up for each. One file prints its lines (or its object with
 * {@code --json}) as they are, and a failure ends the command as usual. Several files: each file's lines led by its
 * name, a file that cannot be used gets its failure line instead, and a summary ends the output; with {@code --json},
 * an array with one object per file (its {@code file}, then the one-file object or an {@code error}). The exit code
 * is the highest of the files' codes. An internal error in one of several files (exit code 70) is reported in its
 * place like any failure, and the batch goes on: the JSON array is always closed. A file name begins its lines, so it
 * is quoted when it could read as a CI log command ({@link OneLine#lineStart}); and {@code -} (standard input) may be
 * given once, since a second {@code -} would read an empty document.
 */
final class ModelBatch {

    /** What one file gave: its exit code, its text lines (without the file's name) and its JSON object. */
    record FileResult(ExitCode code, List<String> lines, ObjectNode json) {}

    /** A command's work on one file; a {@link CliFailure} makes that file unusable, not the batch. */
    interface PerFile {
        FileResult check(Path model);
    }

    /**
     * How the batch reports: {@code --json} or text, and whether an internal error's stack trace goes to
     * {@code err} ({@code --debug}); both as parsed.
     */
    record Output(boolean json, boolean debug, PrintWriter out, PrintWriter err) {

        /** The command's own {@code --json}, its {@code --debug} and its streams. */
        static Output of(CommandSpec command, boolean json) {
            return new Output(json, Main.isSet(command, "--debug"), command.commandLine().getOut(),
                    command.commandLine().getErr());
        }
    }

    private ModelBatch() {}

    /** Refuses a second {@code -}: standard input has one document, and the second read would get nothing. */
    static void requireStandardInputOnce(List<Path> models) {
        if (models.stream().filter(ModelInput::isStandardInput).count() > 1) {
            throw CliFailure.unusableInput("- (standard input) may be given once");
        }
    }

    static int run(List<Path> models, PerFile perFile, Output output) {
        requireStandardInputOnce(models);
        boolean json = output.json();
        PrintWriter out = output.out();
        if (models.size() == 1) {
            FileResult result = perFile.check(models.get(0));
            if (json) {
                out.println(Json.write(result.json()));
            } else {
                result.lines().forEach(out::println);
            }
            return result.code().code();
        }
        ArrayNode array = Json.array();
        int[] byCode = new int[ExitCode.values().length];
        ExitCode worst = ExitCode.SUCCESS;
        for (Path model : models) {
            String name = OneLine.of(model.toString());
            FileResult result;
            try {
                result = perFile.check(model);
            } catch (CliFailure failure) {
                result = new FileResult(failure.exitCode(), List.of(failureLine(name, failure)), errorObject(failure));
                failureOnStderr(output, OneLine.lineStart(name) + ": " + failureLine(name, failure));
            } catch (RuntimeException | Error error) {
                String message = internalError(error, output);
                result = new FileResult(ExitCode.INTERNAL_ERROR, List.of(message),
                        errorObject(ExitCode.INTERNAL_ERROR, message, null));
                failureOnStderr(output, OneLine.lineStart(name) + ": " + message);
            }
            byCode[result.code().ordinal()]++;
            if (result.code().code() > worst.code()) {
                worst = result.code();
            }
            if (json) {
                ObjectNode entry = array.addObject();
                entry.put("file", model.toString());
                entry.setAll(result.json());
            } else {
                for (String line : result.lines()) {
                    out.println(OneLine.lineStart(name) + ": " + line);
                }
            }
        }
        if (json) {
            out.println(Json.write(array));
        } else {
            out.println(summary(models.size(), byCode));
        }
        return worst.code();
    }

    /**
     * A command's work on one file that prints as it goes ({@code run}, whose values can be millions): its text to
     * {@code out} and {@code err}, or, with {@code --json}, one object on {@code out} whose first member is
     * {@code "file": file} when {@code file} is given. A {@link CliFailure} makes that file unusable, not the batch.
     */
    interface Streamed {
        ExitCode run(Path model, PrintWriter out, PrintWriter err, Optional<String> file);
    }

    /**
     * As {@link #run}, for a command that streams: one file prints as it always does; several print each file's
     * lines led by its name (on stdout and stderr alike) as they come, a failure line in place of the rest of a file
     * that fails, and the summary; with {@code --json}, an array of the files' objects.
     */
    static int runStreamed(List<Path> models, Streamed perFile, Output output) {
        requireStandardInputOnce(models);
        boolean json = output.json();
        PrintWriter out = output.out();
        PrintWriter err = output.err();
        if (models.size() == 1) {
            return perFile.run(models.get(0), out, err, Optional.empty()).code();
        }
        int[] byCode = new int[ExitCode.values().length];
        ExitCode worst = ExitCode.SUCCESS;
        if (json) {
            out.println("[");
        }
        for (int i = 0; i < models.size(); i++) {
            Path model = models.get(i);
            String name = OneLine.of(model.toString());
            String lineStart = OneLine.lineStart(name) + ": ";
            if (json && i > 0) {
                out.println(",");
            }
            ExitCode code;
            try {
                code = json ? perFile.run(model, out, err, Optional.of(model.toString()))
                        : perFile.run(model, LinePrefixWriter.printWriter(out, lineStart),
                                LinePrefixWriter.printWriter(err, lineStart), Optional.of(model.toString()));
            } catch (CliFailure failure) {
                code = failure.exitCode();
                report(output, model, lineStart + failureLine(name, failure), errorObject(failure));
            } catch (RuntimeException | Error error) {
                // A bug met in one file is that file's result; the others still run, and the array still closes.
                code = ExitCode.INTERNAL_ERROR;
                String message = internalError(error, output);
                report(output, model, lineStart + message, errorObject(code, message, null));
            }
            byCode[code.ordinal()]++;
            if (code.code() > worst.code()) {
                worst = code;
            }
        }
        out.println(json ? "]" : summary(models.size(), byCode));
        out.flush();
        err.flush();
        return worst.code();
    }

    /**
     * With {@code --json}, a failing file's line goes to stderr too ({@code dmlemu: a.json: ...}), as one file's
     * failure does: the array on stdout is for programs, the line for the person watching the log.
     */
    private static void failureOnStderr(Output output, String line) {
        if (output.json()) {
            output.err().println("dmlemu: " + line);
            output.err().flush();
        }
    }

    /** A file's failure in its place: its line, or its entry of the array (and its line on stderr). */
    private static void report(Output output, Path model, String line, ObjectNode error) {
        if (output.json()) {
            ObjectNode entry = Json.object();
            entry.put("file", model.toString());
            entry.setAll(error);
            output.out().println(Json.write(entry));
            failureOnStderr(output, line);
        } else {
            output.out().println(line);
        }
    }

    /** An internal error's one-line message; its trace on stderr with --debug. */
    private static String internalError(Throwable error, Output output) {
        if (output.debug()) {
            output.err().print(InternalErrors.trace(error));
            output.err().flush();
        }
        return InternalErrors.message(error);
    }

    /** A failure's message without the file's name, which messages about a model file start with. */
    private static String failureLine(String name, CliFailure failure) {
        String message = OneLine.of(failure.getMessage());
        return message.startsWith(name + ":") ? message.substring(name.length() + 2) : message;
    }

    private static ObjectNode errorObject(CliFailure failure) {
        return Json.failure(failure);
    }

    private static ObjectNode errorObject(ExitCode code, String message, CliFailure.Location location) {
        ObjectNode error = Json.object();
        error.set("error", Json.error(code, message, location));
        return error;
    }

    private static String summary(int files, int[] byCode) {
        int internal = byCode[ExitCode.INTERNAL_ERROR.ordinal()];
        return files + " model files: " + byCode[ExitCode.SUCCESS.ordinal()] + " passed, "
                + byCode[ExitCode.INVALID_OPERATOR.ordinal()] + " invalid, "
                + byCode[ExitCode.UNUSABLE_INPUT.ordinal()] + " unusable"
                + (byCode[ExitCode.OUTPUTS_DIFFER.ordinal()] == 0 ? ""
                        : ", " + byCode[ExitCode.OUTPUTS_DIFFER.ordinal()] + " differ from DirectML")
                + (byCode[ExitCode.NO_EMULATOR_KERNEL.ordinal()] == 0 ? ""
                        : ", " + byCode[ExitCode.NO_EMULATOR_KERNEL.ordinal()] + " without an emulator kernel")
                + (byCode[ExitCode.NOT_COMPARED.ordinal()] == 0 ? ""
                        : ", " + byCode[ExitCode.NOT_COMPARED.ordinal()] + " not compared (this DirectML device)")
                + (internal == 0 ? "" : ", " + internal + " internal " + (internal == 1 ? "error" : "errors"));
    }
}
