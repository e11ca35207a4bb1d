package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.struct.DML_BINDING_PROPERTIES;

/**
 * {@code IDMLDispatchable} (IUnknown → IDMLObject → IDMLDeviceChild → IDMLPageable → IDMLDispatchable): something
 * a command recorder can dispatch. Single inheritance, so the derived interface pointer is also this one.
 */
public abstract class DmlDispatchable extends ComObject {

    /** {@code IDMLDispatchable::GetBindingProperties() → DML_BINDING_PROPERTIES}, returned by value. */
    public static final int SLOT_GET_BINDING_PROPERTIES = 8;

    protected DmlDispatchable(Pointer pointer, String interfaceName) {
        super(pointer, interfaceName);
    }

    /** What binding this object needs; always asked, because it differs between operators of the same type. */
    public BindingProperties bindingProperties() {
        // Returns a 24-byte struct by value: the hidden result pointer comes right after this.
        DML_BINDING_PROPERTIES properties = callReturningStruct(SLOT_GET_BINDING_PROPERTIES,
                new DML_BINDING_PROPERTIES());
        return new BindingProperties(Integer.toUnsignedLong(properties.RequiredDescriptorCount),
                properties.TemporaryResourceSize, properties.PersistentResourceSize);
    }
}
