package dev.dmlemu.nativebridge;

import com.sun.jna.platform.win32.Kernel32;
import com.sun.jna.platform.win32.WinBase;
import com.sun.jna.platform.win32.WinNT;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.nativebridge.com.HResult;
import dev.dmlemu.nativebridge.com.NativeCallException;
import dev.dmlemu.nativebridge.d3d12.D3d12CommandAllocator;
import dev.dmlemu.nativebridge.d3d12.D3d12CommandQueue;
import dev.dmlemu.nativebridge.d3d12.D3d12Constants;
import dev.dmlemu.nativebridge.d3d12.D3d12Device;
import dev.dmlemu.nativebridge.d3d12.D3d12Fence;
import dev.dmlemu.nativebridge.d3d12.D3d12GraphicsCommandList;
import dev.dmlemu.nativebridge.d3d12.D3d12Library;
import dev.dmlemu.nativebridge.d3d12.DxgiAdapter;
import dev.dmlemu.nativebridge.d3d12.DxgiFactory;
import dev.dmlemu.nativebridge.dml.DirectMlLibrary;
import dev.dmlemu.nativebridge.dml.DmlCommandRecorder;
import dev.dmlemu.nativebridge.dml.DmlConstants;
import dev.dmlemu.nativebridge.dml.DmlDevice;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The D3D12 and DirectML objects one backend shares between its operators: device, queue, one command
 * allocator + list, fence, DirectML device and command recorder. Work is submitted one batch at a time and waited
 * for; callers hold the context's lock around recording and submitting.
 */
final class DeviceContext implements AutoCloseable {

    /** GatherElements is the oldest operator this project runs; DirectML below this level lacks it. */
    static final FeatureLevel MINIMUM_LEVEL = FeatureLevel.LEVEL_2_1;

    private static final int COMMAND_LIST_TYPE = D3d12Constants.D3D12_COMMAND_LIST_TYPE_DIRECT;
    private static final int WAIT_TIMEOUT_MS = 300_000;

    final D3d12Device d3d12;
    final DmlDevice dml;
    final D3d12CommandQueue queue;
    final D3d12CommandAllocator allocator;
    final D3d12GraphicsCommandList list;
    final D3d12Fence fence;
    final DmlCommandRecorder recorder;
    final DeviceInfo info;
    private final Deque<AutoCloseable> owned;
    private long fenceValue;

    private DeviceContext(Deque<AutoCloseable> owned, D3d12Device d3d12, DmlDevice dml, D3d12CommandQueue queue,
            D3d12CommandAllocator allocator, D3d12GraphicsCommandList list, D3d12Fence fence,
            DmlCommandRecorder recorder, DeviceInfo info) {
        this.owned = owned;
        this.d3d12 = d3d12;
        this.dml = dml;
        this.queue = queue;
        this.allocator = allocator;
        this.list = list;
        this.fence = fence;
        this.recorder = recorder;
        this.info = info;
    }

    /** Loads the libraries and creates every shared object, or says why it could not. */
    static DirectMlAvailability open(DirectMlOptions options, String dllNameOrPath, String dllOrigin) {
        D3d12Library d3d12Library;
        DirectMlLibrary directMl;
        try {
            d3d12Library = D3d12Library.load();
        } catch (UnsatisfiedLinkError e) {
            return new DirectMlAvailability.Unavailable("cannot load d3d12.dll/dxgi.dll: " + e.getMessage());
        }
        try {
            directMl = DirectMlLibrary.load(dllNameOrPath);
        } catch (UnsatisfiedLinkError e) {
            return new DirectMlAvailability.Unavailable("cannot load DirectML.dll " + dllNameOrPath + " (from "
                    + dllOrigin + "), or it predates DirectML 1.1 (no DMLCreateDevice1): " + e.getMessage());
        }
        Deque<AutoCloseable> owned = new ArrayDeque<>();
        try {
            AdapterChoice adapter = chooseAdapter(d3d12Library, options.adapter(), owned);
            D3d12Device d3d12 = own(owned, d3d12Library.createDevice(adapter.adapter().orElse(null)));
            int flags = options.debugLayer() == DebugLayer.ON
                    ? DmlConstants.DML_CREATE_DEVICE_FLAG_DEBUG : DmlConstants.DML_CREATE_DEVICE_FLAG_NONE;
            DmlDevice dml = own(owned, directMl.createDevice(d3d12.pointer(), flags, FeatureLevel.LEVEL_1_0));
            FeatureLevel max = dml.maxSupportedFeatureLevel();
            if (max.isBelow(MINIMUM_LEVEL)) {
                closeAll(owned);
                return new DirectMlAvailability.Unavailable(directMl.source() + " on " + adapter.description()
                        + " supports only " + max.cName() + "; GATHER_ELEMENTS needs " + MINIMUM_LEVEL.cName()
                        + " (DirectML 1.2 or later)");
            }
            Set<TensorDataType> types = dml.supportedDataTypes();
            D3d12CommandQueue queue = own(owned, d3d12.createCommandQueue(COMMAND_LIST_TYPE));
            D3d12CommandAllocator allocator = own(owned, d3d12.createCommandAllocator(COMMAND_LIST_TYPE));
            D3d12GraphicsCommandList list = own(owned, d3d12.createCommandList(COMMAND_LIST_TYPE, allocator));
            D3d12Fence fence = own(owned, d3d12.createFence(0));
            DmlCommandRecorder recorder = own(owned, dml.createCommandRecorder());
            DeviceInfo info = new DeviceInfo(adapter.description(), max, types, directMl.source());
            DeviceContext context = new DeviceContext(owned, d3d12, dml, queue, allocator, list, fence, recorder,
                    info);
            return new DirectMlAvailability.Available(new ComDirectMlBackend(context, options.executionFlags()));
        } catch (NativeCallException | AdapterNotFoundException e) {
            closeAll(owned);
            return new DirectMlAvailability.Unavailable(e.getMessage());
        } catch (RuntimeException e) {
            closeAll(owned);
            throw e;
        }
    }

