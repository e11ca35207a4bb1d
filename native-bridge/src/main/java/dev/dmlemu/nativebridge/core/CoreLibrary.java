package dev.dmlemu.nativebridge.core;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

/**
 * The functions {@code dmlemu-core.dll} exports, as {@code dml_core.h} and {@code desc_blob.h} declare them; the
 * structs travel as memory laid out by {@link CoreStructs}. The pipe host calls the same exports under Wine, so every
 * entry point here is exercised on Linux too, only not through JNA.
 */
public interface CoreLibrary extends Library {

    int dmlemu_core_open(WString dllPath, Pointer options, PointerByReference core, Pointer info,
            PointerByReference where);

    int dmlemu_core_create(Pointer core, Pointer desc, int mode, int executionFlags, Pointer result);

    int dmlemu_core_execute(Pointer core, long handle, Pointer bindings, int inputCount, int outputCount,
            Pointer buffers, int bufferCount, IntByReference stage, IntByReference hresult);

    int dmlemu_core_release(Pointer core, long handle);

    void dmlemu_core_close(Pointer core);

    Pointer desc_blob_relocate(byte[] blob, long size, int[] relocations, int relocationCount,
            PointerByReference error);

    void desc_blob_free(Pointer copy);
}
