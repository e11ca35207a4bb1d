package dev.dmlemu.nativebridge.dml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Memory;
import dev.dmlemu.nativebridge.struct.DML_TENSOR_DESC;
import org.junit.jupiter.api.Test;

class NativeScopeTest {

    @Test
    void allocationsAreZeroedAndFreedOnClose() {
        NativeScope scope = new NativeScope();
        Memory memory = scope.allocate(32);
        assertEquals(0L, memory.getLong(24));
        assertTrue(memory.valid());
        scope.close();
        assertFalse(memory.valid(), "closing the scope frees its memory");
    }

    @Test
    void closeIsIdempotentAndUseAfterCloseThrows() {
        NativeScope scope = new NativeScope();
        scope.close();
        scope.close();
        assertTrue(scope.isClosed());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> scope.allocate(8));
        assertEquals("NativeScope used after close", e.getMessage());
        assertThrows(IllegalStateException.class, () -> scope.keep(new DML_TENSOR_DESC()));
    }

    @Test
    void emptyAllocationsAreRefused() {
        try (NativeScope scope = new NativeScope()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> scope.allocate(0));
            assertEquals("native allocation of 0 bytes", e.getMessage());
        }
    }
}
