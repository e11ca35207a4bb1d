package dev.dmlemu.model;

import java.util.Objects;
import java.util.Optional;

/**
 * How to read one model file.
 *
 * @param limits how many bytes the file and its inline values may take
 * @param sources where {@code sourcePath} files may be read from; empty to open no file while reading (their
 *     headers are then checked only when the resource is materialized)
 */
public record ReadOptions(ReadLimits limits, Optional<SourceFolders> sources) {

    public ReadOptions {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(sources, "sources");
    }

    /** Default limits, files only from the model's own folder. */
    public static ReadOptions confinedTo(SourceFolders sources) {
        return new ReadOptions(ReadLimits.defaults(), Optional.of(sources));
    }

    /** Default limits, no file opened. */
    public static ReadOptions withoutFiles() {
        return new ReadOptions(ReadLimits.defaults(), Optional.empty());
    }
}
