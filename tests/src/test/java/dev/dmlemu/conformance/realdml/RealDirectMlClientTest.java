package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The harness client itself: case text, output parsing, and one round trip through the real DLL. */
class RealDirectMlClientTest {

    // The DirectML docs example, 4-D: Input {1,1,3,3} = 1..9, Indices {1,1,2,3} = [[1,2,0],[2,0,0]], Axis 2.
    private static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    @Test
    void parsesCaseAndOutputLines() {
        Map<String, HarnessResult> results = RealDirectMl.parse("""
                INFO dml max_feature_level=0x6400 hr=0x00000000
                CASE ok create=0x00000000 compile=0x00000000 init=0x00000000 exec=0x00000000 ms=1.7
                OUTPUT ok 4 8 3 7 2 3
                CASE bad create=0x80070057 compile=- init=- exec=-
                """);
        assertTrue(results.get("ok").executed());
        assertEquals(List.of("4", "8", "3", "7", "2", "3"), results.get("ok").output().orElseThrow());
        assertFalse(results.get("bad").created());
        assertEquals(HarnessResult.E_INVALIDARG, results.get("bad").create().getAsInt());
        assertTrue(results.get("bad").compile().isEmpty());
    }

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
    void writesEveryFieldExplicitly() {
        String text = HarnessCase.validateOnly("docs", DOCS_EXAMPLE).toCaseText();
        assertTrue(text.contains("input_sizes 1 1 3 3\n"), text);
        assertTrue(text.contains("input_bytes 36\n"), text);
        assertTrue(text.contains("indices_type UINT32\n"), text);
        assertTrue(text.contains("output_bytes 24\n"), text);
        assertTrue(text.endsWith("axis 2\nrun\n"), text);
    }

    @Test
    void writesAScattersFourTensorsAndItsUintFields() {
        ScatterNdOperatorDesc scatter = new ScatterNdOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8),
                BufferTensorDesc.packed(TensorDataType.INT64, 4, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 8), 1, 2);
        String text = HarnessCase.validateOnly("nd", scatter).toCaseText();
        assertTrue(text.contains("op SCATTER_ND\n"), text);
        assertTrue(text.contains("indices_type INT64\n"), text);
        assertTrue(text.contains("updates_type FLOAT32\nupdates_sizes 1 4\nupdates_bytes 16\n"), text);
        assertTrue(text.contains("output_sizes 1 8\n"), text);
        assertTrue(text.endsWith("input_dimension_count 1\nindices_dimension_count 2\nrun\n"), text);
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
