package dev.dmlemu.cli;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.model.Dispatchable;
import dev.dmlemu.desc.model.ModelFile;
import dev.dmlemu.desc.model.ModelFiles;
import dev.dmlemu.desc.model.ModelFormatException;
import dev.dmlemu.desc.model.OperatorDispatchable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** A model file given on the command line, read once; every read failure becomes exit code 2. */
record ModelInput(Path path, ModelFile model) {

    static ModelInput read(Path path) {
        if (!Files.exists(path)) {
            throw CliFailure.unusableInput(path + ": no such file");
        }
        if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
            throw CliFailure.unusableInput(path + ": not a readable file");
        }
        try {
            return new ModelInput(path, ModelFiles.read(path));
        } catch (ModelFormatException e) {
            throw CliFailure.unusableInput(e.describe());
        }
    }

    /** The directory that relative {@code sourcePath}s are resolved against. */
    Path baseDir() {
        Path parent = path.toAbsolutePath().getParent();
        return parent == null ? Path.of(".") : parent;
    }

    /** Every operator dispatchable's desc, by name, in file order. */
    Map<String, OperatorDesc> operators() {
        Map<String, OperatorDesc> operators = new LinkedHashMap<>();
        for (Map.Entry<String, Dispatchable> entry : model.dispatchables().entrySet()) {
            if (entry.getValue() instanceof OperatorDispatchable operator) {
                operators.put(entry.getKey(), operator.desc());
            }
        }
        return operators;
    }
}
