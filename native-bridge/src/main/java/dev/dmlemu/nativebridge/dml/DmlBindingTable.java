package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.struct.DML_BINDING_DESC;
import dev.dmlemu.nativebridge.struct.DML_BINDING_TABLE_DESC;
import dev.dmlemu.nativebridge.struct.DML_BUFFER_BINDING;
import java.util.List;

/**
 * {@code IDMLBindingTable} (IUnknown → IDMLObject → IDMLDeviceChild → IDMLBindingTable). The Bind methods return
 * {@code void}: DirectML reports bad bindings only through the debug layer or at dispatch.
 */
public final class DmlBindingTable extends ComObject {

    public static final int SLOT_BIND_INPUTS = 8;
    public static final int SLOT_BIND_OUTPUTS = 9;
    public static final int SLOT_BIND_TEMPORARY_RESOURCE = 10;
    public static final int SLOT_BIND_PERSISTENT_RESOURCE = 11;
    public static final int SLOT_RESET = 12;

    /** Adopts one reference. */
    public DmlBindingTable(Pointer pointer) {
        super(pointer, "IDMLBindingTable");
    }

    /** One buffer range to bind; a null resource binds nothing ({@code DML_BINDING_TYPE_NONE}). */
    public record Buffer(Pointer resource, long offset, long sizeInBytes) {
    }

    /** Points the table at another dispatchable and descriptor range. */
    public void reset(DML_BINDING_TABLE_DESC desc) {
        call(SLOT_RESET, "Reset", desc);
    }

    public void bindInputs(List<Buffer> buffers, NativeScope scope) {
        Pointer descs = bindingDescs(buffers, scope);
        callVoid(SLOT_BIND_INPUTS, buffers.size(), descs);
    }

    public void bindOutputs(List<Buffer> buffers, NativeScope scope) {
        Pointer descs = bindingDescs(buffers, scope);
        callVoid(SLOT_BIND_OUTPUTS, buffers.size(), descs);
    }

    public void bindTemporaryResource(Buffer buffer, NativeScope scope) {
        callVoid(SLOT_BIND_TEMPORARY_RESOURCE, bindingDescs(List.of(buffer), scope));
    }

    public void bindPersistentResource(Buffer buffer, NativeScope scope) {
        callVoid(SLOT_BIND_PERSISTENT_RESOURCE, bindingDescs(List.of(buffer), scope));
    }

    /** A contiguous {@code DML_BINDING_DESC[]}, each pointing at its own {@code DML_BUFFER_BINDING}. */
    private static Pointer bindingDescs(List<Buffer> buffers, NativeScope scope) {
        if (buffers.isEmpty()) {
            return null;
        }
        DML_BINDING_DESC[] descs = (DML_BINDING_DESC[]) scope.keep(new DML_BINDING_DESC()).toArray(buffers.size());
        for (int i = 0; i < buffers.size(); i++) {
            Buffer buffer = buffers.get(i);
            if (buffer.resource() == null) {
                descs[i].Type = DmlConstants.DML_BINDING_TYPE_NONE;
                descs[i].Desc = null;
            } else {
                DML_BUFFER_BINDING binding = scope.keep(new DML_BUFFER_BINDING());
                binding.Buffer = buffer.resource();
                binding.Offset = buffer.offset();
                binding.SizeInBytes = buffer.sizeInBytes();
                binding.write();
                descs[i].Type = DmlConstants.DML_BINDING_TYPE_BUFFER;
                descs[i].Desc = binding.getPointer();
            }
            descs[i].write();
        }
        return descs[0].getPointer();
    }
}
