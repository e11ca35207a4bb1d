package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.nativebridge.com.ComObject;
import dev.dmlemu.nativebridge.d3d12.D3d12CommandAllocator;
import dev.dmlemu.nativebridge.d3d12.D3d12CommandQueue;
import dev.dmlemu.nativebridge.d3d12.D3d12DescriptorHeap;
import dev.dmlemu.nativebridge.d3d12.D3d12Device;
import dev.dmlemu.nativebridge.d3d12.D3d12Fence;
import dev.dmlemu.nativebridge.d3d12.D3d12GraphicsCommandList;
import dev.dmlemu.nativebridge.d3d12.D3d12Resource;
import dev.dmlemu.nativebridge.d3d12.DxgiAdapter;
import dev.dmlemu.nativebridge.d3d12.DxgiFactory;
import dev.dmlemu.nativebridge.dml.DmlBindingTable;
import dev.dmlemu.nativebridge.dml.DmlCommandRecorder;
import dev.dmlemu.nativebridge.dml.DmlDevice;
import dev.dmlemu.nativebridge.dml.DmlDispatchable;
import dev.dmlemu.nativebridge.dml.DmlOperatorInitializer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every vtable slot the bridge calls, against docs/directml-behaviour.md §4.3 (compiler-verified against
 * DirectML.h/d3d12.h), typed in here. IDXGIAdapter1::GetDesc1 (10) comes from mingw-w64 dxgi.h, compiled for
 * x86_64-w64-mingw32.
 */
class VtableSlotsTest {

