package dev.dmlemu.nativebridge.blob;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDesc;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Builds the {@link DescBlob} of any operator desc from its {@link OperatorSchema}: the byte image, in Windows x64
 * layout, that both transports hand to the native core ({@code desc_blob.c} relocates it). {@code DML_OPERATOR_DESC}
 * (16 bytes) at 0, the operator struct after it ({@link OperatorStructLayout}), then, field by field in C order,
 * what each pointer field points to, each 8-aligned: a tensor's {@code DML_TENSOR_DESC} (16), {@code DML_BUFFER_TENSOR_DESC} (48), Sizes and
 * Strides; a tensor array's {@code DML_TENSOR_DESC}s side by side, then what each points to; a UINT, INT or FLOAT
 * array; a {@code DML_SCALE_BIAS} (8); a fused activation's {@code DML_OPERATOR_DESC} and its struct, written by the
 * same walk; an operator-desc array's {@code DML_OPERATOR_DESC}s side by side. A NULL tensor, an absent scale-bias or
 * activation, and an empty array are NULL pointers (still listed as relocations).
 *
 * <p>It reproduces the desc as it is, values DirectML will refuse included, and refuses only what C cannot express
 * or what would make DirectML read outside the image: a value outside {@code UINT} range, a negative UINT64, a NULL inside a tensor array, or a count field (a DimensionCount too) larger than the array it
 * counts.
 */
public final class DescBlobWriter {

    static final int POINTER_SIZE = 8;
    static final int OPERATOR_DESC_SIZE = 16;
    static final int TENSOR_DESC_SIZE = 16;
    static final int BUFFER_TENSOR_DESC_SIZE = 48;
    static final int SCALE_BIAS_SIZE = 8;

    /** The host refuses larger payloads; a desc never comes near it. */
    static final long MAX_BLOB_SIZE = Integer.MAX_VALUE - 64;

    private final List<byte[]> pieces = new ArrayList<>();
    private final List<Long> relocations = new ArrayList<>();
    private long size;

    private DescBlobWriter() {
    }

    /**
     * The blob of {@code desc}.
     *
     * @throws IllegalArgumentException naming the field that has no C representation
     */
    public static DescBlob write(OperatorDesc desc) {
        DescBlobWriter writer = new DescBlobWriter();
        Region root = writer.reserve(OPERATOR_DESC_SIZE);
        writer.operatorDesc(root, 0, desc, null);
        return writer.finish();
    }

    /**
     * The blob of one {@code DML_TENSOR_DESC} at offset 0 and what it points to; {@link TensorDesc#NULL} has no
     * desc to write.
     *
     * @throws IllegalArgumentException naming the field that has no C representation
     */
    public static DescBlob writeTensor(TensorDesc desc, String fieldName) {
        if (desc.isNull()) {
            throw new IllegalArgumentException(fieldName + " is NULL: there is no DML_TENSOR_DESC to write");
        }
        DescBlobWriter writer = new DescBlobWriter();
        writer.tensorInto(writer.reserve(TENSOR_DESC_SIZE), 0, desc, fieldName);
        return writer.finish();
    }

    /**
     * A {@code DML_OPERATOR_DESC} at {@code at} of {@code region}: the tag and a pointer to the operator's struct.
     * Messages name a root desc's tensor fields by their C names ({@code OutputTensor.Sizes}) and its other fields
     * after the record ({@code GatherElementsOperatorDesc.Axis}); a nested desc's fields follow the field holding it.
     */
    private void operatorDesc(Region region, int at, OperatorDesc desc, String prefix) {
        region.buffer.putInt(at, desc.operatorType().code());
        OperatorSchema schema = OperatorDescs.schemaOf(desc);
        OperatorStructLayout layout = OperatorStructLayout.of(schema, POINTER_SIZE);
        Region operator = reserve(layout.size());
        pointer(region, at + 8, operator.offset);
        for (int i = 0; i < schema.fields().size(); i++) {
            DescField field = schema.fields().get(i);
            String path = prefix != null ? prefix + "." + field.cName()
                    : field.type().isTensor() ? field.cName()
                    : schema.descType().getSimpleName() + "." + field.cName();
            field(operator, Math.toIntExact(layout.offsets().get(i)), field, desc, schema, path);
        }
    }

