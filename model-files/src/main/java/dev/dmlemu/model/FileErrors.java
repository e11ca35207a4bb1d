package dev.dmlemu.model;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** Plain words for why a file could not be read, without Java exception class names. */
final class FileErrors {

    private FileErrors() {}

    static String describe(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "a parent of the path is not a directory";
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? "read failed" : message;
    }
}
