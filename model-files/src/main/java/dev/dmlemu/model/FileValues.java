package dev.dmlemu.model;

import java.util.Locale;
import java.util.Objects;

/**
 * {@code "initialValues": {"sourcePath": "x.npy"}}: the elements of a numpy {@code .npy} file (little-endian,
 * C order), whose dtype is the resource's data type; or {@code {"sourcePath": "x.dat"}} ({@code .dat} or
 * {@code .bin}): a raw file whose bytes are the buffer's initial data, in the resource's {@code initialValuesDataType}.
 *
 * @param sourcePath the path as written; relative paths are relative to the model file's directory, and it is read
 *     only through {@link SourceFolders}, which refuses paths outside the folders a model may read from
 */
public record FileValues(String sourcePath) implements InitialValues {

    public FileValues {
        Objects.requireNonNull(sourcePath, "sourcePath");
    }

    /** Whether the file is a {@code .npy} file (typed, with a header), not raw bytes. */
    public boolean isNpy() {
        return sourcePath.toLowerCase(Locale.ROOT).endsWith(".npy");
    }
}
