package dev.dmlemu.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether an output folder can take files, asked while a run is planned so that a folder that cannot be written stops
 * the run before any dispatch or write; and plain words for a failed write (Java's messages for a denied access are
 * the bare path).
 */
final class WritableFolders {

    private WritableFolders() {}

    /**
     * Why {@code folder}, which does not exist, could not be created: its nearest existing ancestor is no folder or
     * cannot be written.
     */
    static Optional<String> refusalToCreate(Path folder) {
        Path existing = folder;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Optional.empty();
        }
        if (!Files.isDirectory(existing)) {
            return Optional.of("needs the output folder " + folder + ", which cannot be created: " + existing
                    + " is not a folder");
        }
        if (!Files.isWritable(existing)) {
            return Optional.of("needs the output folder " + folder + ", which cannot be created in " + existing
                    + " (permission denied)");
        }
        return Optional.empty();
    }

    /** The reason a file operation failed, with the path it failed on. */
    static String describe(IOException e) {
        String reason;
        if (e instanceof AccessDeniedException) {
            reason = "permission denied";
        } else if (e instanceof NoSuchFileException) {
            reason = "no such file or folder";
        } else if (e instanceof NotDirectoryException) {
            reason = "not a folder";
        } else if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            reason = fileSystem.getReason();
        } else {
            return OneLine.of(String.valueOf(e.getMessage()));
        }
        String file = e instanceof FileSystemException fileSystem ? fileSystem.getFile() : null;
        return OneLine.of(file == null ? reason : file + ": " + reason);
    }
}
