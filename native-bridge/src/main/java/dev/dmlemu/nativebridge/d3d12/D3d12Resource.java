package dev.dmlemu.nativebridge.d3d12;

import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.struct.D3D12_RANGE;

/** {@code ID3D12Resource} (… → ID3D12Pageable → ID3D12Resource). */
public final class D3d12Resource extends ComObject {

    public static final int SLOT_MAP = 8;
    public static final int SLOT_UNMAP = 9;

    /** Adopts one reference. */
    public D3d12Resource(Pointer pointer) {
        super(pointer, "ID3D12Resource");
    }

    /**
     * Maps subresource 0 of an UPLOAD or READBACK buffer.
     *
     * @param readBegin first byte the CPU will read
     * @param readEnd one past the last byte the CPU will read; equal to {@code readBegin} for write-only
     */
    public Pointer map(long readBegin, long readEnd) {
        D3D12_RANGE range = new D3D12_RANGE();
        range.Begin = readBegin;
        range.End = readEnd;
        PointerByReference out = new PointerByReference();
        call(SLOT_MAP, "Map", 0, range, out);
        return out.getValue();
    }

    /** Unmaps subresource 0 after writing; the {@code NULL} written range says the CPU may have written anything. */
    public void unmapWritten() {
        callVoid(SLOT_UNMAP, 0, null);
    }

    /** Unmaps subresource 0 after only reading (an empty written range, as READBACK buffers want). */
    public void unmapUnwritten() {
        D3D12_RANGE nothing = new D3D12_RANGE();
        callVoid(SLOT_UNMAP, 0, nothing);
    }
}