    /** One field of an operator struct, by its kind; a pointer's target is written after everything so far. */
    @SuppressWarnings("unchecked")
    private void field(Region struct, int at, DescField field, OperatorDesc desc, OperatorSchema schema,
            String path) {
        Object value = field.valueIn(desc);
        switch (field.type()) {
            case TENSOR, OPTIONAL_TENSOR -> {
                TensorDesc tensor = (TensorDesc) value;
                pointer(struct, at, tensor.isNull() ? 0 : tensor(tensor, path));
            }
            case TENSOR_ARRAY -> {
                List<TensorDesc> tensors = (List<TensorDesc>) value;
                checkCount(tensors.size(), field, desc, schema, path);
                long target = 0;
                if (!tensors.isEmpty()) {
                    Region array = reserve(Math.multiplyExact((long) TENSOR_DESC_SIZE, tensors.size()));
                    for (int i = 0; i < tensors.size(); i++) {
                        tensorInto(array, i * TENSOR_DESC_SIZE, tensors.get(i), path + "[" + i + "]");
                    }
                    target = array.offset;
                }
                pointer(struct, at, target);
            }
            case UINT -> struct.buffer.putInt(at, uint((Long) value, path));
            case INT -> struct.buffer.putInt(at, (Integer) value);
            case FLOAT -> struct.buffer.putFloat(at, (Float) value);
            case BOOL -> struct.buffer.putInt(at, (Boolean) value ? 1 : 0);
            case ENUM -> struct.buffer.putInt(at, ((DmlEnum) value).code());
            case UINT_ARRAY -> {
                List<Long> values = (List<Long>) value;
                checkCount(values.size(), field, desc, schema, path);
                pointer(struct, at, uintArray(values, 0, path));
            }
            case INT_ARRAY -> {
                List<Integer> values = (List<Integer>) value;
                checkCount(values.size(), field, desc, schema, path);
                pointer(struct, at, fourByteArray(values.size(), (buffer, i) -> buffer.putInt(4 * i, values.get(i))));
            }
            case FLOAT_ARRAY -> {
                List<Float> values = (List<Float>) value;
                checkCount(values.size(), field, desc, schema, path);
                pointer(struct, at, fourByteArray(values.size(),
                        (buffer, i) -> buffer.putFloat(4 * i, values.get(i))));
            }
            case SCALE_BIAS -> {
                Optional<ScaleBias> scaleBias = (Optional<ScaleBias>) value;
                long target = 0;
                if (scaleBias.isPresent()) {
                    Region region = reserve(SCALE_BIAS_SIZE);
                    region.buffer.putFloat(0, scaleBias.get().scale());
                    region.buffer.putFloat(4, scaleBias.get().bias());
                    target = region.offset;
                }
                pointer(struct, at, target);
            }
            case SIZE_2D -> {
                Size2d size = (Size2d) value;
                struct.buffer.putInt(at, uint(size.width(), path + ".Width"));
                struct.buffer.putInt(at + 4, uint(size.height(), path + ".Height"));
            }
            case SCALAR -> struct.buffer.putLong(at, ((ScalarUnion) value).bits());
            case FUSED_ACTIVATION -> {
                Optional<OperatorDesc> activation = (Optional<OperatorDesc>) value;
                long target = 0;
                if (activation.isPresent()) {
                    Region region = reserve(OPERATOR_DESC_SIZE);
                    operatorDesc(region, 0, activation.get(), path);
                    target = region.offset;
                }
                pointer(struct, at, target);
            }
            case OPERATOR_DESC_ARRAY -> {
                List<OperatorDesc> descs = (List<OperatorDesc>) value;
                checkCount(descs.size(), field, desc, schema, path);
                long target = 0;
                if (!descs.isEmpty()) {
                    Region array = reserve(Math.multiplyExact((long) OPERATOR_DESC_SIZE, descs.size()));
                    for (int i = 0; i < descs.size(); i++) {
                        operatorDesc(array, i * OPERATOR_DESC_SIZE, descs.get(i), path + "[" + i + "]");
                    }
                    target = array.offset;
                }
                pointer(struct, at, target);
            }
        }
    }

    /**
     * Refuses an array shorter than its count field says: DirectML would read past it. A longer one is only
     * unusual (DirectML reads the first {@code count}), so it is written whole and left to the validator.
     */
    private static void checkCount(int length, DescField field, OperatorDesc desc, OperatorSchema schema,
            String path) {
        String countName = field.reference().orElseThrow();
        DescField count = schema.fields().stream().filter(f -> f.cName().equals(countName)).findFirst()
                .orElseThrow(() -> new IllegalStateException(path + " names no count field " + countName));
        long expected = (Long) count.valueIn(desc);
        if (expected > length) {
            throw new IllegalArgumentException(path + " has " + length + " entries but " + countName + " is "
                    + expected + ": DirectML would read past the array");
        }
    }

    /** Writes element {@code i} of a 4-byte array. */
    private interface ElementWriter {
        void write(ByteBuffer buffer, int i);
    }

    /** An array of 4-byte values; 0 (NULL) when empty. */
    private long fourByteArray(int length, ElementWriter writer) {
        if (length == 0) {
            return 0;
        }
        Region array = reserve(Math.multiplyExact(4L, length));
        for (int i = 0; i < length; i++) {
            writer.write(array.buffer, i);
        }
        return array.offset;
    }

