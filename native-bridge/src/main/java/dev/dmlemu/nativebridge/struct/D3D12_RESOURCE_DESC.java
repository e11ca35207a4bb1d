package dev.dmlemu.nativebridge.struct;

import com.sun.jna.Pointer;
import com.sun.jna.Structure.FieldOrder;

/**
 * {@code D3D12_RESOURCE_DESC}: Dimension @0, {@code UINT64 Alignment} @8, {@code UINT64 Width} @16, Height @24,
 * {@code UINT16 DepthOrArraySize} @28, {@code UINT16 MipLevels} @30, Format @32, SampleDesc @36, Layout @44,
 * Flags @48; 56 bytes.
 */
@FieldOrder({"Dimension", "Alignment", "Width", "Height", "DepthOrArraySize", "MipLevels", "Format", "SampleDesc",
        "Layout", "Flags"})
public class D3D12_RESOURCE_DESC extends WindowsStructure {
    public int Dimension;
    public long Alignment;
    public long Width;
    public int Height;
    public short DepthOrArraySize;
    public short MipLevels;
    public int Format;
    public DXGI_SAMPLE_DESC SampleDesc = new DXGI_SAMPLE_DESC();
    public int Layout;
    public int Flags;

    public D3D12_RESOURCE_DESC() {
    }

    public D3D12_RESOURCE_DESC(Pointer memory) {
        super(memory);
        read();
    }
}
