package dev.dmlemu.nativebridge.core;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.HostBinding;
import dev.dmlemu.nativebridge.host.HostBuffer;
import dev.dmlemu.nativebridge.host.HostHello;
import dev.dmlemu.nativebridge.host.HostStage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The structs of {@code dml_core.h} in native memory, x64 layout: written for the core's arguments and read from its
 * results. Plain JNA memory, so the layouts are tested on every OS.
 */
final class CoreStructs {

    /** {@code dmlemu_open_options}: adapter, create_flags, then the adapter_name pointer. */
    static final int OPEN_OPTIONS_SIZE = 16;
    /** {@code dmlemu_device_info}: four UINT32s, then char adapter[256], dll_version[128], dll_path[1024]. */
    static final int DEVICE_INFO_SIZE = 16 + 256 + 128 + 1024;
    /** {@code dmlemu_create_result}: stage, hresult, handle, persistent_size, temporary_size. */
    static final int CREATE_RESULT_SIZE = 32;
    /** {@code dmlemu_binding}: buffer (UINT32, then 4 bytes of padding), offset, size. */
    static final int BINDING_SIZE = 24;
    /** {@code dmlemu_buffer}: size, flags (then padding), upload, readback. */
    static final int BUFFER_SIZE = 32;

    static final int NO_BUFFER = 0xFFFFFFFF;
    static final int BUFFER_UPLOAD = 1;
    static final int BUFFER_READBACK = 2;

    private CoreStructs() {
    }

    /**
     * The {@code dmlemu_open_options} for an adapter choice and {@code DML_CREATE_DEVICE_FLAG}s, with the UTF-16
     * name it points to, if any: both must stay reachable until the call returns.
     */
    record OpenOptions(Memory struct, Optional<Memory> name) {

        static OpenOptions of(CoreAdapter adapter, int createFlags) {
            Memory struct = new Memory(OPEN_OPTIONS_SIZE);
            struct.clear();
            struct.setInt(0, adapter.code());
            struct.setInt(4, createFlags);
            // The DLL's wchar_t is Windows' UTF-16, whatever this JVM's wide strings are.
            Optional<Memory> name = adapter.name().map(text -> {
                byte[] utf16 = (text + "\0").getBytes(StandardCharsets.UTF_16LE);
                Memory wide = new Memory(utf16.length);
                wide.write(0, utf16, 0, utf16.length);
                return wide;
            });
            name.ifPresent(wide -> struct.setPointer(8, wide));
            return new OpenOptions(struct, name);
        }
    }

    static HostHello deviceInfo(Pointer info) {
        return HostHello.ofCore(info.getInt(0), info.getInt(4), info.getInt(8), info.getInt(12),
                string(info, 16, 256), string(info, 272, 128), string(info, 400, 1024));
    }

    /** A NUL-terminated UTF-8 string in a fixed-size field; the core always terminates it. */
    private static String string(Pointer base, long offset, int capacity) {
        byte[] bytes = base.getByteArray(offset, capacity);
        int length = 0;
        while (length < capacity && bytes[length] != 0) {
            length++;
        }
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    static CreateOutcome createResult(Pointer result) {
        return new CreateOutcome(HostStage.fromCode(result.getInt(0)), result.getInt(4), result.getLong(8),
                result.getLong(16), result.getLong(24));
    }

    /** The bindings, inputs first, as the {@code dmlemu_binding} array the core reads. */
    static Memory bindings(List<HostBinding> inputs, List<HostBinding> outputs) {
        List<HostBinding> all = new ArrayList<>(inputs);
        all.addAll(outputs);
        Memory memory = new Memory(Math.max(1, Math.multiplyExact((long) BINDING_SIZE, all.size())));
        memory.clear();
        for (int i = 0; i < all.size(); i++) {
            HostBinding binding = all.get(i);
            long at = (long) i * BINDING_SIZE;
            memory.setInt(at, binding.bound() ? binding.bufferIndex() : NO_BUFFER);
            memory.setLong(at + 8, binding.offset());
            memory.setLong(at + 16, binding.size());
        }
        return memory;
    }

    /**
     * The {@code dmlemu_buffer} array and the memory its records point to. A buffer both uploaded and read back
     * uses one block: the core copies the upload out before the dispatch and the result in after it.
     */
    record DeviceBuffers(Memory records, List<Memory> blocks, List<HostBuffer> buffers) {

        static DeviceBuffers of(List<HostBuffer> buffers) {
            Memory records = new Memory(Math.max(1, Math.multiplyExact((long) BUFFER_SIZE, buffers.size())));
            records.clear();
            List<Memory> blocks = new ArrayList<>();
            for (int i = 0; i < buffers.size(); i++) {
                HostBuffer buffer = buffers.get(i);
                Memory block = new Memory(Math.max(1, buffer.byteSize()));
                buffer.upload().ifPresent(bytes -> block.getByteBuffer(0, buffer.byteSize()).put(bytes.duplicate()));
                blocks.add(block);
                long at = (long) i * BUFFER_SIZE;
                int flags = (buffer.upload().isPresent() ? BUFFER_UPLOAD : 0)
                        | (buffer.readBack() ? BUFFER_READBACK : 0);
                records.setLong(at, buffer.byteSize());
                records.setInt(at + 8, flags);
                records.setPointer(at + 16, buffer.upload().isPresent() ? block : null);
                records.setPointer(at + 24, buffer.readBack() ? block : null);
            }
            return new DeviceBuffers(records, List.copyOf(blocks), List.copyOf(buffers));
        }

        /** Each read-back buffer's bytes after the core wrote them, by buffer index. */
        Map<Integer, byte[]> readBacks() {
            Map<Integer, byte[]> readBacks = new HashMap<>();
            for (int i = 0; i < buffers.size(); i++) {
                if (buffers.get(i).readBack()) {
                    readBacks.put(i, blocks.get(i).getByteArray(0, Math.toIntExact(buffers.get(i).byteSize())));
                }
            }
            return readBacks;
        }
    }
}
