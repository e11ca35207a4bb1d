package dev.dmlemu.model;

import java.util.Optional;

/**
 * What a model reader may spend on one file. A model file is untrusted input: before reading its bytes and before
 * allocating its inline values, the reader asks; a refusal becomes a {@link ModelFormatException} whose message ends
 * with the reason given here (which can name the option or setting that raises the limit).
 */
public interface ReadLimits {

    /** The model files {@link #of} accepts by default: 64 MiB of JSON. */
    long DEFAULT_MAX_MODEL_BYTES = 64L << 20;

    /** The inline values {@link #of} accepts by default: 256 MiB in all. */
    long DEFAULT_MAX_INLINE_BYTES = 256L << 20;

    /** Why a model file of {@code bytes} may not be read, or empty when it may. */
    Optional<String> modelBytesRefusal(long bytes);

    /** Why {@code bytes} of inline values (all arrays up to one, in file order) may not be allocated, or empty. */
    Optional<String> inlineBytesRefusal(long bytes);

    /**
     * Why {@code bytes} of working memory (the document read as a tree, before its records are made) may not be
     * taken, or empty. Fixed limits take any amount: what they bound is the file, whose size caps the tree.
     */
    default Optional<String> workingMemoryRefusal(long bytes) {
        return Optional.empty();
    }

    /** Fixed limits, with messages that name them. */
    static ReadLimits of(long maxModelBytes, long maxInlineBytes) {
        return new ReadLimits() {
            @Override
            public Optional<String> modelBytesRefusal(long bytes) {
                return bytes > maxModelBytes ? Optional.of("more than the limit of " + maxModelBytes + " bytes")
                        : Optional.empty();
            }

            @Override
            public Optional<String> inlineBytesRefusal(long bytes) {
                return bytes > maxInlineBytes ? Optional.of("more than the limit of " + maxInlineBytes + " bytes")
                        : Optional.empty();
            }
        };
    }

    /** {@link #DEFAULT_MAX_MODEL_BYTES} and {@link #DEFAULT_MAX_INLINE_BYTES}. */
    static ReadLimits defaults() {
        return of(DEFAULT_MAX_MODEL_BYTES, DEFAULT_MAX_INLINE_BYTES);
    }
}
