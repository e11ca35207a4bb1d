package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.nativebridge.blob.DescBlob;
import dev.dmlemu.nativebridge.blob.DescBlobWriter;
import dev.dmlemu.nativebridge.struct.DML_OPERATOR_DESC;
import dev.dmlemu.nativebridge.struct.DML_TENSOR_DESC;

/**
 * Writes descriptor records into the native structs DirectML reads, every allocation owned by a {@link NativeScope}.
 *
 * <p>The struct tree is the one {@link DescBlobWriter} lays out from the operator's schema for the DirectML host,
 * copied into native memory with each relocated pointer field turned from an offset into an address: one walk over
 * the field kinds serves both transports. Like that writer, the marshaller reproduces the record as it is, values
 * DirectML will refuse included, and refuses only what C cannot express or what would make DirectML read outside our
 * memory, naming the field: a value outside {@code UINT} range, a negative byte size, or a count larger than the
 * array it counts.
 */
public final class DescMarshaller {

    private DescMarshaller() {
    }

    /**
     * {@code DML_OPERATOR_DESC} for {@code desc}, with all it points to, written to native memory.
     *
     * @throws IllegalArgumentException naming the field that has no C representation
     */
    public static DML_OPERATOR_DESC marshal(OperatorDesc desc, NativeScope scope) {
        return scope.keep(new DML_OPERATOR_DESC(copy(DescBlobWriter.write(desc), scope)));
    }

    /**
     * {@code DML_TENSOR_DESC} for one tensor field; an {@code InvalidTensorDesc} becomes {@code {INVALID, NULL}}.
     *
     * @param fieldName the C field name used in messages, e.g. {@code IndicesTensor}
     * @throws IllegalArgumentException for {@link TensorDesc#NULL}, which is no desc
     */
    public static DML_TENSOR_DESC marshalTensor(TensorDesc desc, String fieldName, NativeScope scope) {
        return scope.keep(new DML_TENSOR_DESC(copy(DescBlobWriter.writeTensor(desc, fieldName), scope)));
    }

    /** The image in native memory, every non-NULL pointer field holding its target's address. */
    private static Pointer copy(DescBlob blob, NativeScope scope) {
        if (Native.POINTER_SIZE != 8) {
            throw new IllegalStateException("the desc image is laid out for 64-bit pointers; this JVM has "
                    + Native.POINTER_SIZE + "-byte pointers");
        }
        Memory memory = scope.allocate(blob.size());
        memory.write(0, blob.bytes(), 0, blob.size());
        for (long at : blob.relocations()) {
            long target = memory.getLong(at);
            memory.setPointer(at, target == 0 ? null : memory.share(target));
        }
        return memory;
    }
}
