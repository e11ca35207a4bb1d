package dev.dmlemu.cli;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A model path from the command line. Java drops a trailing {@code /} ({@code Path.of("m.json/")} is {@code m.json}),
 * but the OS does not: {@code m.json/} names a folder, and opening it when {@code m.json} is a file fails with "not a
 * directory". Such a path is refused as the OS refuses it, naming it as given, instead of reading the file.
 */
final class ModelPathConverter implements ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        Path path;
        try {
            path = Path.of(value);
        } catch (InvalidPathException e) {
            throw new TypeConversionException("'" + OneLine.of(value) + "' is not a valid path (" + e.getReason()
                    + ")");
        }
        if (namesAFolder(value) && Files.exists(path) && !Files.isDirectory(path)) {
            throw new TypeConversionException(OneLine.of(value) + ": not a directory (a path ending in '"
                    + value.charAt(value.length() - 1) + "' names a folder, and " + OneLine.of(path.toString())
                    + " is a file)");
        }
        return path;
    }

    /** Whether the path as written ends in a separator (and is more than the root). */
    static boolean namesAFolder(String value) {
        if (value.length() < 2) {
            return false;
        }
        char last = value.charAt(value.length() - 1);
        return last == '/' || (last == '\\' && java.io.File.separatorChar == '\\');
    }
}
