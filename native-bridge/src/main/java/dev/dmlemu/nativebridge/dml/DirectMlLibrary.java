package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.nativebridge.com.HResult;
import dev.dmlemu.nativebridge.com.Iids;
import dev.dmlemu.nativebridge.com.NativeCallException;

/**
 * A loaded {@code DirectML.dll}. Loading happens only in {@link #load}, never in a static initialiser.
 */
public final class DirectMlLibrary {

    /** Message for {@code DXGI_ERROR_SDK_COMPONENT_MISSING} with the debug flag (docs/directml-behaviour.md §2.5). */
    public static final String DEBUG_LAYER_MISSING = "DirectML debug layer (DirectML.Debug.dll) not installed: put "
            + "DirectML.Debug.dll (NuGet Microsoft.AI.DirectML) next to DirectML.dll and turn on Windows developer "
            + "mode, or run without the debug layer";

    private final NativeLibrary library;
    private final String source;

    private DirectMlLibrary(NativeLibrary library, String source) {
        this.library = library;
        this.source = source;
    }

    /**
     * Loads DirectML.dll.
     *
     * @param nameOrPath {@code DirectML} for the system search order, or an absolute path to a DLL
     * @throws UnsatisfiedLinkError if it cannot be loaded or lacks {@code DMLCreateDevice1} (DirectML before 1.1)
     */
    public static DirectMlLibrary load(String nameOrPath) {
        NativeLibrary library = NativeLibrary.getInstance(nameOrPath);
        library.getFunction("DMLCreateDevice1");
        return new DirectMlLibrary(library, nameOrPath);
    }

    /** What was loaded: the name or path given, and the file the OS resolved it to when known. */
    public String source() {
        java.io.File file = library.getFile();
        return file == null ? source : file.getAbsolutePath();
    }

    /**
     * {@code DMLCreateDevice1(d3d12Device, flags, minimumFeatureLevel, IID_IDMLDevice)}.
     *
     * @param createDeviceFlags {@link DmlConstants#DML_CREATE_DEVICE_FLAG_NONE} or {@code _DEBUG}
     * @throws NativeCallException on failure; with the debug flag and DXGI_ERROR_SDK_COMPONENT_MISSING the message
     *     says the debug layer is not installed
     */
    public DmlDevice createDevice(Pointer d3d12Device, int createDeviceFlags, FeatureLevel minimumFeatureLevel) {
        Function create = library.getFunction("DMLCreateDevice1");
        PointerByReference out = new PointerByReference();
        int hr = (Integer) create.invoke(Integer.class, new Object[] {d3d12Device, createDeviceFlags,
                minimumFeatureLevel.code(), Iids.IDML_DEVICE.toNative(), out});
        if (!HResult.succeeded(hr)) {
            boolean debugMissing = hr == HResult.DXGI_ERROR_SDK_COMPONENT_MISSING
                    && (createDeviceFlags & DmlConstants.DML_CREATE_DEVICE_FLAG_DEBUG) != 0;
            throw new NativeCallException(hr, "DMLCreateDevice1", debugMissing ? DEBUG_LAYER_MISSING : null);
        }
        return new DmlDevice(out.getValue());
    }
}
