package dev.dmlemu.nativebridge.core;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import com.sun.jna.WString;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in for {@code dmlemu-core.dll} written in Java, reading and writing its arguments at the offsets
 * {@code dml_core.h} gives for x64 (typed in here, not taken from {@link CoreStructs}). Its "dispatch" copies the
 * first buffer's upload into every read-back buffer, so a test can follow bytes through the transport.
 */
final class FakeCoreLibrary implements CoreLibrary {

    /** The HRESULT dmlemu_core_open returns; 0 opens. */
    int openResult;
    String lastDll;
    /** What dmlemu_core_open read from its options: "adapter flags name". */
    String lastOptions;
    byte[] lastBlob;
    int[] lastRelocations;
    int lastMode = -1;
    int lastFlags = -1;
    final List<String> bindingsSeen = new ArrayList<>();
    final List<String> buffersSeen = new ArrayList<>();
    final List<String> calls = new ArrayList<>();
    private final Memory core = new Memory(8);
    private Memory relocated;

    @Override
    public int dmlemu_core_open(WString dllPath, Pointer options, PointerByReference out, Pointer info,
            PointerByReference where) {
        lastDll = dllPath.toString();
        Pointer name = options.getPointer(8); // dmlemu_open_options: adapter @0, create_flags @4, adapter_name @8
        lastOptions = options.getInt(0) + " " + options.getInt(4) + " " + (name == null ? "-" : utf16(name));
        if (openResult != 0) {
            where.setValue(cString("DMLCreateDevice1"));
            return openResult;
        }
        info.setInt(0, 0x6400);
        info.setInt(4, 0xb000);
        info.setInt(8, 0x51);
        info.setInt(12, (1 << 1) | (1 << 3)); // DML_TENSOR_DATA_TYPE_FLOAT32 = 1, _UINT32 = 3
        info.write(16, "Fake adapter\0".getBytes(StandardCharsets.UTF_8), 0, 13);
        info.write(272, "1.15.4\0".getBytes(StandardCharsets.UTF_8), 0, 7);
        info.write(400, "C:\\fake\\DirectML.dll\0".getBytes(StandardCharsets.UTF_8), 0, 21);
        out.setValue(core);
        return 0;
    }

    @Override
    public Pointer desc_blob_relocate(byte[] blob, long size, int[] relocations, int relocationCount,
            PointerByReference error) {
        lastBlob = blob.clone();
        lastRelocations = relocations.clone();
        if (size != blob.length || relocationCount != relocations.length) {
            error.setValue(cString("size or count disagrees with the array"));
            return null;
        }
        relocated = new Memory(size);
        relocated.write(0, blob, 0, blob.length);
        return relocated;
    }

    @Override
    public void desc_blob_free(Pointer copy) {
        calls.add(copy.equals(relocated) ? "free relocated" : "free other");
    }

    @Override
    public int dmlemu_core_create(Pointer core, Pointer desc, int mode, int executionFlags, Pointer result) {
        calls.add(desc.equals(relocated) ? "create relocated" : "create other");
        lastMode = mode;
        lastFlags = executionFlags;
        result.setInt(0, 0);
        result.setInt(4, 0);
        result.setLong(8, mode == 1 ? 7 : 0);
        result.setLong(16, 64);
        result.setLong(24, 128);
        return 0;
    }

    @Override
    public int dmlemu_core_execute(Pointer core, long handle, Pointer bindings, int inputCount, int outputCount,
            Pointer buffers, int bufferCount, IntByReference stage, IntByReference hresult) {
        if (handle != 7) {
            return 1;
        }
        for (int i = 0; i < inputCount + outputCount; i++) {
            bindingsSeen.add(bindings.getInt(24L * i) + "@" + bindings.getLong(24L * i + 8) + "+"
                    + bindings.getLong(24L * i + 16));
        }
        Pointer firstUpload = buffers.getPointer(16);
        for (int i = 0; i < bufferCount; i++) {
            long size = buffers.getLong(32L * i);
            int flags = buffers.getInt(32L * i + 8);
            Pointer readBack = buffers.getPointer(32L * i + 24);
            buffersSeen.add(size + " flags " + flags);
            if ((flags & 2) != 0) {
                readBack.write(0, firstUpload.getByteArray(0, (int) size), 0, (int) size);
            }
        }
        stage.setValue(0);
        hresult.setValue(0);
        return 0;
    }

    @Override
    public int dmlemu_core_release(Pointer core, long handle) {
        calls.add("release " + handle);
        return handle == 7 ? 0 : 1;
    }

    @Override
    public void dmlemu_core_close(Pointer core) {
        calls.add("close");
    }

    /** A NUL-terminated UTF-16LE string, as Windows' wchar_t. */
    private static String utf16(Pointer text) {
        int length = 0;
        while (text.getShort(2L * length) != 0) {
            length++;
        }
        return new String(text.getByteArray(0, 2 * length), StandardCharsets.UTF_16LE);
    }

    private static Memory cString(String text) {
        byte[] bytes = (text + "\0").getBytes(StandardCharsets.US_ASCII);
        Memory memory = new Memory(bytes.length);
        memory.write(0, bytes, 0, bytes.length);
        return memory;
    }
}
