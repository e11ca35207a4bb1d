package dev.dmlemu.cli;

import dev.dmlemu.emulator.EmulatedOperators;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.model.Dispatchable;
import dev.dmlemu.model.ModelDocument;
import dev.dmlemu.model.ModelFile;
import dev.dmlemu.model.ModelFiles;
import dev.dmlemu.model.ModelFormatException;
import dev.dmlemu.model.OperatorDispatchable;
import dev.dmlemu.model.SourceFolders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A model file given on the command line, read once within the limits of {@link ModelReading}; every read failure
 * becomes exit code 2.
 *
 * @param path the file as given
 * @param document what it holds, and where each part was written
 * @param sources the folders its {@code sourcePath}s may read from
 */
record ModelInput(Path path, ModelDocument document, SourceFolders sources) {

    /** How a model on standard input is named in messages. */
    static final String STANDARD_INPUT = "<stdin>";

    /** Whether the command line's model path means standard input, as {@code -} does. */
    static boolean isStandardInput(Path path) {
        return path.toString().equals("-");
    }

    static ModelInput read(Path path, ModelReading reading) {
        if (isStandardInput(path)) {
            return readStandardInput(path, reading);
        }
        BasicFileAttributes attributes = attributesOrRefuse(path.toString(), path);
        ChosenPaths.requireNoLink("the model", path);
        requireReadableFile(path.toString(), path, attributes);
        SourceFolders sources = reading.sources(path);
        try {
            return new ModelInput(path, ModelFiles.read(path, reading.readOptions(sources)), sources);
        } catch (ModelFormatException e) {
            throw CliFailure.unusableInput(e);
        }
    }

    /**
     * The model on standard input: bounded by {@code --max-model-bytes} like a file; its relative {@code sourcePath}s
     * resolve against the current directory, which plays the model's folder (and confines them the same way).
     */
    private static ModelInput readStandardInput(Path dash, ModelReading reading) {
        SourceFolders sources = reading.sources(Path.of("").toAbsolutePath().resolve("-"));
        if (StandardInput.isClosed()) {
            throw CliFailure.unusableInput(STANDARD_INPUT + ": standard input is closed, so there is no model to"
                    + " read on it (redirect one, as in '- < m.json', or give the model's path)");
        }
        byte[] bytes = reading.readStandardInput(StandardInput.get());
        try {
            return new ModelInput(dash, ModelFiles.parse(bytes, STANDARD_INPUT, reading.readOptions(sources)),
                    sources);
        } catch (ModelFormatException e) {
            throw CliFailure.unusableInput(e);
        }
    }

    /**
     * The attributes of the file {@code path} names (following links), or exit code 2 with the OS's reason: "no such
     * file", or "permission denied" when a folder on the way cannot be searched (never "no such file" then).
     *
     * @param name how the file is named in the message ({@code m.json}, {@code --data d.npy})
     */
    static BasicFileAttributes attributesOrRefuse(String name, Path path) {
        try {
            return Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException e) {
            throw CliFailure.unusableInput(cannotOpen(name, e));
        }
    }

    /** A regular file that can be read, or exit code 2 saying what it is instead, or the OS's reason. */
    static void requireReadableFile(String name, Path path, BasicFileAttributes attributes) {
        if (!attributes.isRegularFile()) {
            throw CliFailure.unusableInput(name + ": not a readable file (" + (attributes.isDirectory() ? "a folder"
                    : "not a regular file") + ")");
        }
        WritableFolders.cannotRead(path).ifPresent(reason -> {
            throw CliFailure.unusableInput(name + ": not a readable file (" + reason + ")");
        });
    }

    /** {@code secret/m.json: permission denied}: a file that could not be opened, with the OS's reason. */
    static String cannotOpen(String name, IOException e) {
        return name + ": " + (e instanceof java.nio.file.NoSuchFileException ? "no such file"
                : WritableFolders.reason(e));
    }

    ModelFile model() {
        return document.model();
    }

    /** A problem found after reading, at {@code jsonPath} of this file, with its line and column: exit code 2. */
    CliFailure problemAt(String jsonPath, String detail) {
        return CliFailure.unusableInput(document.problemAt(jsonPath, detail));
    }

    /**
     * Stops a run on the emulator before any work when a dispatchable's operator has no emulator kernel (exit code 5),
     * naming it and where it is, and pointing to the real DirectML.
     */
    void requireEmulatorKernels() {
        operators().forEach((name, desc) -> {
            if (!EmulatedOperators.runs(desc.operatorType().code())) {
                throw CliFailure.noEmulatorKernel(document.problemAt(JsonPath.child(JsonPath.child("", "dispatchables"),
                        name), "the emulator has no kernel for " + desc.operatorType().cName() + " (it runs "
                        + EmulatedOperators.all().size() + " operators, which `dmlemu schema` marks emulated); run it "
                        + "on the real DirectML with --backend directml"));
            }
        });
    }

    /** Every operator dispatchable's desc, by name, in file order. */
    Map<String, OperatorDesc> operators() {
        Map<String, OperatorDesc> operators = new LinkedHashMap<>();
        for (Map.Entry<String, Dispatchable> entry : model().dispatchables().entrySet()) {
            if (entry.getValue() instanceof OperatorDispatchable operator) {
                operators.put(entry.getKey(), operator.desc());
            }
        }
        return operators;
    }
}
