package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The real-DirectML client: harness values, buffers and printed output, and one round trip through the real DLL. */
class RealDirectMlClientTest {

    // The DirectML docs example, 4-D: Input {1,1,3,3} = 1..9, Indices {1,1,2,3} = [[1,2,0],[2,0,0]], Axis 2.
    private static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    @Test
    void formatsFloat32AsTheExactDecimalOfItsDoubleWidening() {
        ByteBuffer bytes = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        bytes.putFloat(0.1f).putFloat(-0.0f).putFloat(Float.NEGATIVE_INFINITY);
        List<String> text = HarnessCase.HarnessValues.format(TensorDataType.FLOAT32, bytes.flip());
        assertEquals(List.of("0.10000000149011612", "-0.0", "-inf"), text);
        // Printed with %.9g by the harness, parsed back to the same bits.
        ByteBuffer back = HarnessCase.HarnessValues.parse(TensorDataType.FLOAT32, List.of("0.100000001", "-0", "-inf"));
        assertEquals(Float.floatToRawIntBits(0.1f), back.getInt(0));
        assertEquals(Float.floatToRawIntBits(-0.0f), back.getInt(4));
    }

    @Test
    void buildsTheHarnessBuffersAndPrintsItsOutput() {
        // Each tensor in a zeroed buffer of TotalTensorSizeInBytes rounded up to 256; values stored from their text.
        assertEquals(256, HarnessBuffers.bufferSize((BufferTensorDesc) DOCS_EXAMPLE.inputTensor()));
        ByteBuffer indices = HarnessBuffers.fill(TensorDataType.INT32, 256, List.of("-1", "0x10", "010", "7"));
        assertEquals(-1, indices.getInt(0));
        assertEquals(16, indices.getInt(4));
        assertEquals(8, indices.getInt(8)); // base 0: a leading 0 is octal, as strtoll reads it
        assertEquals(7, indices.getInt(12));
        assertEquals(0, indices.getInt(16));
        ByteBuffer out = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        out.putFloat(0, 4).putFloat(4, 0.1f).putFloat(8, -2.5f);
        BufferTensorDesc strided = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(2L), List.of(2L));
        // Elements 0 and 2 (stride 2), %.9g as C prints them.
        assertEquals(List.of("4", "-2.5"), HarnessBuffers.print(strided, out.array()));
    }

    @Test
    void runsTheDocsExampleOnTheRealDll() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("real-DirectML docs example");
        ByteBuffer input = ByteBuffer.allocate(36).order(ByteOrder.LITTLE_ENDIAN);
        for (int v = 1; v <= 9; v++) {
            input.putFloat(v);
        }
        ByteBuffer indices = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : new int[] {1, 2, 0, 2, 0, 0}) {
            indices.putInt(v);
        }
        HarnessCase docs = HarnessCase.fromDesc("docs", DOCS_EXAMPLE, input.flip(), indices.flip());
        HarnessResult result = real.execute(List.of(docs)).get("docs");
        assertTrue(result.executed(), () -> "create=" + result.createText());
        // Expected output from the DirectML documentation, not from any code of ours.
        assertEquals(List.of("4", "8", "3", "7", "2", "3"), result.output().orElseThrow());
    }
}