    /** A {@code DML_TENSOR_DESC} and what it points to; returns its offset. */
    private long tensor(TensorDesc desc, String fieldName) {
        Region tensor = reserve(TENSOR_DESC_SIZE);
        tensorInto(tensor, 0, desc, fieldName);
        return tensor.offset;
    }

    /** A {@code DML_TENSOR_DESC} at {@code at} of {@code region}; a non-buffer tensor points nowhere. */
    private void tensorInto(Region region, int at, TensorDesc desc, String fieldName) {
        if (desc.isNull()) {
            throw new IllegalArgumentException(fieldName + " is NULL, which an array of DML_TENSOR_DESC cannot hold");
        }
        region.buffer.putInt(at, desc.tensorType().code());
        pointer(region, at + 8, desc instanceof BufferTensorDesc buffer ? buffer(buffer, fieldName) : 0);
    }

    private long buffer(BufferTensorDesc desc, String fieldName) {
        Region buffer = reserve(BUFFER_TENSOR_DESC_SIZE);
        buffer.buffer.putInt(0, desc.dataType().code());
        buffer.buffer.putInt(4, desc.flags().code());
        buffer.buffer.putInt(8, uint(desc.dimensionCount(), fieldName + ".DimensionCount"));
        pointer(buffer, 16, uintArray(desc.sizes(), desc.dimensionCount(), fieldName + ".Sizes"));
        pointer(buffer, 24, desc.strides().isPresent()
                ? uintArray(desc.strides().get(), desc.dimensionCount(), fieldName + ".Strides")
                : 0);
        if (desc.totalTensorSizeInBytes() < 0) {
            throw new IllegalArgumentException(fieldName + ".TotalTensorSizeInBytes = " + desc.totalTensorSizeInBytes()
                    + " is negative (UINT64 values above 2^63-1 are not representable)");
        }
        buffer.buffer.putLong(32, desc.totalTensorSizeInBytes());
        buffer.buffer.putInt(40, uint(desc.guaranteedBaseOffsetAlignment(),
                fieldName + ".GuaranteedBaseOffsetAlignment"));
        return buffer.offset;
    }

    /** A {@code UINT[]}; 0 (NULL) for an empty list, as DirectML's samples pass it. */
    private long uintArray(List<Long> values, long dimensionCount, String path) {
        if (dimensionCount > values.size()) {
            throw new IllegalArgumentException(path + " has " + values.size() + " entries but DimensionCount is "
                    + dimensionCount + ": DirectML would read past the array");
        }
        if (values.isEmpty()) {
            return 0;
        }
        Region array = reserve(Math.multiplyExact(4L, values.size()));
        for (int i = 0; i < values.size(); i++) {
            array.buffer.putInt(4 * i, uint(values.get(i), path + "[" + i + "]"));
        }
        return array.offset;
    }

    /** Records that the pointer field at {@code fieldOffset} of {@code region} holds {@code target}'s offset. */
    private void pointer(Region region, int fieldOffset, long target) {
        long at = region.offset + fieldOffset;
        relocations.add(at);
        region.buffer.putLong(fieldOffset, target);
    }

    /** Zeroed space of {@code bytes} at the next 8-aligned offset. */
    private Region reserve(long bytes) {
        long offset = align8(size);
        long end = Math.addExact(offset, bytes);
        if (end > MAX_BLOB_SIZE) {
            throw new IllegalArgumentException("the desc's C image would exceed " + MAX_BLOB_SIZE + " bytes");
        }
        if (offset > size) {
            pieces.add(new byte[Math.toIntExact(offset - size)]);
        }
        byte[] piece = new byte[Math.toIntExact(bytes)];
        pieces.add(piece);
        size = end;
        return new Region(offset, ByteBuffer.wrap(piece).order(ByteOrder.LITTLE_ENDIAN));
    }

    private DescBlob finish() {
        byte[] image = new byte[Math.toIntExact(align8(size))];
        int at = 0;
        for (byte[] piece : pieces) {
            System.arraycopy(piece, 0, image, at, piece.length);
            at += piece.length;
        }
        long[] offsets = relocations.stream().mapToLong(Long::longValue).sorted().toArray();
        return new DescBlob(image, offsets);
    }

    private static long align8(long value) {
        return Math.addExact(value, 7) & ~7L;
    }

    /** The low 32 bits of a value known to be in {@code [0, 2^32)}. */
    private static int uint(long value, String path) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(path + " = " + value + " is outside UINT range [0, 4294967295]");
        }
        return (int) value;
    }

    private record Region(long offset, ByteBuffer buffer) {
    }
}
