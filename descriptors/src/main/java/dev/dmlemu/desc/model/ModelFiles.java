package dev.dmlemu.desc.model;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

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
 * <p>Writing is the inverse: pretty JSON, short enum names, and defaults left out (Flags NONE, DimensionCount equal to
 * len(Sizes), TotalTensorSizeInBytes equal to the computed size, alignment 0, absent Strides, empty execution flags,
 * verbose false, element offset 0). Reading what was written gives equal records, and writing those gives the same
 * text. A desc whose TotalTensorSizeInBytes is 0 while the computed size is not cannot round-trip (DxDispatch reads 0
 * as "compute it").
 */
public final class ModelFiles {

    private ModelFiles() {}

    /**
     * Reads a model file (UTF-8). Relative {@code sourcePath}s resolve against the file's directory, and each
     * {@code .npy} file's header is checked now (dtype, C order, size), so that its problems carry the JSON position.
     *
     * @throws ModelFormatException for any problem, including an unreadable file
     */
    public static ModelFile read(Path file) {
        String name = file.toString();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ModelFormatException(name, "", ModelFormatException.NO_POSITION,
                    ModelFormatException.NO_POSITION, "cannot read the model file: " + e);
        }
        String json;
        try {
            json = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ModelFormatException(name, "", ModelFormatException.NO_POSITION,
                    ModelFormatException.NO_POSITION, "the model file is not UTF-8 text");
        }
        Path dir = file.toAbsolutePath().getParent();
        return parse(json, dir, name);
    }

    /**
     * Parses model JSON.
     *
     * @param json the document
     * @param baseDir where relative {@code sourcePath}s resolve; null to open no file now (their headers are then
     *     checked only by {@link ResourceData#materialize})
     * @param sourceName the name errors give for the document, e.g. its file name
     * @throws ModelFormatException for any problem
     */
    public static ModelFile parse(String json, Path baseDir, String sourceName) {
        Objects.requireNonNull(json, "json");
        Objects.requireNonNull(sourceName, "sourceName");
        JsonTree.Node root = JsonTree.parse(json, sourceName);
        return new ModelReader(sourceName, baseDir).read(root);
    }

    /** The model as pretty JSON (ending with a newline), in the shape {@link #parse} reads back to equal records. */
    public static String write(ModelFile model) {
        return ModelWriter.write(Objects.requireNonNull(model, "model"));
    }
}
