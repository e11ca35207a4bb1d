package dev.dmlemu.cli;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.ModelFormatException;
import dev.dmlemu.model.NpyFile;
import dev.dmlemu.lowering.ElementType;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A framework tensor read from a {@code .npy} file given on the command line: its numpy dtype as the framework
 * element type ({@code |b1} is bool, not uint8), the type its bytes have in a DxDispatch resource, its shape and
 * its little-endian bytes. Every read failure becomes exit code 2 naming the option and the file.
 *
 * @param option the option that named the file, e.g. {@code --data}
 * @param path the file
 * @param descr the dtype as the header spells it, e.g. {@code <f4}
 * @param elementType the framework element type
 * @param dataType how {@code dmlemu run} and DxDispatch read the file's bytes ({@code |b1} reads as UINT8)
 * @param shape the array shape, outermost first (empty for a 0-d array)
 * @param bytes the data, position 0, read-only
 */
record NpyInput(String option, Path path, String descr, ElementType elementType, TensorDataType dataType,
        List<Long> shape, ByteBuffer bytes) {

    static NpyInput read(String option, Path path) {
        String name = option + " " + path;
        ModelInput.requireReadableFile(name, path, ModelInput.attributesOrRefuse(name, path));
        try {
            NpyFile.Header header = NpyFile.readHeader(path);
            Optional<String> refusal = HeapBudget.refusal(header.dataSizeInBytes());
            if (refusal.isPresent()) {
                throw CliFailure.unusableInput(option + " " + path + ": its " + header.dataSizeInBytes()
                        + " bytes of data are " + refusal.get());
            }
            NpyFile.Array array = NpyFile.read(path);
            return new NpyInput(option, path, header.descr(), elementTypeOf(header.descr()), array.dataType(),
                    array.shape(), array.data());
        } catch (ModelFormatException e) {
            throw CliFailure.unusableInput(option + " " + e.describe());
        }
    }

    /** {@code <f4} → float, {@code |b1} → bool, ...; the reader has already refused every other dtype. */
    private static ElementType elementTypeOf(String descr) {
        return switch (descr.substring(1)) {
            case "f2" -> ElementType.FLOAT16;
            case "f4" -> ElementType.FLOAT;
            case "f8" -> ElementType.DOUBLE;
            case "b1" -> ElementType.BOOL;
            case "i1" -> ElementType.INT8;
            case "i2" -> ElementType.INT16;
            case "i4" -> ElementType.INT32;
            case "i8" -> ElementType.INT64;
            case "u1" -> ElementType.UINT8;
            case "u2" -> ElementType.UINT16;
            case "u4" -> ElementType.UINT32;
            case "u8" -> ElementType.UINT64;
            default -> throw new IllegalStateException("NpyFile accepted dtype " + descr);
        };
    }

    /** The dtype to write an array of this element type with: {@code |b1} for bool, else the canonical one. */
    String canonicalDescr() {
        return elementType == ElementType.BOOL ? "|b1" : NpyFile.descrOf(dataType);
    }

    long elementCount() {
        return bytes.remaining() / dataType.sizeInBytes();
    }
}
