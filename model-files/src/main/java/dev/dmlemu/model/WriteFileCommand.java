package dev.dmlemu.model;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * {@code {"type": "writeFile", "resource": "Y", "targetPath": "y.npy", "dimensions": [2, 3]}}: saves a resource as a
 * {@code .npy} file (of shape {@code dimensions} when given, else 1-D) or, for {@code .dat} and {@code .bin}, as its
 * raw bytes.
 *
 * @param resource the resource to save
 * @param targetPath the path as written; a runner resolves it against its output folder (DxDispatch: its
 *     {@code --output_path}, default the current directory), and dmlemu's refuses paths that leave that folder
 * @param dimensions the {@code .npy} shape ({@code UINT32}s); empty for DxDispatch's default, one dimension of the
 *     resource's element count
 */
public record WriteFileCommand(String resource, String targetPath, List<Long> dimensions) implements Command {

    public WriteFileCommand {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(targetPath, "targetPath");
        dimensions = List.copyOf(dimensions);
    }

    /** A 1-D write. */
    public WriteFileCommand(String resource, String targetPath) {
        this(resource, targetPath, List.of());
    }

    /** Whether the target is a {@code .npy} file; otherwise it is raw bytes ({@code .dat} or {@code .bin}). */
    public boolean isNpy() {
        return targetPath.toLowerCase(Locale.ROOT).endsWith(".npy");
    }
}
