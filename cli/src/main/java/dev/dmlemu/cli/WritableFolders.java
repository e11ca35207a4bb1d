package dev.dmlemu.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AccessMode;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
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
     * cannot be written (with the OS's reason).
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
        Path ancestor = existing;
        return cannotWrite(existing).map(reason -> "needs the output folder " + folder
                + ", which cannot be created in " + ancestor + " (" + reason + ")");
    }

    /**
     * Why {@code path} cannot be written, in the OS's words ({@code permission denied}, {@code read-only file
     * system}, {@code operation not permitted} for an immutable file), or empty when it can. The OS is asked
     * (access(2) on POSIX systems), so a read-only mount or an immutable folder is told apart from missing
     * permissions, and nothing is created to find out.
     */
    static Optional<String> cannotWrite(Path path) {
        try {
            path.getFileSystem().provider().checkAccess(path, AccessMode.WRITE);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(reason(e));
        }
    }

    /** Why {@code path} cannot be read, in the OS's words, or empty when it can. */
    static Optional<String> cannotRead(Path path) {
        try {
            path.getFileSystem().provider().checkAccess(path, AccessMode.READ);
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(reason(e));
        }
    }

    /** The reason a file operation failed, with the path it failed on. */
    static String describe(IOException e) {
        String file = e instanceof FileSystemException fileSystem ? fileSystem.getFile() : null;
        return OneLine.of(file == null ? reason(e) : file + ": " + reason(e));
    }

    /**
     * The OS's reason for a failed file operation, without the path: {@code permission denied} (EACCES),
     * {@code no such file or folder} (ENOENT), {@code read-only file system} (EROFS), {@code operation not permitted}
     * (EPERM), and any other as the OS words it, its first letter in lower case.
     */
    static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or folder";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return OneLine.of(lowerFirst(fileSystem.getReason()));
        }
        if (e instanceof FileAlreadyExistsException) {
            return "file exists";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "folder not empty";
        }
        if (e instanceof FileSystemException) {
            return "failed";
        }
        return OneLine.of(String.valueOf(e.getMessage()));
    }

    /** {@code Read-only file system} → {@code read-only file system}; {@code NFS ...} stays as it is. */
    private static String lowerFirst(String reason) {
        if (reason.length() > 1 && Character.isUpperCase(reason.charAt(0)) && !Character.isUpperCase(reason.charAt(1))) {
            return Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        }
        return reason;
    }
}
