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
        // 2.0f = 0x40000000, 2.5f = 0x40200000, -0.0f = 0x80000000, 0.0f = 0x00000000.
        assertEquals("""
                Resource 'Y': 2 of 3 elements differ
                  [1] emulator 2 (0x40000000), DirectML 2.5 (0x40200000)
                  [2] emulator 0 (0x00000000), DirectML -0 (0x80000000)
                """, printed(floats(1, 2, 0), floats(1, 2.5f, -0.0f), false));
    }

    @Test
    void anUndefinedOutputIsNotADifference() {
        String text = printed(floats(1, 2), floats(1, 3), true);
        assertEquals("Resource 'Y': 1 of 2 elements differ where DirectML leaves the output undefined (several"
                + " scatter updates to one element; DirectML promises no winner), not counted as differences\n"
                + "  [1] emulator 2 (0x40000000), DirectML 3 (0x40400000)\n", text);
    }

    private static String printed(ByteBuffer emulated, ByteBuffer measured, boolean undefined) {
        CompareCommand.ResourceComparison c = CompareCommand.compare(
                new ResourceBuffers.Resource("Y", TensorDataType.FLOAT32, emulated, 0),
                new ResourceBuffers.Resource("Y", TensorDataType.FLOAT32, measured, 0), undefined, 10);
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
