/** Thin wrappers over the D3D12 and DXGI interfaces the DirectML pipeline needs; every method names its vtable slot. */
package dev.dmlemu.nativebridge.d3d12;
