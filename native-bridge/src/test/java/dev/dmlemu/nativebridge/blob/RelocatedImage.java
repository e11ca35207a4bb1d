package dev.dmlemu.nativebridge.blob;

import com.sun.jna.Memory;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: a desc image copied into native memory with every relocated pointer field turned into an address, the
 * struct tree {@code desc_blob_relocate} hands DirectML, so a test reads it with raw pointer reads as DirectML would.
 */
final class RelocatedImage {

    /** Every image made stays alive for the test JVM: pointers read out of one must not outlive its memory. */
    private static final List<Memory> KEPT = new ArrayList<>();

    private RelocatedImage() {
    }

    static synchronized Pointer of(DescBlob blob) {
        Memory memory = new Memory(blob.size());
        memory.write(0, blob.bytes(), 0, blob.size());
        for (long at : blob.relocations()) {
            long target = memory.getLong(at);
            memory.setPointer(at, target == 0 ? null : memory.share(target));
        }
        KEPT.add(memory);
        return memory;
    }
}
