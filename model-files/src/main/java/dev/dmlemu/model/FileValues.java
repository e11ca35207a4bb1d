package dev.dmlemu.model;

import java.util.Objects;

/**
 * {@code "initialValues": {"sourcePath": "x.npy"}}: the elements of a numpy {@code .npy} file (little-endian,
 * C order), whose dtype must be the resource's data type.
 *
 * @param sourcePath the path as written; relative paths are relative to the model file's directory, and it is read
 *     only through {@link SourceFolders}, which refuses paths outside the folders a model may read from
 */
public record FileValues(String sourcePath) implements InitialValues {

    public FileValues {
        Objects.requireNonNull(sourcePath, "sourcePath");
    }
}
