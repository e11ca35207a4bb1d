package dev.dmlemu.model;

import java.util.Objects;

/**
 * {@code {"type": "writeFile", "resource": "Y", "targetPath": "y.npy"}}: saves a resource as a {@code .npy} file.
 *
 * @param resource the resource to save
 * @param targetPath the path as written; a runner resolves it against its output folder (DxDispatch: its {@code -o}
 *     path, default the current directory), and dmlemu's refuses paths that leave that folder
 */
public record WriteFileCommand(String resource, String targetPath) implements Command {

    public WriteFileCommand {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(targetPath, "targetPath");
    }
}
