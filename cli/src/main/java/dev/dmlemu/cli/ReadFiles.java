package dev.dmlemu.cli;

import dev.dmlemu.model.FileValues;
import dev.dmlemu.model.ModelFormatException;
import dev.dmlemu.model.ResourceDecl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The files a run reads, by real path, each with what it is to the run: no target may be one of them. */
final class ReadFiles {

    private ReadFiles() {}

    /** The model file (unless it came on standard input) and every {@code sourcePath} its resources read. */
    static Map<Path, String> of(ModelInput input) {
        Map<Path, String> read = new LinkedHashMap<>();
        if (!ModelInput.isStandardInput(input.path())) {
            try {
                read.put(input.path().toRealPath(), "the model file");
            } catch (IOException e) {
                // The model was read a moment ago; if it is gone now, no target can be it.
            }
        }
        for (Map.Entry<String, ResourceDecl> resource : input.model().resources().entrySet()) {
            if (resource.getValue().initialValues() instanceof FileValues file) {
                try {
                    read.putIfAbsent(input.sources().locate(file.sourcePath()),
                            "the sourcePath of resource '" + OneLine.of(resource.getKey()) + "'");
                } catch (ModelFormatException e) {
                    // Reading it will fail with its own message, before any write.
                }
            }
        }
        return read;
    }
}