    private record AdapterChoice(Optional<DxgiAdapter> adapter, String description) {
    }

    private static final class AdapterNotFoundException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        AdapterNotFoundException(String message) {
            super(message);
        }
    }

    private static AdapterChoice chooseAdapter(D3d12Library library, AdapterSelection selection,
            Deque<AutoCloseable> owned) {
        try (DxgiFactory factory = library.createDxgiFactory()) {
            if (selection instanceof AdapterSelection.Warp) {
                DxgiAdapter warp = own(owned, factory.warpAdapter());
                return new AdapterChoice(Optional.of(warp), warp.desc().description());
            }
            List<String> seen = new ArrayList<>();
            for (int index = 0; ; index++) {
                Optional<DxgiAdapter> found = factory.enumAdapter(index);
                if (found.isEmpty()) {
                    break;
                }
                DxgiAdapter adapter = found.get();
                String description = adapter.desc().description();
                if (selection instanceof AdapterSelection.DefaultAdapter) {
                    // D3D12CreateDevice(NULL) takes the first enumerated adapter; pass NULL, as documented.
                    adapter.close();
                    return new AdapterChoice(Optional.empty(), description);
                }
                String wanted = ((AdapterSelection.NameContains) selection).text();
                if (description.toLowerCase(java.util.Locale.ROOT)
                        .contains(wanted.toLowerCase(java.util.Locale.ROOT))) {
                    return new AdapterChoice(Optional.of(own(owned, adapter)), description);
                }
                seen.add(description);
                adapter.close();
            }
            if (selection instanceof AdapterSelection.NameContains nameContains) {
                throw new AdapterNotFoundException("no adapter whose name contains '" + nameContains.text()
                        + "' (adapters: " + (seen.isEmpty() ? "none" : String.join(", ", seen)) + ")");
            }
            throw new AdapterNotFoundException("DXGI enumerates no adapter");
        }
    }

    private static <T extends AutoCloseable> T own(Deque<AutoCloseable> owned, T object) {
        owned.push(object);
        return object;
    }

    /** Closes the command list, submits it, waits for the GPU, then reopens the list for the next batch. */
    void submitAndWait() {
        list.finishRecording();
        queue.executeCommandList(list);
        fenceValue++;
        queue.signal(fence, fenceValue);
        if (fence.completedValue() < fenceValue) {
            WinNT.HANDLE event = Kernel32.INSTANCE.CreateEvent(null, false, false, null);
            if (event == null) {
                throw new OperatorExecutionException("CreateEvent failed: error " + Kernel32.INSTANCE.GetLastError());
            }
            try {
                fence.setEventOnCompletion(fenceValue, event);
                int waited = Kernel32.INSTANCE.WaitForSingleObject(event, WAIT_TIMEOUT_MS);
                if (waited != WinBase.WAIT_OBJECT_0) {
                    throw new OperatorExecutionException("the GPU did not finish within " + WAIT_TIMEOUT_MS / 1000
                            + " s (WaitForSingleObject returned " + waited + ")");
                }
            } finally {
                Kernel32.INSTANCE.CloseHandle(event);
            }
        }
        HResult.check(d3d12.deviceRemovedReason(), "ID3D12Device::GetDeviceRemovedReason");
        allocator.reset();
        list.reset(allocator);
    }

    /**
     * After a failure while recording: ends the list and reopens it empty, so the next batch starts clean. The
     * original failure stays the one reported; failures here are attached to it.
     */
    void discardRecording(RuntimeException cause) {
        try {
            list.finishRecording();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
        try {
            allocator.reset();
            list.reset(allocator);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    @Override
    public void close() {
        closeAll(owned);
    }

    /** Releases in reverse order of creation; each close is idempotent. */
    private static void closeAll(Deque<AutoCloseable> owned) {
        while (!owned.isEmpty()) {
            try {
                owned.pop().close();
            } catch (Exception e) {
                // Release cannot fail in a way the caller could act on; keep releasing the rest.
            }
        }
    }
}
