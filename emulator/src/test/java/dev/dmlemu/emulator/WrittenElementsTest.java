package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The bitmap's reset: it clears the overwrite marks it set, and only those need clearing. */
class WrittenElementsTest {

    @Test
    void resetForgetsOverwritesOnlyWhereTheyWere() {
        WrittenElements written = new WrittenElements(1000);
        written.markRun(10, 100, 0);
        written.markRun(60, 10, 100);
        written.mark(999, 110);
        written.mark(999, 111);
        assertEquals(11, written.overwrites());
        assertTrue(written.wasOverwritten(65));
        assertTrue(written.wasOverwritten(999));
        written.reset();
        assertEquals(0, written.overwrites());
        assertFalse(written.wasOverwritten(65));
        assertFalse(written.wasOverwritten(999));
        written.mark(65, 0);
        written.mark(65, 1);
        assertEquals(1, written.overwrites());
        assertTrue(written.wasOverwritten(65));
        assertFalse(written.wasOverwritten(999));
    }
}
