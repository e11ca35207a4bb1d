package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The bundled DirectML docs example (examples/docs-example.json, docs/directml-behaviour.md §9) as records. */
class DocsExampleTest {

    static final Path DOCS_EXAMPLE = Path.of("..", "examples", "docs-example.json");

    @Test
    void readsIntoTheExpectedRecords() {
        ModelFile model = ModelFiles.read(DOCS_EXAMPLE);

        assertEquals(List.of("X", "I", "Y"), List.copyOf(model.resources().keySet()));
        assertEquals(new ResourceDecl(TensorDataType.FLOAT32, Encoded.float32(1, 2, 3, 4, 5, 6, 7, 8, 9),
                OptionalLong.empty()), model.resources().get("X"));
        assertEquals(new ResourceDecl(TensorDataType.FLOAT32, new ConstantValues(6, Scalar.of(0)),
                OptionalLong.empty()), model.resources().get("Y"));

        OperatorDispatchable ge = assertInstanceOf(OperatorDispatchable.class, model.dispatchables().get("ge"));
        // Total sizes by hand: 9 * 4 = 36, 6 * 4 = 24.
        assertEquals(new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2), ge.desc());
        assertEquals(36, ((BufferTensorDesc) ((GatherElementsOperatorDesc) ge.desc()).inputTensor())
                .totalTensorSizeInBytes());
        assertEquals(List.of(
                new DispatchCommand("ge", Map.of("InputTensor", BindingRef.of("X"), "IndicesTensor", BindingRef.of("I"),
                        "OutputTensor", BindingRef.of("Y"))),
                new PrintCommand("Y", false)), model.commands());
    }

    @Test
    void roundTripsAndWritesStably() {
        ModelFile model = ModelFiles.read(DOCS_EXAMPLE);
        String written = ModelFiles.write(model);
        ModelFile again = ModelFiles.parse(written, DOCS_EXAMPLE.getParent(), "written");
        assertEquals(model, again);
        assertEquals(written, ModelFiles.write(again));
    }

    @Test
    void materializesLittleEndianBytes() {
        ModelFile model = ModelFiles.read(DOCS_EXAMPLE);
        ByteBuffer i = ResourceData.materialize(model.resources().get("I"), SourceFolders.of(DOCS_EXAMPLE.getParent()));
        assertEquals(24, i.remaining());
        assertEquals(2, i.get(4)); // element 1 = 2, low byte first
        assertEquals(0, i.get(5));
        ByteBuffer x = ResourceData.materialize(model.resources().get("X"), SourceFolders.of(DOCS_EXAMPLE.getParent()));
        assertEquals(36, x.remaining());
        assertEquals(0x3F80_0000, x.getInt(0)); // 1.0f
        assertEquals(new BigDecimal("9"), BigDecimal.valueOf(x.getFloat(32)).stripTrailingZeros());
    }
}
