package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.InvalidTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every accepted spelling maps onto the expected records, and read → write → read is lossless and stable. */
class ModelRoundTripTest {

    static Path resource(String name) {
        try {
            return Path.of(ModelRoundTripTest.class.getResource("/models/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ModelFile assertRoundTrips(ModelFile model) {
        String written = ModelFiles.write(model);
        ModelFile again = ModelFiles.parse(written, null, "written");
        assertEquals(model, again, written);
        assertEquals(written, ModelFiles.write(again), "writing is stable");
        return again;
    }

    @Test
    void variedFileReadsAsExpected() {
        ModelFile model = ModelFiles.read(resource("varied.json"));
        assertEquals(List.of("In", "Idx", "Big", "Small", "Out"), List.copyOf(model.resources().keySet()));

        ResourceDecl in = model.resources().get("In");
        assertEquals(TensorDataType.FLOAT16, in.initialValuesDataType());
        // binary16 by hand: 0.1 → 0x2E66 (0.0999755859375), -2.5 → 0xC100, NaN 0x7E00, ±inf 0x7C00/0xFC00,
        // 65504 → 0x7BFF, 1e-8 (below half the smallest subnormal, 2^-25) → +0, 3.000 → 0x4200.
        assertEquals(Encoded.float16Bits(0x2E66, 0xC100, 0x7E00, 0x7C00, 0xFC00, 0x7BFF, 0x0000, 0x4200),
                in.initialValues());
        assertEquals(OptionalLong.of(40), in.sizeInBytes());
        assertEquals(new SequenceValues(4, Scalar.of(-2), Scalar.of(1)), model.resources().get("Idx").initialValues());
        assertEquals(Encoded.longBits(TensorDataType.UINT64, -1L, 0, Long.MIN_VALUE),
                model.resources().get("Big").initialValues());
        // INT4 [-8, 7, 0]: two per byte, the even element low: 0x78, then 0x00.
        assertEquals(Encoded.bytes(TensorDataType.INT4, 3, 0x78, 0x00), model.resources().get("Small").initialValues());
        assertEquals(new ConstantValues(8, Scalar.of("0.0")), model.resources().get("Out").initialValues());

        OperatorDispatchable longForm = (OperatorDispatchable) model.dispatchables().get("long");
        GatherElementsOperatorDesc ge = (GatherElementsOperatorDesc) longForm.desc();
        // Explicit TotalTensorSizeInBytes 40 is kept (the computed one would be (4 + 3 + 1) * 2 = 16).
        assertEquals(new BufferTensorDesc(TensorDataType.FLOAT16, TensorFlags.NONE, 2, List.of(2L, 4L),
                Optional.of(List.of(4L, 1L)), 40, 16), ge.inputTensor());
        // Strides {0,1}: last index 1 → 2 elements of 8 bytes = 16.
        assertEquals(new BufferTensorDesc(TensorDataType.INT64, TensorFlags.NONE, 2, List.of(2L, 2L),
                Optional.of(List.of(0L, 1L)), 16, 0), ge.indicesTensor());
        // TotalTensorSizeInBytes 0 means computed: 4 halves = 8 bytes.
        assertEquals(BufferTensorDesc.packed(TensorDataType.FLOAT16, 2, 2), ge.outputTensor());
        assertEquals(1, ge.axis());
        assertEquals(EnumSet.of(ExecutionFlag.ALLOW_HALF_PRECISION_COMPUTATION, ExecutionFlag.DESCRIPTORS_VOLATILE),
                longForm.executionFlags());

        OperatorDispatchable odd = (OperatorDispatchable) model.dispatchables().get("odd");
        GatherElementsOperatorDesc oddDesc = (GatherElementsOperatorDesc) odd.desc();
        assertInstanceOf(InvalidTensorDesc.class, oddDesc.inputTensor());
        // Undefined sizes (UNKNOWN type, strides of the wrong length) stay representable with total 0.
        assertEquals(new BufferTensorDesc(TensorDataType.UNKNOWN, TensorFlags.OWNED_BY_DML, 5, List.of(3L),
                Optional.empty(), 0, 0), oddDesc.indicesTensor());
        assertEquals(new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2, List.of(1L, 3L),
                Optional.of(List.of(3L)), 0, 0), oddDesc.outputTensor());
        assertEquals(0xFFFF_FFFFL, oddDesc.axis());
        assertEquals(Set.of(ExecutionFlag.DISABLE_META_COMMANDS), odd.executionFlags());

        assertEquals(List.of(
                new DispatchCommand("long", Map.of("InputTensor", BindingRef.of("In"),
                        "IndicesTensor", new BindingRef("Idx", 1), "OutputTensor", BindingRef.of("Out"))),
                new DispatchCommand("odd", Map.of()),
                new DispatchCommand("odd", Map.of()),
                new PrintCommand("Out", true),
                new PrintCommand("Small", false),
                new WriteFileCommand("Out", "out.npy")), model.commands());
    }

    @Test
    void variedFileRoundTripsInShortForms() {
        ModelFile model = ModelFiles.read(resource("varied.json"));
        String written = ModelFiles.write(model);
        assertRoundTrips(model);
        assertFalse(written.contains("DML_"), "short enum names only:\n" + written);
        assertFalse(written.contains("$schema"));
        assertTrue(written.contains("\"type\": \"GATHER_ELEMENTS\""), written);
        assertTrue(written.contains("\"TotalTensorSizeInBytes\": 40"), written);
        assertTrue(written.contains("\"GuaranteedBaseOffsetAlignment\": 16"), written);
        assertTrue(written.contains("\"Flags\": \"OWNED_BY_DML\""), written);
        assertTrue(written.contains("\"DimensionCount\": 5"), written);
        assertTrue(written.contains("\"executionFlags\": [ \"ALLOW_HALF_PRECISION_COMPUTATION\", "
                + "\"DESCRIPTORS_VOLATILE\" ]"), written);
        assertTrue(written.contains("\"executionFlags\": \"DISABLE_META_COMMANDS\""), written);
        // Each value as the shortest decimal that reads back to its binary16 bits (65504 as 65500.0; 1e-8 was read as
        // 0), always in floating-point form.
        assertTrue(written.contains("[ 0.1, -2.5, \"nan\", \"inf\", \"-inf\", 65500.0, 0.0, 3.0 ]"), written);
        assertTrue(written.contains("18446744073709551615"), written);
        assertTrue(written.contains("{ \"Type\": \"INVALID\" }") || written.contains("\"Type\": \"INVALID\""),
                written);
        // Defaults are left out: one DataType per tensor, but no Flags NONE, no verbose false.
        assertFalse(written.contains("\"NONE\""), written);
        assertFalse(written.contains("\"verbose\": false"), written);
        assertEquals(1, count(written, "\"TotalTensorSizeInBytes\""), written);
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void recordsBuiltInCodeRoundTrip() {
        BufferTensorDesc padded = new BufferTensorDesc(TensorDataType.UINT8, TensorFlags.NONE, 3, List.of(1L, 2L, 3L),
                Optional.of(List.of(8L, 4L, 1L)), 4_000_000_000_000L, 256);
        ModelFile model = new ModelFile(
                Map.of("A", new ResourceDecl(TensorDataType.UINT8, new SequenceValues(12, Scalar.of(0), Scalar.of(2)),
                        OptionalLong.of(-1L))), // UINT64 max as a bit pattern
                Map.of("g", new OperatorDispatchable(new GatherElementsOperatorDesc(padded,
                        BufferTensorDesc.packed(TensorDataType.INT32, 1, 2, 3),
                        BufferTensorDesc.packed(TensorDataType.UINT8, 1, 2, 3), 0))),
                List.of(new DispatchCommand("g", Map.of("InputTensor", new BindingRef("A", -1L))),
                        new WriteFileCommand("A", "a.npy")));
        // sizeInBytes 2^64-1 cannot be rounded up; build it without the reader's check by writing it directly.
        String written = ModelFiles.write(model);
        assertTrue(written.contains("\"sizeInBytes\": 18446744073709551615"), written);
        assertTrue(written.contains("\"elementOffset\": 18446744073709551615"), written);
        ModelFormatException e = org.junit.jupiter.api.Assertions.assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse(written, null, "w"));
        assertTrue(e.getMessage().startsWith("resources.A.sizeInBytes: sizeInBytes 18446744073709551615 overflows"),
                e.getMessage());

        ModelFile legal = new ModelFile(
                Map.of("A", new ResourceDecl(TensorDataType.UINT8, new SequenceValues(12, Scalar.of(0), Scalar.of(2)),
                        OptionalLong.of(20))),
                model.dispatchables(),
                List.of(new DispatchCommand("g", Map.of("InputTensor", new BindingRef("A", 3))),
                        new PrintCommand("A", true)));
        assertRoundTrips(legal);
    }

    @Test
    void everyInitializerFormRoundTrips(@TempDir Path dir) throws IOException {
        ByteBuffer data = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(5).putInt(-6).putInt(7).flip();
        NpyFile.write(dir.resolve("ints.npy"), TensorDataType.INT32, List.of(3L), data);
        String json = "{\"resources\": {"
                + "\"a\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1.5, \"-inf\", -0.25e2]},"
                + "\"c\": {\"initialValuesDataType\": \"INT8\", \"initialValues\": {\"valueCount\": 3, \"value\": -7}},"
                + "\"s\": {\"initialValuesDataType\": \"FLOAT64\", \"initialValues\":"
                + "   {\"valueCount\": 5, \"valueStart\": 0.5, \"valueDelta\": -0.125}},"
                + "\"f\": {\"initialValuesDataType\": \"INT32\", \"initialValues\": {\"sourcePath\": \"ints.npy\"},"
                + "   \"sizeInBytes\": 16}"
                + "}, \"dispatchables\": {}, \"commands\": [{\"type\": \"print\", \"resource\": \"f\"}]}";
        Files.writeString(dir.resolve("m.json"), json);
        ModelFile model = ModelFiles.read(dir.resolve("m.json"));
        assertEquals(Encoded.float32(1.5f, Float.NEGATIVE_INFINITY, -25f), model.resources().get("a").initialValues());
        assertEquals(new ConstantValues(3, Scalar.of(-7)), model.resources().get("c").initialValues());
        assertEquals(new SequenceValues(5, Scalar.of("0.5"), Scalar.of("-0.125")),
                model.resources().get("s").initialValues());
        assertEquals(new ResourceDecl(TensorDataType.INT32, new FileValues("ints.npy"), OptionalLong.of(16)),
                model.resources().get("f"));
        String written = ModelFiles.write(model);
        assertEquals(model, ModelFiles.parse(written, dir, "written"));
        assertRoundTrips(model);
    }

    @Test
    void dxDispatchFormsReadIntoRecordsAndRoundTrip() {
        ModelFile model = ModelFiles.parse("""
                // comments and trailing commas
                {
                  "resources": {
                    "X": { "initialValuesDataType": "FLOAT32", "initialValues": [1, 2], "sizeInBytes": 16,
                           "initialValuesOffsetInBytes": 8, },
                    "L": { "initialValues": [ { "type": "UINT8", "value": 7, "name": "n" }, { "type": "FLOAT64", "value": -0.5 } ] },
                  },
                  "dispatchables": {
                    "ge": { "type": "GATHER_ELEMENTS", "dmlCompileType": "DmlCompileGraph", "bindings": { "IndicesTensor": ["L"] },
                      "InputTensor": { "DataType": "FLOAT32", "Sizes": [2] },
                      "IndicesTensor": { "DataType": "UINT8", "Flags": "OWNED_BY_DML", "Sizes": [2] },
                      "OutputTensor": { "DataType": "FLOAT32", "Sizes": [2] },
                      "Axis": 0 } /* no desc member */
                  },
                  "commands": [
                    { "type": "DISPATCH", "dispatchable": "ge", "threadGroupCount": [1, 1, 1], "bindings": {
                      "InputTensor": { "name": "X", "elementOffset": 1, "elementSizeInBytes": 8, "elementCount": 2 },
                      "OutputTensor": ["X"] } },
                    { "type": "WriteFile", "resource": "X", "targetPath": "x.npy", "dimensions": [2, 2] },
                    { "type": "writeFile", "resource": "L", "targetPath": "l.bin" },
                  ],
                }
                """, null, "dxdispatch.json");
        assertEquals(new ResourceDecl(TensorDataType.FLOAT32, model.resources().get("X").initialValues(),
                OptionalLong.of(16), 8), model.resources().get("X"));
        assertEquals(new ResourceDecl(TensorDataType.UNKNOWN, new ListValues(List.of(
                new ListValues.Entry(TensorDataType.UINT8, Scalar.of(7)),
                new ListValues.Entry(TensorDataType.FLOAT64, Scalar.of(new java.math.BigDecimal("-0.5"))))),
                OptionalLong.empty()), model.resources().get("L"));
        OperatorDispatchable ge = (OperatorDispatchable) model.dispatchables().get("ge");
        assertEquals(Map.of("IndicesTensor", BindingRef.of("L")), ge.initializationBindings());
        assertEquals(new DispatchCommand("ge", Map.of("InputTensor", new BindingRef("X", 1, 8),
                "OutputTensor", BindingRef.of("X"))), model.commands().get(0));
        assertEquals(new WriteFileCommand("X", "x.npy", List.of(2L, 2L)), model.commands().get(1));
        assertEquals(new WriteFileCommand("L", "l.bin"), model.commands().get(2));
        assertRoundTrips(model);
        // The list packs a UINT8 and a FLOAT64 into 9 bytes (padded to 12): 7, then -0.5 = 0xBFE0000000000000.
        ByteBuffer bytes = ResourceData.materialize(model.resources().get("L"));
        assertEquals(12, bytes.capacity());
        assertEquals(7, bytes.get(0));
        assertEquals(-0.5, bytes.getDouble(1));
        // X's two floats start at byte 8 of 16.
        ByteBuffer x = ResourceData.materialize(model.resources().get("X"));
        assertEquals(List.of(0f, 0f, 1f, 2f), List.of(x.getFloat(0), x.getFloat(4), x.getFloat(8), x.getFloat(12)));
    }

    @Test
    void emptyModelRoundTrips() {
        ModelFile empty = ModelFiles.parse("{\"resources\": {}, \"dispatchables\": {}, \"commands\": []}", null, "e");
        assertEquals(new ModelFile(Map.of(), Map.of(), List.of()), empty);
        assertRoundTrips(empty);
    }

    @Test
    void mapsKeepFileOrderAndAreUnmodifiable() {
        ModelFile model = ModelFiles.parse("{\"resources\": {"
                + "\"z\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [1]},"
                + "\"a\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [2]},"
                + "\"m\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [3]}},"
                + "\"dispatchables\": {}, \"commands\": []}", null, "order");
        assertEquals(List.of("z", "a", "m"), List.copyOf(model.resources().keySet()));
        org.junit.jupiter.api.Assertions.assertThrows(UnsupportedOperationException.class,
                () -> model.resources().clear());
        assertTrue(ModelFiles.write(model).indexOf("\"z\"") < ModelFiles.write(model).indexOf("\"a\""));
    }
}
