package dev.dmlemu.nativebridge.dml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Callback;
import com.sun.jna.Pointer;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.nativebridge.com.FakeComObject;
import dev.dmlemu.nativebridge.com.Guid;
import dev.dmlemu.nativebridge.com.HResult;
import dev.dmlemu.nativebridge.com.NativeCallException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The IDMLDevice wrapper against a fake device built from JNA callbacks: what it passes in (feature ids, sizes,
 * requested levels, the marshalled desc while the call runs, IIDs) and how it reads the answers.
 */
class DmlDeviceOnFakeComTest {

    interface CheckFeatureSupport extends Callback {
        int invoke(Pointer self, int feature, int querySize, Pointer query, int supportSize, Pointer support);
    }

    interface CreateWithDesc extends Callback {
        int invoke(Pointer self, Pointer desc, Pointer riid, Pointer out);
    }

    /** docs/directml-behaviour.md §2.3, typed in. */
    private static final List<Integer> ALL_LEVEL_CODES = List.of(0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000,
            0x4100, 0x5000, 0x5100, 0x5200, 0x6000, 0x6100, 0x6200, 0x6300, 0x6400);

    private static List<Integer> requestedLevels(Pointer query) {
        int count = query.getInt(0);
        Pointer levels = query.getPointer(8);
        List<Integer> codes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            codes.add(levels.getInt(4L * i));
        }
        return codes;
    }

    @Test
    void theFeatureLevelQueryAsksForEveryLevel() {
        FakeComObject fake = new FakeComObject(17);
        List<Object> seen = new ArrayList<>();
        fake.setSlot(DmlDevice.SLOT_CHECK_FEATURE_SUPPORT, (CheckFeatureSupport) (self, feature, querySize, query,
                supportSize, support) -> {
            seen.add(feature);
            seen.add(querySize);
            seen.add(supportSize);
            seen.add(requestedLevels(query));
            support.setInt(0, 0x4100);
            return HResult.S_OK;
        });
        try (DmlDevice device = new DmlDevice(fake.pointer())) {
            assertEquals(FeatureLevel.LEVEL_4_1, device.maxSupportedFeatureLevel());
        }
        // DML_FEATURE_FEATURE_LEVELS = 1; query struct 16 bytes; answer 4 bytes.
        assertEquals(List.of(1, 16, 4, ALL_LEVEL_CODES), seen);
    }

    @Test
    void anOlderDllThatRefusesNewerLevelsIsAskedAgainWithFewer() {
        // A DirectML.dll that knows levels up to 6_2 answers E_INVALIDARG for lists containing 6_3 or 6_4.
        FakeComObject fake = new FakeComObject(17);
        List<Integer> counts = new ArrayList<>();
        fake.setSlot(DmlDevice.SLOT_CHECK_FEATURE_SUPPORT, (CheckFeatureSupport) (self, feature, querySize, query,
                supportSize, support) -> {
            List<Integer> requested = requestedLevels(query);
            counts.add(requested.size());
            if (requested.contains(0x6300) || requested.contains(0x6400)) {
                return HResult.E_INVALIDARG;
            }
            support.setInt(0, 0x6200);
            return HResult.S_OK;
        });
        try (DmlDevice device = new DmlDevice(fake.pointer())) {
            assertEquals(FeatureLevel.LEVEL_6_2, device.maxSupportedFeatureLevel());
        }
        assertEquals(List.of(15, 14, 13), counts);
    }

    @Test
    void anotherFailureOfTheLevelQueryIsReported() {
        FakeComObject fake = new FakeComObject(17);
        fake.setSlot(DmlDevice.SLOT_CHECK_FEATURE_SUPPORT, (CheckFeatureSupport) (self, feature, querySize, query,
                supportSize, support) -> HResult.DXGI_ERROR_DEVICE_REMOVED);
        try (DmlDevice device = new DmlDevice(fake.pointer())) {
            NativeCallException e = assertThrows(NativeCallException.class, device::maxSupportedFeatureLevel);
            assertEquals("IDMLDevice::CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS) failed: "
                    + "DXGI_ERROR_DEVICE_REMOVED (0x887a0005)", e.getMessage());
        }
    }

    @Test
    void dataTypeSupportIsAskedTypeByType() {
        // A device without 16-bit types (like the Wine/vkd3d one) that predates UINT4/INT4 (E_INVALIDARG).
        FakeComObject fake = new FakeComObject(17);
        List<Integer> asked = new ArrayList<>();
        fake.setSlot(DmlDevice.SLOT_CHECK_FEATURE_SUPPORT, (CheckFeatureSupport) (self, feature, querySize, query,
                supportSize, support) -> {
            if (feature != 0 || querySize != 4 || supportSize != 4) {
                return HResult.E_FAIL;
            }
            int type = query.getInt(0);
            asked.add(type);
            if (type >= 12) {
                return HResult.E_INVALIDARG;
            }
            boolean sixteenBit = type == 2 || type == 4 || type == 7;
            support.setInt(0, sixteenBit ? 0 : 1);
            return HResult.S_OK;
        });
        try (DmlDevice device = new DmlDevice(fake.pointer())) {
            Set<TensorDataType> supported = device.supportedDataTypes();
            assertEquals(EnumSet.of(TensorDataType.FLOAT32, TensorDataType.UINT32, TensorDataType.UINT8,
                    TensorDataType.INT32, TensorDataType.INT8, TensorDataType.FLOAT64, TensorDataType.UINT64,
                    TensorDataType.INT64), supported);
        }
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), asked, "every type but UNKNOWN, in code order");
    }

    @Test
    void createOperatorPassesTheMarshalledDescStillAliveDuringTheCall() {
        FakeComObject device = new FakeComObject(17);
        FakeComObject operator = new FakeComObject(7);
        AtomicReference<List<Object>> seen = new AtomicReference<>();
        device.setSlot(DmlDevice.SLOT_CREATE_OPERATOR, (CreateWithDesc) (self, desc, riid, out) -> {
            Pointer gather = desc.getPointer(8);
            Pointer indices = gather.getPointer(8).getPointer(8);
            seen.set(List.of(desc.getInt(0), gather.getInt(24), indices.getInt(0), indices.getInt(8),
                    indices.getPointer(16).getInt(4), Guid.fromBytes(riid.getByteArray(0, 16)).toString()));
            out.setPointer(0, operator.pointer());
            return HResult.S_OK;
        });
        BufferTensorDesc data = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 3);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.INT64, 2, 3);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 3);
        try (DmlDevice dml = new DmlDevice(device.pointer());
                DmlOperator created = dml.createOperator(new GatherElementsOperatorDesc(data, indices, output, 1))) {
            assertEquals(Pointer.nativeValue(operator.pointer()), Pointer.nativeValue(created.pointer()));
        }
        // Type 107, Axis 1, indices INT64 (11), 2 dims, Sizes[1] = 3, IID_IDMLOperator.
        assertEquals(List.of(107, 1, 11, 2, 3, "26caae7a-3081-4633-9581-226fbe57695d"), seen.get());
        assertEquals(1, operator.releaseCalls(), "the operator wrapper released its reference");
    }

    @Test
    void aRefusedDescSaysHowToLearnWhy() {
        FakeComObject device = new FakeComObject(17);
        device.setSlot(DmlDevice.SLOT_CREATE_OPERATOR, (CreateWithDesc) (self, desc, riid, out) ->
                HResult.E_INVALIDARG);
        BufferTensorDesc data = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3);
        try (DmlDevice dml = new DmlDevice(device.pointer())) {
            NativeCallException e = assertThrows(NativeCallException.class, () -> dml.createOperator(
                    new GatherElementsOperatorDesc(data, data.withDataType(TensorDataType.UINT32), data, 5)));
            assertTrue(e.getMessage().startsWith("IDMLDevice::CreateOperator failed: E_INVALIDARG (0x80070057): "),
                    e.getMessage());
            assertEquals(HResult.E_INVALIDARG, e.hresult());
        }
    }

    @Test
    void bindingPropertiesComeBackThroughTheHiddenResultPointer() {
        // C++: DML_BINDING_PROPERTIES GetBindingProperties() is, at the ABI level, (this, DML_BINDING_PROPERTIES*).
        FakeComObject fake = new FakeComObject(9);
        AtomicReference<Pointer> seenThis = new AtomicReference<>();
        fake.setSlot(DmlDispatchable.SLOT_GET_BINDING_PROPERTIES, (FakeComObject.OnePointer) (self, result) -> {
            seenThis.set(self);
            result.setInt(0, 7);
            result.setInt(4, 0xDEAD); // padding: must be ignored
            result.setLong(8, 1024);
            result.setLong(16, 1L << 33);
            return 0;
        });
        try (DmlCompiledOperator compiled = new DmlCompiledOperator(fake.pointer())) {
            assertEquals(new BindingProperties(7, 1024, 1L << 33), compiled.bindingProperties());
        }
        assertEquals(Pointer.nativeValue(fake.pointer()), Pointer.nativeValue(seenThis.get()));
    }
}
