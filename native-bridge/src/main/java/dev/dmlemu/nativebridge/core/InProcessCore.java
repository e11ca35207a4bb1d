package dev.dmlemu.nativebridge.core;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.nativebridge.blob.DescBlob;
import dev.dmlemu.nativebridge.host.CoreTransport;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.ExecuteOutcome;
import dev.dmlemu.nativebridge.host.HostBinding;
import dev.dmlemu.nativebridge.host.HostBuffer;
import dev.dmlemu.nativebridge.host.HostHello;
import dev.dmlemu.nativebridge.host.HostStage;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The native core in this process (Windows): each request is one call into {@code dmlemu-core.dll}, the same exports
 * the pipe host calls under Wine. DirectML ending its process here would end the JVM, so a desc known to do that is
 * refused before DirectML sees it. Requests are serialized.
 */
public final class InProcessCore implements CoreTransport {

    private static final int DXGI_ERROR_NOT_FOUND = 0x887a0002;
    private static final int DXGI_ERROR_SDK_COMPONENT_MISSING = 0x887a002d;

    private final CoreLibrary library;
    private final HostHello hello;
    private Pointer core;

    private InProcessCore(CoreLibrary library, Pointer core, HostHello hello) {
        this.library = library;
        this.core = core;
        this.hello = hello;
    }

    /**
     * Opens the device on the adapter chosen and DirectML.dll {@code directMlDll} (a path, or a name the Windows
     * loader searches for).
     *
     * @param createFlags {@code DML_CREATE_DEVICE_FLAG}s, e.g. 1 for the debug layer
     * @throws OperatorExecutionException naming the failing call and its HRESULT
     */
    public static InProcessCore open(CoreLibrary library, String directMlDll, CoreAdapter adapter, int createFlags) {
        PointerByReference core = new PointerByReference();
        PointerByReference where = new PointerByReference();
        Memory info = new Memory(CoreStructs.DEVICE_INFO_SIZE);
        info.clear();
        CoreStructs.OpenOptions options = CoreStructs.OpenOptions.of(adapter, createFlags);
        int hr = library.dmlemu_core_open(new WString(directMlDll), options.struct(), core, info, where);
        if (hr != 0) {
            throw new OperatorExecutionException(where.getValue().getString(0) + " failed: HRESULT " + hex(hr)
                    + openHint(hr));
        }
        return new InProcessCore(library, core.getValue(), CoreStructs.deviceInfo(info));
    }

    /** What {@code dmlemu_core_open} reported. */
    public HostHello hello() {
        return hello;
    }

    @Override
    public synchronized CreateOutcome create(DescBlob blob, CreateMode mode, int executionFlags,
            Optional<String> knownBug) {
        checkOpen();
        if (knownBug.isPresent()) {
            throw new OperatorExecutionException("not passed to DirectML, which runs in this process and would end it: "
                    + knownBug.get());
        }
        long[] relocations = blob.relocations();
        int[] offsets = new int[relocations.length];
        for (int i = 0; i < relocations.length; i++) {
            offsets[i] = Math.toIntExact(relocations[i]);
        }
        PointerByReference error = new PointerByReference();
        Pointer desc = library.desc_blob_relocate(blob.bytes(), blob.size(), offsets, offsets.length, error);
        if (desc == null) {
            throw new IllegalArgumentException("the native core refused the desc blob: "
                    + error.getValue().getString(0));
        }
        try {
            Memory result = new Memory(CoreStructs.CREATE_RESULT_SIZE);
            result.clear();
            if (library.dmlemu_core_create(core, desc, mode.code(), executionFlags, result) != 0) {
                throw new OperatorExecutionException("the native core ran out of memory creating the operator");
            }
            return CoreStructs.createResult(result);
        } finally {
            library.desc_blob_free(desc);
        }
    }

    @Override
    public synchronized ExecuteOutcome execute(long handle, List<HostBinding> inputs, List<HostBinding> outputs,
            List<HostBuffer> buffers, Optional<String> knownBug) {
        checkOpen();
        Memory bindings = CoreStructs.bindings(inputs, outputs);
        CoreStructs.DeviceBuffers device = CoreStructs.DeviceBuffers.of(buffers);
        IntByReference stage = new IntByReference();
        IntByReference hresult = new IntByReference();
        int rc = library.dmlemu_core_execute(core, handle, bindings, inputs.size(), outputs.size(), device.records(),
                buffers.size(), stage, hresult);
        if (rc == 1) {
            throw new IllegalStateException("the native core has no operator " + handle);
        }
        if (rc != 0) {
            throw new OperatorExecutionException("the native core ran out of memory executing the operator");
        }
        HostStage failedAt = HostStage.fromCode(stage.getValue());
        // After a failure the buffers hold nothing worth reading, as over the pipe.
        return new ExecuteOutcome(failedAt, hresult.getValue(),
                failedAt == HostStage.NONE ? device.readBacks() : Map.of());
    }

    /** Every handle belongs to the one generation: this process cannot outlive the core. */
    @Override
    public synchronized void release(long handle, int handleGeneration) {
        if (core != null) {
            library.dmlemu_core_release(core, handle);
        }
    }

    @Override
    public int generation() {
        return 1;
    }

    @Override
    public synchronized void close() {
        if (core != null) {
            library.dmlemu_core_close(core);
            core = null;
        }
    }

    private void checkOpen() {
        if (core == null) {
            throw new IllegalStateException("the native core was used after close");
        }
    }

    /** What the codes an open commonly fails with mean there. */
    private static String openHint(int hr) {
        return switch (hr) {
            case DXGI_ERROR_NOT_FOUND -> " (DXGI_ERROR_NOT_FOUND)";
            case DXGI_ERROR_SDK_COMPONENT_MISSING -> " (DXGI_ERROR_SDK_COMPONENT_MISSING): the DirectML debug layer"
                    + " (DirectML.Debug.dll) is not installed";
            default -> "";
        };
    }

    private static String hex(int hr) {
        return String.format("0x%08x", hr);
    }

    @Override
    public String toString() {
        return "InProcessCore[" + hello.adapterDescription() + "]";
    }
}
