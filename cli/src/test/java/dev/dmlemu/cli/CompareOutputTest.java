package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.TensorDataType;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** How {@code compare} reports one resource: the expected lines are written by hand from the IEEE bit patterns. */
class CompareOutputTest {

    @Test
    void identicalResources() {
        assertEquals("Resource 'Y': identical (3 elements)\n", printed(floats(1, 2, 3), floats(1, 2, 3), false));
    }

    @Test
    void differencesGiveIndexValuesAndBitsAndACount() {
        // 2.0f = 0x40000000, 2.5f = 0x40200000, -0.0f = 0x80000000, 0.0f = 0x00000000 (hex digits upper case, as
        // DxDispatch prints them).
        assertEquals("""
                Resource 'Y': 2 of 3 elements differ
                  [1] emulator 2 (0x40000000), DirectML 2.5 (0x40200000)
                  [2] emulator 0 (0x00000000), DirectML -0 (0x80000000)
                """, printed(floats(1, 2, 0), floats(1, 2.5f, -0.0f), false));
    }

    @Test
    void anUndefinedElementIsNotADifference() {
        // Element 1 was written by several scatter updates; element 2 was not.
        String text = printed(floats(1, 2, 5), floats(1, 3, 5), true);
        assertEquals("Resource 'Y': identical where DirectML defines it (3 elements); 1 element DirectML leaves"
                + " undefined (several scatter updates to one element; DirectML promises no winner) differs, not"
                + " counted\n"
                + "  [1] emulator 2 (0x40000000), DirectML 3 (0x40400000), undefined\n", text);
        assertEquals("Resource 'Y': 1 of 3 elements differ; 1 element DirectML leaves undefined (several scatter"
                + " updates to one element; DirectML promises no winner) differs, not counted\n"
                + "  [1] emulator 2 (0x40000000), DirectML 3 (0x40400000), undefined\n"
                + "  [2] emulator 5 (0x40A00000), DirectML 6 (0x40C00000)\n",
                printed(floats(1, 2, 5), floats(1, 3, 6), true));
    }

    @Test
    void thePaddingPastTheInitialElementsIsNotCompared() {
        // Six INT8 values in a buffer rounded up to 8 bytes; DirectML may write the two bytes past them.
        ByteBuffer emulated = ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 0, 0});
        ByteBuffer measured = ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 9, 9});
        CompareCommand.ResourceComparison c = CompareCommand.compare(
                new ResourceBuffers.Resource("Y", TensorDataType.INT8, emulated, 6),
                new ResourceBuffers.Resource("Y", TensorDataType.INT8, measured, 6), element -> false, 10);
        assertEquals(6, c.elements());
        assertEquals(0, c.differing());
    }

    @Test
    void fourBitElementsAreComparedNibbleByNibble() {
        // Five INT4 elements, two to a byte, the even one low: element 3 (byte 1's high nibble) differs; the high
        // nibble of byte 2 holds no element.
        ByteBuffer emulated = ByteBuffer.wrap(new byte[] {0x21, 0x43, 0x05, 0});
        ByteBuffer measured = ByteBuffer.wrap(new byte[] {0x21, 0x73, (byte) 0xF5, 0});
        CompareCommand.ResourceComparison c = CompareCommand.compare(
                new ResourceBuffers.Resource("W", TensorDataType.INT4, emulated, 5),
                new ResourceBuffers.Resource("W", TensorDataType.INT4, measured, 5), element -> false, 10);
        assertEquals(5, c.elements());
        assertEquals(1, c.differing());
        assertEquals(3, c.first().get(0).index());
    }

    private static String printed(ByteBuffer emulated, ByteBuffer measured, boolean elementOneUndefined) {
        CompareCommand.ResourceComparison c = CompareCommand.compare(
                new ResourceBuffers.Resource("Y", TensorDataType.FLOAT32, emulated, emulated.capacity() / 4),
                new ResourceBuffers.Resource("Y", TensorDataType.FLOAT32, measured, measured.capacity() / 4),
                element -> elementOneUndefined && element == 1, 10);
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            CompareCommand.print(out, c);
        }
        return text.toString().replace(System.lineSeparator(), "\n");
    }

    private static ByteBuffer floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.clear();
    }
}
