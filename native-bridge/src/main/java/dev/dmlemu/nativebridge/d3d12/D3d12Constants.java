package dev.dmlemu.nativebridge.d3d12;

/** {@code d3d12.h} / {@code d3dcommon.h} enum values the bridge needs (docs/directml-behaviour.md §2.6). */
public final class D3d12Constants {

    public static final int D3D_FEATURE_LEVEL_11_0 = 0xb000;

    public static final int D3D12_COMMAND_LIST_TYPE_DIRECT = 0;
    public static final int D3D12_COMMAND_LIST_TYPE_COMPUTE = 2;

    public static final int D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV = 0;
    public static final int D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE = 1;

    public static final int D3D12_HEAP_TYPE_DEFAULT = 1;
    public static final int D3D12_HEAP_TYPE_UPLOAD = 2;
    public static final int D3D12_HEAP_TYPE_READBACK = 3;
    public static final int D3D12_HEAP_FLAG_NONE = 0;

    public static final int D3D12_RESOURCE_DIMENSION_BUFFER = 1;
    public static final int DXGI_FORMAT_UNKNOWN = 0;
    public static final int D3D12_TEXTURE_LAYOUT_ROW_MAJOR = 1;
    public static final int D3D12_RESOURCE_FLAG_NONE = 0;
    public static final int D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS = 0x4;

    public static final int D3D12_RESOURCE_STATE_COMMON = 0;
    public static final int D3D12_RESOURCE_STATE_UNORDERED_ACCESS = 0x8;
    public static final int D3D12_RESOURCE_STATE_COPY_DEST = 0x400;
    public static final int D3D12_RESOURCE_STATE_COPY_SOURCE = 0x800;
    public static final int D3D12_RESOURCE_STATE_GENERIC_READ = 0xAC3;

    public static final int D3D12_RESOURCE_BARRIER_TYPE_TRANSITION = 0;
    public static final int D3D12_RESOURCE_BARRIER_TYPE_UAV = 2;
    public static final int D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES = 0xFFFFFFFF;

    public static final int D3D12_FENCE_FLAG_NONE = 0;

    private D3d12Constants() {
    }
}
