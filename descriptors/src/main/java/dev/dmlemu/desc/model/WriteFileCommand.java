package dev.dmlemu.desc.model;

import java.util.Objects;

/**
 * {@code {"type": "writeFile", "resource": "Y", "targetPath": "y.npy"}}: saves a resource as a {@code .npy} file.
 *
 * @param resource the resource to save
 * @param targetPath the path as written; relative paths are relative to the model file's directory
 */
public record WriteFileCommand(String resource, String targetPath) implements Command {

    public WriteFileCommand {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(targetPath, "targetPath");
    }
}
