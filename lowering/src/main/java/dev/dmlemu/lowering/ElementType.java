package dev.dmlemu.lowering;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The element types of ONNX ({@code TensorProto.DataType}) and OpenVINO tensors that the gathers can see. Each
 * has its ONNX name and code and the aliases numpy and OpenVINO use, so a type read from a model, an {@code .npy}
 * header or a command line can be named with {@link #parse}.
 */
public enum ElementType {
    FLOAT("float", 1, 4, "float32", "f32"),
    UINT8("uint8", 2, 1, "u8"),
    INT8("int8", 3, 1, "i8"),
    UINT16("uint16", 4, 2, "u16"),
    INT16("int16", 5, 2, "i16"),
    INT32("int32", 6, 4, "i32"),
    INT64("int64", 7, 8, "i64"),
    /** Variable-length: no fixed element size. */
    STRING("string", 8, 0),
    /** One byte per element, 0 or 1. */
    BOOL("bool", 9, 1, "boolean", "bool_"),
    FLOAT16("float16", 10, 2, "half", "f16"),
    DOUBLE("double", 11, 8, "float64", "f64"),
    UINT32("uint32", 12, 4, "u32"),
    UINT64("uint64", 13, 8, "u64"),
    /** Two float32 values (real, imaginary). */
    COMPLEX64("complex64", 14, 8),
    /** Two float64 values (real, imaginary). */
    COMPLEX128("complex128", 15, 16),
    BFLOAT16("bfloat16", 16, 2, "bf16");

    private final String onnxName;
    private final int onnxCode;
    private final int sizeInBytes;
    private final List<String> aliases;

    ElementType(String onnxName, int onnxCode, int sizeInBytes, String... aliases) {
        this.onnxName = onnxName;
        this.onnxCode = onnxCode;
        this.sizeInBytes = sizeInBytes;
        this.aliases = List.of(aliases);
    }

    /** The ONNX spelling, as in {@code tensor(float)}: {@code "float"}. */
    public String onnxName() {
        return onnxName;
    }

    /** The {@code onnx.TensorProto.DataType} value. */
    public int onnxCode() {
        return onnxCode;
    }

    /** Whether elements have a fixed size (every type but {@link #STRING}). */
    public boolean hasFixedSize() {
        return sizeInBytes > 0;
    }

    /**
     * Bytes per element.
     *
     * @throws IllegalStateException for {@link #STRING}
     */
    public int sizeInBytes() {
        if (!hasFixedSize()) {
            throw new IllegalStateException(onnxName + " elements have no fixed size");
        }
        return sizeInBytes;
    }

    /**
     * Parses an ONNX name ({@code float}, {@code tensor(float)}, {@code FLOAT}), a numpy name ({@code float32},
     * {@code bool}) or an OpenVINO name ({@code f32}, {@code boolean}), case-insensitively.
     *
     * @throws IllegalArgumentException naming the known types
     */
    public static ElementType parse(String text) {
        return find(text).orElseThrow(() -> new IllegalArgumentException("unknown element type '" + text
                + "' (known: " + String.join(", ", List.of(values()).stream().map(ElementType::onnxName).toList())
                + ")"));
    }

    /** Like {@link #parse} but empty for an unknown name. */
    public static Optional<ElementType> find(String text) {
        String name = text.strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("tensor(") && name.endsWith(")")) {
            name = name.substring("tensor(".length(), name.length() - 1);
        }
        for (ElementType type : values()) {
            if (type.onnxName.equals(name) || type.aliases.contains(name)) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    /** Finds a type by its {@code onnx.TensorProto.DataType} value. */
    public static Optional<ElementType> fromOnnxCode(int code) {
        for (ElementType type : values()) {
            if (type.onnxCode == code) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return onnxName;
    }
}
