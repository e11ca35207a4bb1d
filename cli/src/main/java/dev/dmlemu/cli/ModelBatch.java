package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

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
                String message = OneLine.of(failure.getMessage());
                ObjectNode error = Json.object();
                error.set("error", Json.error(failure.exitCode(), message, failure.location().orElse(null)));
                // Messages about a model file already start with its name.
                result = new FileResult(failure.exitCode(),
                        List.of(message.startsWith(name + ":") ? message.substring(name.length() + 2) : message),
                        error);
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
            out.println(models.size() + " model files: " + byCode[ExitCode.SUCCESS.ordinal()] + " passed, "
                    + byCode[ExitCode.INVALID_OPERATOR.ordinal()] + " invalid, "
                    + byCode[ExitCode.UNUSABLE_INPUT.ordinal()] + " unusable");
        }
        return worst.code();
    }
}
