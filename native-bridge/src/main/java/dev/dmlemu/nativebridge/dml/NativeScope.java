package dev.dmlemu.nativebridge.dml;

import com.sun.jna.Memory;
import com.sun.jna.Structure;
import java.util.ArrayList;
import java.util.List;

/**
 * Keeps every native allocation of one call reachable until the call has returned: the {@code Sizes} and
 * {@code Strides} arrays, the tensor descs, the operator desc. DirectML reads them only during the call
 * ({@code CreateOperator} copies what it keeps), so closing the scope right after is safe. Closing frees the arrays
 * at once and drops the structures; closing twice does nothing; allocating after close throws.
 */
public final class NativeScope implements AutoCloseable {

    private final List<Memory> memories = new ArrayList<>();
    private final List<Structure> structures = new ArrayList<>();
    private boolean closed;

    /**
     * Zeroed native memory of {@code bytes} bytes, owned by this scope.
     *
     * @throws IllegalArgumentException if {@code bytes} is not positive
     */
    public Memory allocate(long bytes) {
        checkOpen();
        if (bytes <= 0) {
            throw new IllegalArgumentException("native allocation of " + bytes + " bytes");
        }
        Memory memory = new Memory(bytes);
        memory.clear();
        memories.add(memory);
        return memory;
    }

    /** Keeps a structure (and the memory JNA allocated for it) reachable until the scope closes. */
    public <T extends Structure> T keep(T structure) {
        checkOpen();
        structures.add(structure);
        return structure;
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Memory memory : memories) {
            memory.close();
        }
        memories.clear();
        structures.clear();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("NativeScope used after close");
        }
    }
}
