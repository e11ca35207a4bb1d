package dev.dmlemu.model;

import java.util.Objects;

/**
 * A model file as read: its name, its contents, and where their parts were written.
 *
 * @param sourceName the name messages give the file
 * @param model the resources, dispatchables and commands
 * @param sourceMap the line and column of each resource, command, binding and {@code targetPath}
 */
public record ModelDocument(String sourceName, ModelFile model, SourceMap sourceMap) {

    public ModelDocument {
        Objects.requireNonNull(sourceName, "sourceName");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(sourceMap, "sourceMap");
    }

    /**
     * A problem found after reading, at {@code jsonPath}, in the same form as a reading error:
     * {@code commands[3].targetPath: <detail> (line 12, column 20)}. A path that was not written (a missing member)
     * takes the position of its nearest written parent.
     */
    public ModelFormatException problemAt(String jsonPath, String detail) {
        SourceMap.Position at = null;
        for (String path = jsonPath; at == null && !path.isEmpty(); path = parentOf(path)) {
            at = sourceMap.positionOf(path).orElse(null);
        }
        return new ModelFormatException(sourceName, jsonPath,
                at == null ? ModelFormatException.NO_POSITION : at.line(),
                at == null ? ModelFormatException.NO_POSITION : at.column(), detail);
    }

    /** {@code commands[3]} for {@code commands[3].bindings}, {@code commands} for {@code commands[3]}. */
    private static String parentOf(String path) {
        int cut = path.endsWith("]") ? path.lastIndexOf('[') : path.lastIndexOf('.');
        return cut <= 0 ? "" : path.substring(0, cut);
    }
}
