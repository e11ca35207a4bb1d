package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/** {@code DXGI_SAMPLE_DESC}: Count @0, Quality @4; 8 bytes (embedded by value in {@link D3D12_RESOURCE_DESC}). */
@FieldOrder({"Count", "Quality"})
public class DXGI_SAMPLE_DESC extends WindowsStructure {
    public int Count;
    public int Quality;

    public DXGI_SAMPLE_DESC() {
    }

    public DXGI_SAMPLE_DESC(Pointer memory) {
        super(memory);
        read();
    }
}
