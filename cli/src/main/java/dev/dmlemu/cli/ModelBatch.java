package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One command over one or several model files in one JVM ({@code dmlemu validate models/*.json}): CI checks hundreds
 * of configurations and should not pay the JVM's start-up for each. One file prints its lines (or its object with
 * {@code --json}) as they are, and a failure ends the command as usual. Several files: each file's lines led by its
 * name, a file that cannot be used gets its failure line instead, and a summary ends the output; with {@code --json},
 * an array with one object per file (its {@code file}, then the one-file object or an {@code error}). The exit code
 * is the highest of the files' codes.
 */
final class ModelBatch {

    /** What one file gave: its exit code, its text lines (without the file's name) and its JSON object. */
    record FileResult(ExitCode code, List<String> lines, ObjectNode json) {}

    /** A command's work on one file; a {@link CliFailure} makes that file unusable, not the batch. */
    interface PerFile {
        FileResult check(Path model);
    }

    private ModelBatch() {}

    static int run(List<Path> models, PerFile perFile, boolean json, PrintWriter out) {
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
                    out.println(name + ": " + line);
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
    static int runStreamed(List<Path> models, Streamed perFile, boolean json, PrintWriter out, PrintWriter err) {
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
            if (json && i > 0) {
                out.println(",");
            }
            ExitCode code;
            try {
                code = json ? perFile.run(model, out, err, Optional.of(model.toString()))
                        : perFile.run(model, LinePrefixWriter.printWriter(out, name + ": "),
                                LinePrefixWriter.printWriter(err, name + ": "), Optional.of(model.toString()));
            } catch (CliFailure failure) {
                code = failure.exitCode();
                if (json) {
                    ObjectNode entry = Json.object();
                    entry.put("file", model.toString());
                    entry.setAll(errorObject(failure));
                    out.println(Json.write(entry));
                } else {
                    out.println(name + ": " + failureLine(name, failure));
                }
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

    /** A failure's message without the file's name, which messages about a model file start with. */
    private static String failureLine(String name, CliFailure failure) {
        String message = OneLine.of(failure.getMessage());
        return message.startsWith(name + ":") ? message.substring(name.length() + 2) : message;
    }

    private static ObjectNode errorObject(CliFailure failure) {
        ObjectNode error = Json.object();
        error.set("error", Json.error(failure.exitCode(), OneLine.of(failure.getMessage()),
                failure.location().orElse(null)));
        return error;
    }

    private static String summary(int files, int[] byCode) {
        return files + " model files: " + byCode[ExitCode.SUCCESS.ordinal()] + " passed, "
                + byCode[ExitCode.INVALID_OPERATOR.ordinal()] + " invalid, "
                + byCode[ExitCode.UNUSABLE_INPUT.ordinal()] + " unusable"
                + (byCode[ExitCode.OUTPUTS_DIFFER.ordinal()] == 0 ? ""
                        : ", " + byCode[ExitCode.OUTPUTS_DIFFER.ordinal()] + " differ from DirectML");
    }
}
