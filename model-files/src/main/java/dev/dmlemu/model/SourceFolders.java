package dev.dmlemu.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where a model's {@code sourcePath} files may be read from: the model file's folder (DxDispatch resolves relative
 * paths there first) and any folders the user added. A model file is untrusted input, so a {@code sourcePath} may not
 * reach outside them: not by an absolute path, not by {@code ..}, not through a symbolic link. And only regular files
 * are opened: a FIFO, a device or a directory is refused before any read, so reading can never block.
 */
public final class SourceFolders {

    private final Path modelFolder;
    private final List<Path> allowed;
    private final String widenHint;

    private SourceFolders(Path modelFolder, List<Path> allowed, String widenHint) {
        this.modelFolder = modelFolder;
        this.allowed = allowed;
        this.widenHint = widenHint;
    }

    /**
     * @param modelFolder the model file's folder; relative {@code sourcePath}s resolve here
     * @param extraFolders more folders whose files may be read
     * @param widenHint how the user adds a folder, for messages (e.g. {@code "add its folder with --read-dir"})
     * @throws IllegalArgumentException naming a folder that does not exist or is not a directory
     */
    public static SourceFolders of(Path modelFolder, List<Path> extraFolders, String widenHint) {
        Path model = realDirectory(modelFolder);
        List<Path> allowed = new ArrayList<>();
        allowed.add(model);
        for (Path folder : extraFolders) {
            allowed.add(realDirectory(folder));
        }
        return new SourceFolders(model, List.copyOf(allowed), Objects.requireNonNull(widenHint, "widenHint"));
    }

    /** Only the model file's folder. */
    public static SourceFolders of(Path modelFolder) {
        return of(modelFolder, List.of(), "only files under the model's folder may be read");
    }

    private static Path realDirectory(Path folder) {
        try {
            Path real = folder.toAbsolutePath().toRealPath();
            if (!Files.isDirectory(real)) {
                throw new IllegalArgumentException(folder + ": not a directory");
            }
            return real;
        } catch (IOException e) {
            throw new IllegalArgumentException(folder + ": " + FileErrors.describe(e), e);
        }
    }

    /** The model file's folder, as a real path. */
    public Path modelFolder() {
        return modelFolder;
    }

    /**
     * The regular file {@code sourcePath} names, as a real path inside one of the allowed folders.
     *
     * @throws ModelFormatException naming {@code sourcePath} and why it may not be read (no path and position: the
     *     caller knows where in the model the path was written)
     */
    public Path locate(String sourcePath) {
        Path given;
        try {
            given = Path.of(sourcePath);
        } catch (InvalidPathException e) {
            throw refuse(sourcePath, "is not a valid path (" + e.getReason() + ")");
        }
        Path real;
        try {
            real = modelFolder.resolve(given).toRealPath();
        } catch (IOException e) {
            throw refuse(sourcePath, "cannot be read: " + FileErrors.describe(e));
        }
        if (allowed.stream().noneMatch(real::startsWith)) {
            throw refuse(sourcePath, "resolves to " + real + ", outside the folders a model may read from ("
                    + String.join(", ", allowed.stream().map(Path::toString).toList()) + "); " + widenHint);
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw refuse(sourcePath, "cannot be read: " + FileErrors.describe(e));
        }
        if (!attributes.isRegularFile()) {
            throw refuse(sourcePath, "is not a regular file (" + kind(attributes)
                    + "); only regular files are read");
        }
        return real;
    }

    private static String kind(BasicFileAttributes attributes) {
        return attributes.isDirectory() ? "a directory" : "a FIFO, socket or device";
    }

    private static ModelFormatException refuse(String sourcePath, String detail) {
        return new ModelFormatException(sourcePath, "", ModelFormatException.NO_POSITION,
                ModelFormatException.NO_POSITION, "'" + sourcePath + "' " + detail);
    }
}
