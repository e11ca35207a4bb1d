package dev.dmlemu.model;

import dev.dmlemu.desc.OperatorDesc;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads and writes DxDispatch-style model files ({@code resources}, {@code dispatchables}, {@code commands}) for
 * DirectML operator dispatchables.
 *
 * <p>Reading accepts exactly DxDispatch's spellings: operator and enum names with or without their C prefix
 * ({@code GATHER_ELEMENTS} / {@code DML_OPERATOR_GATHER_ELEMENTS}), {@code type}/{@code Type} and
 * {@code desc}/{@code Desc}, tensor descs in short form or as {@code {"Type": "BUFFER", "Desc": {...}}}, and
 * {@code {"Type": "INVALID"}}. A missing {@code DimensionCount} is {@code len(Sizes)}; a missing or 0
 * {@code TotalTensorSizeInBytes} is {@code DMLCalcBufferTensorSize}. Every initial value is checked against its
 * resource's data type. Every problem is a {@link ModelFormatException} with the JSON path, line and column.
 *
 * <p>A model file is untrusted input, and reading is bounded: the file's size and its inline values' bytes are
 * checked against {@link ReadLimits} before they are read or allocated, inline {@code initialValues} arrays are
 * encoded as they stream in ({@link EncodedValues}), the rest of the document may hold at most
 * 250,000 values nested at most 64 deep, and {@code .npy} files are read
 * only through {@link SourceFolders}.
 *
 * <p>Writing is the inverse: pretty JSON, short enum names, and defaults left out (Flags NONE, DimensionCount equal to
 * len(Sizes), TotalTensorSizeInBytes equal to the computed size, alignment 0, absent Strides, empty execution flags,
 * verbose false, element offset 0). Reading what was written gives equal records, and writing those gives the same
 * text. A desc whose TotalTensorSizeInBytes is 0 while the computed size is not cannot round-trip (DxDispatch reads 0
 * as "compute it").
 */
public final class ModelFiles {

    private ModelFiles() {}

    /**
     * Reads a model file (UTF-8): a regular file no larger than {@code options.limits()} allow. Each {@code .npy}
     * file's header is checked now (dtype, C order, size), so that its problems carry the JSON position; the files
     * are found through {@code options.sources()}, which confine them.
     *
     * @throws ModelFormatException for any problem, including an unreadable or oversized file
     */
    public static ModelDocument read(Path file, ReadOptions options) {
        Objects.requireNonNull(options, "options");
        String name = file.toString();
        byte[] bytes;
        try (SeekableByteChannel channel = Files.newByteChannel(requireRegularFile(file, name))) {
            long size = channel.size();
            Optional<String> refusal = options.limits().modelBytesRefusal(size);
            if (refusal.isPresent()) {
                throw whole(name, "the model file has " + size + " bytes, " + refusal.get());
            }
            if (size > Integer.MAX_VALUE - 8) {
                throw whole(name, "the model file has " + size + " bytes, more than 2 GiB");
            }
            bytes = new byte[(int) size];
            ByteBuffer into = ByteBuffer.wrap(bytes);
            while (into.hasRemaining() && channel.read(into) >= 0) {
                // keep reading
            }
            if (into.hasRemaining() || channel.read(ByteBuffer.allocate(1)) >= 0) {
                throw whole(name, "the model file changed size while it was read");
            }
        } catch (IOException e) {
            throw whole(name, "cannot read the model file: " + FileErrors.describe(e));
        }
        return parse(bytes, name, options);
    }

    /**
     * Parses model JSON (UTF-8 bytes).
     *
     * @param sourceName the name errors give for the document, e.g. its file name
     * @throws ModelFormatException for any problem
     */
    public static ModelDocument parse(byte[] utf8, String sourceName, ReadOptions options) {
        Objects.requireNonNull(utf8, "utf8");
        Objects.requireNonNull(sourceName, "sourceName");
        Objects.requireNonNull(options, "options");
        requireUtf8(utf8, sourceName);
        InlineArrayDecoder inlineArrays = InlineArrayDecoder.survey(utf8, sourceName, options.limits());
        JsonTree.Node root = JsonTree.parse(utf8, sourceName, inlineArrays);
        SourceMap sourceMap = new SourceMap();
        ModelFile model = new ModelReader(sourceName, options.sources(), sourceMap).read(root);
        return new ModelDocument(sourceName, model, sourceMap);
    }

    /** Reads a model file with the default limits, opening {@code .npy} files only from its own folder. */
    public static ModelFile read(Path file) {
        Path folder = file.toAbsolutePath().getParent();
        SourceFolders sources;
        try {
            sources = SourceFolders.of(folder == null ? Path.of(".") : folder);
        } catch (IllegalArgumentException e) {
            throw whole(file.toString(), "cannot read the model file: " + e.getMessage());
        }
        return read(file, ReadOptions.confinedTo(sources)).model();
    }

    /**
     * Parses model JSON with the default limits.
     *
     * @param baseDir the only folder {@code .npy} files may be read from; null to open no file now (their headers
     *     are then checked only by {@link ResourceData#materialize})
     * @param sourceName the name errors give for the document, e.g. its file name
     * @throws ModelFormatException for any problem
     */
    public static ModelFile parse(String json, Path baseDir, String sourceName) {
        Objects.requireNonNull(json, "json");
        ReadOptions options = baseDir == null ? ReadOptions.withoutFiles()
                : ReadOptions.confinedTo(SourceFolders.of(baseDir));
        return parse(json.getBytes(StandardCharsets.UTF_8), sourceName, options).model();
    }

    /** The model as pretty JSON (ending with a newline), in the shape {@link #parse} reads back to equal records. */
    public static String write(ModelFile model) {
        return ModelWriter.write(Objects.requireNonNull(model, "model"));
    }

    /** An operator desc as a model file's {@code desc} member holds it: a JSON object, pretty printed. */
    public static String writeDesc(OperatorDesc desc) {
        return ModelWriter.writeDesc(Objects.requireNonNull(desc, "desc"));
    }

    /** The file itself when it is a regular file (links followed: the caller chose it), else why not. */
    private static Path requireRegularFile(Path file, String name) throws IOException {
        if (!Files.readAttributes(file, BasicFileAttributes.class).isRegularFile()) {
            throw whole(name, "not a regular file; only regular files are read");
        }
        return file;
    }

    /** Checks the bytes decode as UTF-8 a chunk at a time, without holding the text. */
    private static void requireUtf8(byte[] utf8, String sourceName) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(utf8);
        CharBuffer out = CharBuffer.allocate(8192);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                int bad = in.position();
                int lineStart = 0;
                int line = 1;
                for (int i = 0; i < bad; i++) {
                    if (utf8[i] == '\n') {
                        line++;
                        lineStart = i + 1;
                    }
                }
                int column = new String(utf8, lineStart, bad - lineStart, StandardCharsets.UTF_8).length() + 1;
                throw new ModelFormatException(sourceName, "", line, column, "the model file is not UTF-8 text"
                        + " (byte " + bad + " is not part of a UTF-8 character)");
            }
            if (result.isUnderflow()) {
                break;
            }
            out.clear();
        }
        out.clear();
        if (decoder.flush(out).isError()) {
            throw whole(sourceName, "the model file is not UTF-8 text");
        }
    }

    private static ModelFormatException whole(String name, String detail) {
        return new ModelFormatException(name, "", ModelFormatException.NO_POSITION, ModelFormatException.NO_POSITION,
                detail);
    }
}
