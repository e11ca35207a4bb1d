package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure;

/**
 * Base of the C-shaped structures: lays fields out by the Windows (MSVC) rule, each field at a multiple of its own
 * size, whatever OS the JVM runs on. With 8-byte pointers this gives the Windows x64/arm64 layout on Linux too,
 * so the layout tests there check what Windows will see. Only these structures use the C spelling of names.
 */
public abstract class WindowsStructure extends Structure {

    protected WindowsStructure() {
        super(ALIGN_MSVC);
    }

    protected WindowsStructure(Pointer memory) {
        super(memory, ALIGN_MSVC);
    }

    /** {@code offsetof(struct, field)} as laid out here (for layout tests and diagnostics). */
    public final int offsetOf(String field) {
        return fieldOffset(field);
    }

    /** The C field names in declaration order. */
    public final java.util.List<String> fieldNames() {
        return getFieldOrder();
    }
}
