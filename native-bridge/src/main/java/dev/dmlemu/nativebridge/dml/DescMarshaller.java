package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.InvalidTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.nativebridge.struct.DML_BUFFER_TENSOR_DESC;
import dev.dmlemu.nativebridge.struct.DML_OPERATOR_DESC;
import dev.dmlemu.nativebridge.struct.DML_TENSOR_DESC;
import java.util.List;

/**
 * Writes descriptor records into the native structs DirectML reads, every allocation owned by a {@link NativeScope}.
 *
 * <p>The marshaller reproduces the record as it is, including values DirectML will refuse (an INVALID tensor type,
 * a DimensionCount smaller than the Sizes list): judging is DirectML's job. It refuses only what C cannot express
 * or what would make DirectML read outside our memory, naming the field: a value outside {@code UINT} range, a
 * negative byte size, or a DimensionCount larger than the Sizes or Strides given.
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
        DML_OPERATOR_DESC operator = scope.keep(new DML_OPERATOR_DESC());
        operator.Type = desc.operatorType().code();
        operator.Desc = marshalOperator(desc, scope);
        operator.write();
        return operator;
    }

    /** The operator's own struct ({@code DML_GATHER_ELEMENTS_OPERATOR_DESC}, ...), laid out from its schema. */
    private static Pointer marshalOperator(OperatorDesc desc, NativeScope scope) {
        OperatorSchema schema = OperatorDescs.schemaOf(desc);
        OperatorStructLayout layout = OperatorStructLayout.of(schema, Native.POINTER_SIZE);
        Memory struct = scope.allocate(layout.size());
        struct.clear();
        for (int i = 0; i < schema.fields().size(); i++) {
            DescField field = schema.fields().get(i);
            long offset = layout.offsets().get(i);
            if (field.type() == DescField.Type.TENSOR) {
                struct.setPointer(offset, marshalTensor((TensorDesc) field.valueIn(desc), field.cName(), scope)
                        .getPointer());
            } else {
                struct.setInt(offset, uint((Long) field.valueIn(desc),
                        schema.descType().getSimpleName() + "." + field.cName()));
            }
        }
        return struct;
    }

    /**
     * {@code DML_TENSOR_DESC} for one tensor field; an {@link InvalidTensorDesc} becomes {@code {INVALID, NULL}}.
     *
     * @param fieldName the C field name used in messages, e.g. {@code IndicesTensor}
     */
    public static DML_TENSOR_DESC marshalTensor(TensorDesc desc, String fieldName, NativeScope scope) {
        DML_TENSOR_DESC tensor = scope.keep(new DML_TENSOR_DESC());
        tensor.Type = desc.tensorType().code();
        if (desc instanceof BufferTensorDesc buffer) {
            tensor.Desc = marshalBuffer(buffer, fieldName, scope).getPointer();
        } else {
            tensor.Desc = null;
        }
        tensor.write();
        return tensor;
    }

    static DML_BUFFER_TENSOR_DESC marshalBuffer(BufferTensorDesc desc, String fieldName, NativeScope scope) {
        DML_BUFFER_TENSOR_DESC buffer = scope.keep(new DML_BUFFER_TENSOR_DESC());
        buffer.DataType = desc.dataType().code();
        buffer.Flags = desc.flags().code();
        buffer.DimensionCount = uint(desc.dimensionCount(), fieldName + ".DimensionCount");
        buffer.Sizes = uintArray(desc.sizes(), desc.dimensionCount(), fieldName + ".Sizes", scope);
        buffer.Strides = desc.strides().isPresent()
                ? uintArray(desc.strides().get(), desc.dimensionCount(), fieldName + ".Strides", scope)
                : null;
        if (desc.totalTensorSizeInBytes() < 0) {
            throw new IllegalArgumentException(fieldName + ".TotalTensorSizeInBytes = " + desc.totalTensorSizeInBytes()
                    + " is negative (UINT64 values above 2^63-1 are not representable)");
        }
        buffer.TotalTensorSizeInBytes = desc.totalTensorSizeInBytes();
        buffer.GuaranteedBaseOffsetAlignment =
                uint(desc.guaranteedBaseOffsetAlignment(), fieldName + ".GuaranteedBaseOffsetAlignment");
        buffer.write();
        return buffer;
    }

    /** A native {@code UINT[]}; null for an empty list (DirectML then sees no array at all). */
    private static Pointer uintArray(List<Long> values, long dimensionCount, String path, NativeScope scope) {
        if (dimensionCount > values.size()) {
            throw new IllegalArgumentException(path + " has " + values.size() + " entries but DimensionCount is "
                    + dimensionCount + ": DirectML would read past the array");
        }
        if (values.isEmpty()) {
            return null;
        }
        Memory array = scope.allocate(4L * values.size());
        for (int i = 0; i < values.size(); i++) {
            array.setInt(4L * i, uint(values.get(i), path + "[" + i + "]"));
        }
        return array;
    }

    /** The low 32 bits of a value known to be in {@code [0, 2^32)}. */
    private static int uint(long value, String path) {
        if (value < 0 || value > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(path + " = " + value + " is outside UINT range [0, 4294967295]");
        }
        return (int) value;
    }
}
