package dev.dmlemu.nativebridge.blob;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.nativebridge.dml.OperatorStructLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds the {@link DescBlob} of any operator desc from its {@link OperatorSchema}, the walk {@code DescMarshaller}
 * does into JNA memory, here into a byte array in Windows x64 layout: {@code DML_OPERATOR_DESC} (16 bytes) at 0, the
 * operator struct after it ({@link OperatorStructLayout}), then per tensor field in C order its
 * {@code DML_TENSOR_DESC} (16), {@code DML_BUFFER_TENSOR_DESC} (48), Sizes and Strides, each 8-aligned.
 *
 * <p>Like the JNA marshaller it reproduces the desc as it is, values DirectML will refuse included, and refuses only
 * what C cannot express or what would make DirectML read outside the image: a value outside {@code UINT} range, a
 * negative UINT64, or a DimensionCount larger than the Sizes or Strides given.
 */
public final class DescBlobWriter {

    static final int POINTER_SIZE = 8;
    static final int OPERATOR_DESC_SIZE = 16;
    static final int TENSOR_DESC_SIZE = 16;
    static final int BUFFER_TENSOR_DESC_SIZE = 48;

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
        root.buffer.putInt(0, desc.operatorType().code());
        OperatorSchema schema = OperatorDescs.schemaOf(desc);
        OperatorStructLayout layout = OperatorStructLayout.of(schema, POINTER_SIZE);
        Region operator = writer.reserve(layout.size());
        writer.pointer(root, 8, operator.offset);
        for (int i = 0; i < schema.fields().size(); i++) {
            DescField field = schema.fields().get(i);
            int at = Math.toIntExact(layout.offsets().get(i));
            if (field.type() == DescField.Type.TENSOR) {
                long tensor = writer.tensor((TensorDesc) field.valueIn(desc), field.cName());
                writer.pointer(operator, at, tensor);
            } else {
                operator.buffer.putInt(at, uint((Long) field.valueIn(desc),
                        schema.descType().getSimpleName() + "." + field.cName()));
            }
        }
        return writer.finish();
    }

    /** A {@code DML_TENSOR_DESC} and what it points to; returns its offset. Non-buffer tensors point nowhere. */
    private long tensor(TensorDesc desc, String fieldName) {
        Region tensor = reserve(TENSOR_DESC_SIZE);
        tensor.buffer.putInt(0, desc.tensorType().code());
        long target = 0;
        if (desc instanceof BufferTensorDesc buffer) {
            target = buffer(buffer, fieldName);
        }
        pointer(tensor, 8, target);
        return tensor.offset;
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

    /** A {@code UINT[]}; 0 (NULL) for an empty list, as the JNA marshaller passes it. */
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