    @Test
    void slotsMatchTheHeaders() {
        Map<String, int[]> expectedAndActual = new LinkedHashMap<>();
        expectedAndActual.put("IUnknown::QueryInterface", new int[] {0, ComObject.SLOT_QUERY_INTERFACE});
        expectedAndActual.put("IUnknown::AddRef", new int[] {1, ComObject.SLOT_ADD_REF});
        expectedAndActual.put("IUnknown::Release", new int[] {2, ComObject.SLOT_RELEASE});

        expectedAndActual.put("IDMLDevice::CheckFeatureSupport", new int[] {7, DmlDevice.SLOT_CHECK_FEATURE_SUPPORT});
        expectedAndActual.put("IDMLDevice::CreateOperator", new int[] {8, DmlDevice.SLOT_CREATE_OPERATOR});
        expectedAndActual.put("IDMLDevice::CompileOperator", new int[] {9, DmlDevice.SLOT_COMPILE_OPERATOR});
        expectedAndActual.put("IDMLDevice::CreateOperatorInitializer",
                new int[] {10, DmlDevice.SLOT_CREATE_OPERATOR_INITIALIZER});
        expectedAndActual.put("IDMLDevice::CreateCommandRecorder",
                new int[] {11, DmlDevice.SLOT_CREATE_COMMAND_RECORDER});
        expectedAndActual.put("IDMLDevice::CreateBindingTable", new int[] {12, DmlDevice.SLOT_CREATE_BINDING_TABLE});
        expectedAndActual.put("IDMLDevice::Evict", new int[] {13, DmlDevice.SLOT_EVICT});
        expectedAndActual.put("IDMLDevice::MakeResident", new int[] {14, DmlDevice.SLOT_MAKE_RESIDENT});
        expectedAndActual.put("IDMLDevice::GetDeviceRemovedReason",
                new int[] {15, DmlDevice.SLOT_GET_DEVICE_REMOVED_REASON});
        expectedAndActual.put("IDMLDevice::GetParentDevice", new int[] {16, DmlDevice.SLOT_GET_PARENT_DEVICE});
        expectedAndActual.put("IDMLDispatchable::GetBindingProperties",
                new int[] {8, DmlDispatchable.SLOT_GET_BINDING_PROPERTIES});
        expectedAndActual.put("IDMLOperatorInitializer::Reset", new int[] {9, DmlOperatorInitializer.SLOT_RESET});
        expectedAndActual.put("IDMLBindingTable::BindInputs", new int[] {8, DmlBindingTable.SLOT_BIND_INPUTS});
        expectedAndActual.put("IDMLBindingTable::BindOutputs", new int[] {9, DmlBindingTable.SLOT_BIND_OUTPUTS});
        expectedAndActual.put("IDMLBindingTable::BindTemporaryResource",
                new int[] {10, DmlBindingTable.SLOT_BIND_TEMPORARY_RESOURCE});
        expectedAndActual.put("IDMLBindingTable::BindPersistentResource",
                new int[] {11, DmlBindingTable.SLOT_BIND_PERSISTENT_RESOURCE});
        expectedAndActual.put("IDMLBindingTable::Reset", new int[] {12, DmlBindingTable.SLOT_RESET});
        expectedAndActual.put("IDMLCommandRecorder::RecordDispatch",
                new int[] {8, DmlCommandRecorder.SLOT_RECORD_DISPATCH});

        expectedAndActual.put("ID3D12Device::CreateCommandQueue", new int[] {8, D3d12Device.SLOT_CREATE_COMMAND_QUEUE});
        expectedAndActual.put("ID3D12Device::CreateCommandAllocator",
                new int[] {9, D3d12Device.SLOT_CREATE_COMMAND_ALLOCATOR});
        expectedAndActual.put("ID3D12Device::CreateCommandList", new int[] {12, D3d12Device.SLOT_CREATE_COMMAND_LIST});
        expectedAndActual.put("ID3D12Device::CreateDescriptorHeap",
                new int[] {14, D3d12Device.SLOT_CREATE_DESCRIPTOR_HEAP});
        expectedAndActual.put("ID3D12Device::CreateCommittedResource",
                new int[] {27, D3d12Device.SLOT_CREATE_COMMITTED_RESOURCE});
        expectedAndActual.put("ID3D12Device::CreateFence", new int[] {36, D3d12Device.SLOT_CREATE_FENCE});
        expectedAndActual.put("ID3D12Device::GetDeviceRemovedReason",
                new int[] {37, D3d12Device.SLOT_GET_DEVICE_REMOVED_REASON});
        expectedAndActual.put("ID3D12CommandQueue::ExecuteCommandLists",
                new int[] {10, D3d12CommandQueue.SLOT_EXECUTE_COMMAND_LISTS});
        expectedAndActual.put("ID3D12CommandQueue::Signal", new int[] {14, D3d12CommandQueue.SLOT_SIGNAL});
        expectedAndActual.put("ID3D12CommandAllocator::Reset", new int[] {8, D3d12CommandAllocator.SLOT_RESET});
        expectedAndActual.put("ID3D12GraphicsCommandList::Close", new int[] {9, D3d12GraphicsCommandList.SLOT_CLOSE});
        expectedAndActual.put("ID3D12GraphicsCommandList::Reset", new int[] {10, D3d12GraphicsCommandList.SLOT_RESET});
        expectedAndActual.put("ID3D12GraphicsCommandList::CopyBufferRegion",
                new int[] {15, D3d12GraphicsCommandList.SLOT_COPY_BUFFER_REGION});
        expectedAndActual.put("ID3D12GraphicsCommandList::CopyResource",
                new int[] {17, D3d12GraphicsCommandList.SLOT_COPY_RESOURCE});
        expectedAndActual.put("ID3D12GraphicsCommandList::ResourceBarrier",
                new int[] {26, D3d12GraphicsCommandList.SLOT_RESOURCE_BARRIER});
        expectedAndActual.put("ID3D12GraphicsCommandList::SetDescriptorHeaps",
                new int[] {28, D3d12GraphicsCommandList.SLOT_SET_DESCRIPTOR_HEAPS});
        expectedAndActual.put("ID3D12DescriptorHeap::GetDesc", new int[] {8, D3d12DescriptorHeap.SLOT_GET_DESC});
        expectedAndActual.put("ID3D12DescriptorHeap::GetCPUDescriptorHandleForHeapStart",
                new int[] {9, D3d12DescriptorHeap.SLOT_GET_CPU_DESCRIPTOR_HANDLE_FOR_HEAP_START});
        expectedAndActual.put("ID3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart",
                new int[] {10, D3d12DescriptorHeap.SLOT_GET_GPU_DESCRIPTOR_HANDLE_FOR_HEAP_START});
        expectedAndActual.put("ID3D12Resource::Map", new int[] {8, D3d12Resource.SLOT_MAP});
        expectedAndActual.put("ID3D12Resource::Unmap", new int[] {9, D3d12Resource.SLOT_UNMAP});
        expectedAndActual.put("ID3D12Fence::GetCompletedValue", new int[] {8, D3d12Fence.SLOT_GET_COMPLETED_VALUE});
        expectedAndActual.put("ID3D12Fence::SetEventOnCompletion",
                new int[] {9, D3d12Fence.SLOT_SET_EVENT_ON_COMPLETION});
        expectedAndActual.put("IDXGIFactory1::EnumAdapters1", new int[] {12, DxgiFactory.SLOT_ENUM_ADAPTERS1});
        expectedAndActual.put("IDXGIFactory4::EnumWarpAdapter", new int[] {27, DxgiFactory.SLOT_ENUM_WARP_ADAPTER});
        expectedAndActual.put("IDXGIAdapter1::GetDesc1", new int[] {10, DxgiAdapter.SLOT_GET_DESC1});

        expectedAndActual.forEach((method, pair) -> assertEquals(pair[0], pair[1], method));
    }
}
