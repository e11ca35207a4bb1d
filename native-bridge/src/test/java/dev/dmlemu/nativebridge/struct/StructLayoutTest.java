package dev.dmlemu.nativebridge.struct;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.jna.Native;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Sizes and field offsets of every C structure, as Windows x64 lays them out. The expected numbers are typed in
 * from docs/directml-behaviour.md §3 (compiled against DirectML.h / d3d12.h) and, for DXGI_ADAPTER_DESC1, from the
 * mingw-w64 dxgi.h compiled for x86_64-w64-mingw32. They hold on any 64-bit OS because the structures use the MSVC
 * alignment rule and no type whose size differs between Windows and LP64.
 */
class StructLayoutTest {

    @BeforeAll
    static void needs64BitPointers() {
        assertEquals(8, Native.POINTER_SIZE, "the layouts are those of 64-bit Windows; run the tests on a 64-bit JVM");
    }

    private record Layout(WindowsStructure structure, int size, Map<String, Integer> offsets) {
    }

    private static Layout layout(WindowsStructure structure, int size, Object... fieldsAndOffsets) {
        Map<String, Integer> offsets = new LinkedHashMap<>();
        for (int i = 0; i < fieldsAndOffsets.length; i += 2) {
            offsets.put((String) fieldsAndOffsets[i], (Integer) fieldsAndOffsets[i + 1]);
        }
        return new Layout(structure, size, offsets);
    }

    private static List<Layout> reference() {
        return List.of(
                layout(new DML_TENSOR_DESC(), 16, "Type", 0, "Desc", 8),
                layout(new DML_BUFFER_TENSOR_DESC(), 48, "DataType", 0, "Flags", 4, "DimensionCount", 8,
                        "Sizes", 16, "Strides", 24, "TotalTensorSizeInBytes", 32, "GuaranteedBaseOffsetAlignment", 40),
                layout(new DML_OPERATOR_DESC(), 16, "Type", 0, "Desc", 8),
                layout(new DML_BINDING_DESC(), 16, "Type", 0, "Desc", 8),
                layout(new DML_BUFFER_BINDING(), 24, "Buffer", 0, "Offset", 8, "SizeInBytes", 16),
                layout(new DML_BINDING_TABLE_DESC(), 32, "Dispatchable", 0, "CPUDescriptorHandle", 8,
                        "GPUDescriptorHandle", 16, "SizeInDescriptors", 24),
                layout(new DML_BINDING_PROPERTIES(), 24, "RequiredDescriptorCount", 0, "TemporaryResourceSize", 8,
                        "PersistentResourceSize", 16),
                layout(new DML_FEATURE_QUERY_FEATURE_LEVELS(), 16, "RequestedFeatureLevelCount", 0,
                        "RequestedFeatureLevels", 8),
                layout(new DML_FEATURE_DATA_FEATURE_LEVELS(), 4, "MaxSupportedFeatureLevel", 0),
                layout(new DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT(), 4, "DataType", 0),
                layout(new DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT(), 4, "IsSupported", 0),
                layout(new D3D12_COMMAND_QUEUE_DESC(), 16, "Type", 0, "Priority", 4, "Flags", 8, "NodeMask", 12),
                layout(new D3D12_DESCRIPTOR_HEAP_DESC(), 16, "Type", 0, "NumDescriptors", 4, "Flags", 8,
                        "NodeMask", 12),
                layout(new D3D12_HEAP_PROPERTIES(), 20, "Type", 0, "CPUPageProperty", 4, "MemoryPoolPreference", 8,
                        "CreationNodeMask", 12, "VisibleNodeMask", 16),
                layout(new D3D12_RESOURCE_DESC(), 56, "Dimension", 0, "Alignment", 8, "Width", 16, "Height", 24,
                        "DepthOrArraySize", 28, "MipLevels", 30, "Format", 32, "SampleDesc", 36, "Layout", 44,
                        "Flags", 48),
                layout(new DXGI_SAMPLE_DESC(), 8, "Count", 0, "Quality", 4),
                layout(new D3D12_RESOURCE_BARRIER(), 32, "Type", 0, "Flags", 4, "pResource", 8, "Subresource", 16,
                        "StateBefore", 20, "StateAfter", 24),
                layout(new D3D12_RANGE(), 16, "Begin", 0, "End", 8),
                layout(new D3D12_CPU_DESCRIPTOR_HANDLE(), 8, "ptr", 0),
                layout(new D3D12_GPU_DESCRIPTOR_HANDLE(), 8, "ptr", 0),
                layout(new DXGI_ADAPTER_DESC1(), 312, "Description", 0, "VendorId", 256, "DeviceId", 260,
                        "SubSysId", 264, "Revision", 268, "DedicatedVideoMemory", 272, "DedicatedSystemMemory", 280,
                        "SharedSystemMemory", 288, "AdapterLuidLowPart", 296, "AdapterLuidHighPart", 300,
                        "Flags", 304));
    }

    @TestFactory
    Stream<DynamicTest> everyStructureHasTheWindowsX64Layout() {
        return reference().stream().map(expected -> DynamicTest.dynamicTest(
                expected.structure().getClass().getSimpleName(), () -> {
                    WindowsStructure structure = expected.structure();
                    List<Executable> checks = new ArrayList<>();
                    checks.add(() -> assertEquals(expected.size(), structure.size(), "sizeof"));
                    checks.add(() -> assertEquals(List.copyOf(expected.offsets().keySet()),
                            structure.fieldNames(), "every field, in C order"));
                    expected.offsets().forEach((field, offset) -> checks.add(() -> assertEquals(offset,
                            structure.offsetOf(field), "offsetof(" + field + ")")));
                    assertAll(checks);
                }));
    }

    @org.junit.jupiter.api.Test
    void adapterDescriptionIsReadAsUtf16() {
        DXGI_ADAPTER_DESC1 desc = new DXGI_ADAPTER_DESC1();
        String name = "Microsoft Basic Render Driver";
        for (int i = 0; i < name.length(); i++) {
            desc.Description[i] = (short) name.charAt(i);
        }
        desc.write();
        DXGI_ADAPTER_DESC1 read = new DXGI_ADAPTER_DESC1(desc.getPointer());
        assertEquals(name, read.description());
        // 'M' as a little-endian UTF-16 unit: 0x4D then 0x00.
        assertEquals(0x4D, desc.getPointer().getByte(0));
        assertEquals(0x00, desc.getPointer().getByte(1));
    }
}
