package dev.dmlemu.cli;

import dev.dmlemu.model.ReadLimits;
import dev.dmlemu.model.ReadOptions;
import dev.dmlemu.model.SourceFolders;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The options of every command that reads a model file, which is untrusted input: how large it and its resources may
 * be, and which folders besides its own its {@code sourcePath}s may read from.
 */
final class ModelReading {

    static final String READ_DIR = "--read-dir";

    @Option(names = "--max-model-bytes", paramLabel = "BYTES", defaultValue = "67108864",
            description = "refuse model files larger than this (default ${DEFAULT-VALUE}, 64 MiB)")
    long maxModelBytes;

    @Option(names = "--max-resource-bytes", paramLabel = "BYTES", defaultValue = "268435456",
            description = "refuse models whose resources need more bytes in all (default ${DEFAULT-VALUE}, 256 MiB)")
    long maxResourceBytes;

    @Option(names = READ_DIR, paramLabel = "DIR",
            description = "also let sourcePath read files under DIR (repeatable; the model's own folder always)")
    List<Path> readDirs = new ArrayList<>();

    /** The folders a model at {@code model} may read from. */
    SourceFolders sources(Path model) {
        checkLimits();
        readDirs.forEach(dir -> ChosenPaths.requireNoLink(READ_DIR, dir));
        Path folder = model.toAbsolutePath().getParent();
        try {
            return SourceFolders.of(folder == null ? Path.of(".") : folder, readDirs,
                    "add its folder with " + READ_DIR + " to allow it");
        } catch (IllegalArgumentException e) {
            throw CliFailure.unusableInput(READ_DIR + " " + e.getMessage());
        }
    }

    /**
     * The model on standard input ({@code -}), read up to {@code --max-model-bytes} and no further: a larger one is
     * refused before it is held. Its length is unknown until the end, so it is read in chunks, each asked of the
     * heap before it is allocated, and then joined into one array, asked of the heap while the chunks are still held
     * (a model given by path needs only the one array).
     */
    byte[] readStandardInput(InputStream in) {
        checkLimits();
        List<byte[]> chunks = new ArrayList<>();
        long total = 0;
        try {
            while (true) {
                // One byte past the limit tells a model over it from one exactly at it.
                long room = maxModelBytes - total;
                int want = room >= STDIN_CHUNK_BYTES ? STDIN_CHUNK_BYTES : (int) room + 1;
                Optional<String> heap = HeapBudget.refusal(want);
                if (heap.isPresent()) {
                    throw stdinTooLarge(total, total + want, heap.get());
                }
                byte[] chunk = in.readNBytes(want);
                total += chunk.length;
                if (total > maxModelBytes) {
                    throw CliFailure.unusableInput(ModelInput.STANDARD_INPUT + ": the model has " + total
                            + " bytes or more, more than the limit of " + maxModelBytes + " bytes (raise it with"
                            + " --max-model-bytes)");
                }
                if (chunk.length == 0) {
                    break;
                }
                chunks.add(chunk);
                if (chunk.length < want) {
                    break;
                }
            }
        } catch (IOException e) {
            throw CliFailure.unusableInput(ModelInput.STANDARD_INPUT + ": cannot read the model: "
                    + OneLine.of(String.valueOf(e.getMessage())));
        }
        if (chunks.size() == 1) {
            return chunks.get(0);
        }
        Optional<String> heap = HeapBudget.refusal(total);
        if (heap.isPresent()) {
            throw stdinTooLarge(total, 2 * total, heap.get());
        }
        byte[] whole = new byte[(int) total];
        int at = 0;
        for (byte[] chunk : chunks) {
            System.arraycopy(chunk, 0, whole, at, chunk.length);
            at += chunk.length;
        }
        return whole;
    }

    /** Standard input is read this much at a time (so a model of n bytes is held as about 2n while it is joined). */
    static final int STDIN_CHUNK_BYTES = 1 << 20;

    private static CliFailure stdinTooLarge(long read, long needed, String heap) {
        return CliFailure.unusableInput(ModelInput.STANDARD_INPUT + ": the model has " + read + " bytes or more, and"
                + " reading it from standard input needs " + needed + " bytes, " + heap + "; or give the model by"
                + " its path, which needs half as much");
    }

    ReadOptions readOptions(SourceFolders sources) {
        return new ReadOptions(limits(), Optional.of(sources));
    }

    private void checkLimits() {
        if (maxModelBytes < 0 || maxResourceBytes < 0) {
            throw CliFailure.unusableInput("--max-model-bytes and --max-resource-bytes must be 0 or more");
        }
    }

    /** The flags' limits, and the heap's. */
    private ReadLimits limits() {
        return new ReadLimits() {
            @Override
            public Optional<String> modelBytesRefusal(long bytes) {
                if (bytes > maxModelBytes) {
                    return Optional.of("more than the limit of " + maxModelBytes + " bytes (raise it with"
                            + " --max-model-bytes)");
                }
                return HeapBudget.refusal(bytes);
            }

            @Override
            public Optional<String> inlineBytesRefusal(long bytes) {
                return resourceBytesRefusal(bytes);
            }

            @Override
            public Optional<String> workingMemoryRefusal(long bytes) {
                return HeapBudget.refusal(bytes);
            }
        };
    }

    /** Why the resources may not take {@code bytes} in all: more than --max-resource-bytes, or than the heap has. */
    Optional<String> resourceBytesRefusal(long bytes) {
        if (bytes > maxResourceBytes) {
            return Optional.of("more than the limit of " + maxResourceBytes + " bytes for all resources together"
                    + " (raise it with --max-resource-bytes)");
        }
        return HeapBudget.refusal(bytes);
    }
}
