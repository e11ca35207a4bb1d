package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.NpyFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each DxDispatch feature of README's compatibility table, applied to the DirectML docs' GatherElements example
 * (input {@code [[1, 2, 3], [4, 5, 6], [7, 8, 9]]}, indices {@code [[1, 2, 0], [2, 0, 0]]} along the rows): written as
 * DxDispatch's guide and parser take it, the model still gives the documented output {@code 4, 8, 3, 7, 2, 3}.
 */
class DxDispatchCompatibilityTest {

    /** The docs' output: rows 1, 2, 0 of column 0..2, then rows 2, 0, 0. */
    static final String DOCS_OUTPUT = "Resource 'Y': 4, 8, 3, 7, 2, 3\n";

    @TempDir
    Path dir;

    /** The docs example with the three resources, the dispatchable and the commands given as JSON text. */
    static String docsModel(String x, String i, String y, String dispatchable, String commands) {
        return """
                {
                  "resources": { "X": %s, "I": %s, "Y": %s },
                  "dispatchables": { "ge": %s },
                  "commands": [ %s ]
                }
                """.formatted(x, i, y, dispatchable, commands);
    }

    static final String X = "{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4, 5, 6, 7, 8, 9] }";
    static final String I = "{ \"initialValuesDataType\": \"UINT32\", \"initialValues\": [1, 2, 0, 2, 0, 0] }";
    static final String Y = "{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": { \"valueCount\": 6, \"value\": 0 } }";
    static final String DESC_FIELDS = """
            "InputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 3, 3] },
            "IndicesTensor": { "DataType": "UINT32", "Sizes": [1, 1, 2, 3] },
            "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 2, 3] },
            "Axis": 2""";
    static final String GE = "{ \"type\": \"GATHER_ELEMENTS\", \"desc\": { " + DESC_FIELDS + " } }";
    static final String DISPATCH = "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": { \"InputTensor\":"
            + " \"X\", \"IndicesTensor\": \"I\", \"OutputTensor\": \"Y\" } }";
    static final String PRINT = "{ \"type\": \"print\", \"resource\": \"Y\" }";

    private Cli.Result run(String model, String... options) {
        Path file = Cli.write(dir, "model.json", model);
        String[] args = new String[options.length + 4];
        args[0] = "run";
        args[1] = file.toString();
        args[2] = "--backend";
        args[3] = "emulator";
        System.arraycopy(options, 0, args, 4, options.length);
        return Cli.run(args);
    }

    private void runsTheDocsExample(String model) {
        Cli.Result result = run(model);
        assertEquals(0, result.code(), result.err());
        assertEquals(DOCS_OUTPUT, result.out());
    }

    private Path writeBytes(String name, ByteBuffer bytes) throws IOException {
        byte[] array = new byte[bytes.remaining()];
        bytes.duplicate().get(array);
        return Files.write(dir.resolve(name), array);
    }

    private static ByteBuffer floats(float... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            buffer.putFloat(value);
        }
        return buffer.flip();
    }

    private static ByteBuffer uints(int... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int value : values) {
            buffer.putInt(value);
        }
        return buffer.flip();
    }

    @Test
    void commentsAndTrailingCommas() {
        runsTheDocsExample("""
                // The DirectML docs' GatherElements example.
                {
                  "resources": {
                    "X": { "initialValuesDataType": "FLOAT32", "initialValues": [1, 2, 3, 4, 5, 6, 7, 8, 9,] },
                    "I": { "initialValuesDataType": "UINT32", "initialValues": [1, 2, 0, 2, 0, 0] }, /* rows */
                    "Y": { "initialValuesDataType": "FLOAT32", "initialValues": { "valueCount": 6, "value": 0, }, },
                  },
                  "dispatchables": { "ge": %s, },
                  "commands": [ %s, %s, ],
                }
                """.formatted(GE, DISPATCH, PRINT));
    }

    @Test
    void npyWithoutInitialValuesDataTypeTakesTheFilesType() throws IOException {
        NpyFile.write(dir.resolve("x.npy"), TensorDataType.FLOAT32, List.of(9L), floats(1, 2, 3, 4, 5, 6, 7, 8, 9));
        NpyFile.write(dir.resolve("i.npy"), TensorDataType.UINT32, List.of(6L), uints(1, 2, 0, 2, 0, 0));
        runsTheDocsExample(docsModel("{ \"initialValues\": { \"sourcePath\": \"x.npy\" } }",
                "{ \"initialValues\": { \"sourcePath\": \"i.npy\" } }", Y, GE, DISPATCH + ", " + PRINT));
        // A type that is given must match the file's, as in DxDispatch.
        run(docsModel("{ \"initialValuesDataType\": \"FLOAT16\", \"initialValues\": { \"sourcePath\": \"x.npy\" } }",
                I, Y, GE, DISPATCH)).assertUnusable("resources.X.initialValues.sourcePath: x.npy holds dtype '<f4'"
                        + " (FLOAT32) but initialValuesDataType is FLOAT16 (line 2");
    }

    @Test
    void rawDatAndBinInputsNeedTheirType() throws IOException {
        writeBytes("x.bin", floats(1, 2, 3, 4, 5, 6, 7, 8, 9));
        writeBytes("i.dat", uints(1, 2, 0, 2, 0, 0));
        runsTheDocsExample(docsModel(
                "{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": { \"sourcePath\": \"x.bin\" } }",
                "{ \"initialValuesDataType\": \"UINT32\", \"initialValues\": { \"sourcePath\": \"i.dat\" } }", Y, GE,
                DISPATCH + ", " + PRINT));
        run(docsModel("{ \"initialValues\": { \"sourcePath\": \"x.bin\" } }", I, Y, GE, DISPATCH)).assertUnusable(
                "resources.X: missing required field 'initialValuesDataType': a raw file ('x.bin') has no type of its"
                        + " own (line 2");
        // 9 floats are 36 bytes: not whole FLOAT64 elements.
        run(docsModel("{ \"initialValuesDataType\": \"FLOAT64\", \"initialValues\": { \"sourcePath\": \"x.bin\" } }",
                I, Y, GE, DISPATCH)).assertUnusable("'x.bin' has 36 bytes, not a whole number of FLOAT64 elements"
                        + " (8 bytes each)", "(line 2");
    }

    @Test
    void writeFileToRawFilesAndWithDimensions() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out"));
        Cli.Result result = run(docsModel(X, I, Y, GE, DISPATCH
                + ", { \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.dat\" }"
                + ", { \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.bin\" }"
                + ", { \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\": \"y.npy\", \"dimensions\": [2, 3] }"),
                "--output-dir", out.toString());
        assertEquals(0, result.code(), result.err());
        ByteBuffer expected = floats(4, 8, 3, 7, 2, 3);
        byte[] expectedBytes = new byte[24];
        expected.get(expectedBytes);
        assertArrayEquals(expectedBytes, Files.readAllBytes(out.resolve("y.dat")));
        assertArrayEquals(expectedBytes, Files.readAllBytes(out.resolve("y.bin")));
        NpyFile.Array array = NpyFile.read(out.resolve("y.npy"));
        assertEquals(List.of(2L, 3L), array.shape());
        assertEquals(floats(4, 8, 3, 7, 2, 3), array.data().order(ByteOrder.LITTLE_ENDIAN));
        // More elements than the 6 of Y's buffer: refused before anything runs.
        run(docsModel(X, I, Y, GE, DISPATCH + ", { \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\":"
                + " \"big.npy\", \"dimensions\": [4294967295, 4294967295, 4294967295] }"), "--output-dir",
                out.toString()).assertUnusable("commands[1].dimensions: dimensions [4294967295, 4294967295,"
                        + " 4294967295] hold more than 2^63 elements, but resource 'Y' holds 6 FLOAT32 elements");
        assertTrue(Files.notExists(out.resolve("big.npy")));
        run(docsModel(X, I, Y, GE, DISPATCH + ", { \"type\": \"writeFile\", \"resource\": \"Y\", \"targetPath\":"
                + " \"y.png\" }")).assertUnusable("'y.png' is an image: images are not supported");
    }

    @Test
    void initialValuesOffsetInBytesPlacesTheDataAndABindingOffsetFindsIt() {
        // X's 9 floats start at byte 12 of a 48-byte buffer: element 3 on. Bound from element 3, it is the docs' input.
        String x = "{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4, 5, 6, 7, 8, 9],"
                + " \"sizeInBytes\": 48, \"initialValuesOffsetInBytes\": 12 }";
        String dispatch = "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": { \"InputTensor\":"
                + " { \"name\": \"X\", \"elementOffset\": 3 }, \"IndicesTensor\": \"I\", \"OutputTensor\": \"Y\" } }";
        runsTheDocsExample(docsModel(x, I, Y, GE, dispatch + ", " + PRINT));
        // DxDispatch prints the initializer's element count from the buffer's start: 3 zeros, then 1 to 6.
        Cli.Result printed = run(docsModel(x, I, Y, GE, "{ \"type\": \"print\", \"resource\": \"X\" }"));
        assertEquals("Resource 'X': 0, 0, 0, 1, 2, 3, 4, 5, 6\n", printed.out());
    }

    @Test
    void offsetsPastTheBufferAreRefusedWithTheirPlace() {
        // 36 bytes of data at offset 16 need 52; sizeInBytes is 48.
        run(docsModel("{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4, 5, 6, 7, 8, 9],"
                + " \"sizeInBytes\": 48, \"initialValuesOffsetInBytes\": 16 }", I, Y, GE, DISPATCH)).assertUnusable(
                "resources.X.initialValuesOffsetInBytes: the buffer size (48 bytes) is too small for the initial"
                        + " values (36 bytes) at initialValuesOffsetInBytes 16 (line 2, column");
        // Without sizeInBytes the buffer is the data rounded up to 4: no room for an offset.
        run(docsModel("{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4, 5, 6, 7, 8, 9],"
                + " \"initialValuesOffsetInBytes\": 4 }", I, Y, GE, DISPATCH)).assertUnusable(
                "at initialValuesOffsetInBytes 4; give sizeInBytes");
        // The largest UINT64 does not wrap around.
        run(docsModel("{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4, 5, 6, 7, 8, 9],"
                + " \"sizeInBytes\": 48, \"initialValuesOffsetInBytes\": 18446744073709551615 }", I, Y, GE, DISPATCH))
                .assertUnusable("at initialValuesOffsetInBytes 18446744073709551615 (line 2");
        run(docsModel("{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3, 4, 5, 6, 7, 8, 9],"
                + " \"sizeInBytes\": 48, \"initialValuesOffsetInBytes\": -4 }", I, Y, GE, DISPATCH)).assertUnusable(
                "resources.X.initialValuesOffsetInBytes: expected an unsigned 64-bit integer, got -4 (line 2");
        // A binding's elementOffset x elementSizeInBytes past the buffer, and one that would overflow 64 bits.
        run(docsModel(X, I, Y, GE, "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": {"
                + " \"InputTensor\": { \"name\": \"X\", \"elementOffset\": 4611686018427387904, \"elementSizeInBytes\":"
                + " 8 }, \"IndicesTensor\": \"I\", \"OutputTensor\": \"Y\" } }")).assertUnusable(
                "commands[0].bindings.InputTensor: elementOffset 4611686018427387904 x elementSizeInBytes 8 is past"
                        + " the end of resource 'X' (36 bytes) (line ");
    }

    @Test
    void offsetsApplyToFileDataToo() throws IOException {
        writeBytes("x.dat", floats(1, 2, 3, 4, 5, 6, 7, 8, 9));
        NpyFile.write(dir.resolve("x.npy"), TensorDataType.FLOAT32, List.of(9L), floats(1, 2, 3, 4, 5, 6, 7, 8, 9));
        String dispatch = "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": { \"InputTensor\":"
                + " { \"name\": \"X\", \"elementOffset\": 1 }, \"IndicesTensor\": \"I\", \"OutputTensor\": \"Y\" } }";
        for (String file : List.of("x.dat", "x.npy")) {
            runsTheDocsExample(docsModel("{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": { \"sourcePath\":"
                    + " \"" + file + "\" }, \"sizeInBytes\": 40, \"initialValuesOffsetInBytes\": 4 }", I, Y, GE,
                    dispatch + ", " + PRINT));
            // The file's 36 bytes at offset 8 need 44 of the 40.
            run(docsModel("{ \"initialValuesDataType\": \"FLOAT32\", \"initialValues\": { \"sourcePath\": \"" + file
                    + "\" }, \"sizeInBytes\": 40, \"initialValuesOffsetInBytes\": 8 }", I, Y, GE, dispatch))
                    .assertUnusable("model.json: resources.X.initialValuesOffsetInBytes: the buffer size (40 bytes) is"
                            + " too small for the initial values (36 bytes) at initialValuesOffsetInBytes 8 (line 2,");
        }
    }

    @Test
    void bindingArraysOfOneAndBindingObjectsWithElementCount() {
        runsTheDocsExample(docsModel(X, I, Y, GE, "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": {"
                + " \"InputTensor\": [\"X\"], \"IndicesTensor\": [{ \"name\": \"I\", \"elementCount\": 6 }],"
                + " \"OutputTensor\": { \"name\": \"Y\", \"elementCount\": 6, \"elementOffset\": 0 } } }, " + PRINT));
        run(docsModel(X, I, Y, GE, "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": {"
                + " \"InputTensor\": [\"X\", \"X\"], \"IndicesTensor\": \"I\", \"OutputTensor\": \"Y\" } }"))
                .assertUnusable("commands[0].bindings.InputTensor: bind point 'InputTensor' requires 1 resource, but"
                        + " 2 were bound (line ");
        run(docsModel(X, I, Y, GE, "{ \"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": {"
                + " \"InputTensor\": { \"name\": \"X\", \"elementStride\": 4 }, \"IndicesTensor\": \"I\","
                + " \"OutputTensor\": \"Y\" } }")).assertUnusable("binding field 'elementStride' is for HLSL or onnx"
                        + " dispatchables, not DirectML operators");
    }

    @Test
    void descFieldsWrittenInTheDispatchableItself() {
        runsTheDocsExample(docsModel(X, I, Y, "{ \"type\": \"DML_OPERATOR_GATHER_ELEMENTS\", " + DESC_FIELDS + " }",
                DISPATCH + ", " + PRINT));
        run(docsModel(X, I, Y, "{ \"type\": \"GATHER_ELEMENTS\", " + DESC_FIELDS + ", \"Axes\": 1 }", DISPATCH))
                .assertUnusable("dispatchables.ge.Axes: unknown field 'Axes' (allowed: type, Type, desc, Desc,"
                        + " executionFlags, dmlCompileType, bindings, InputTensor, IndicesTensor, OutputTensor, Axis)");
    }

    @Test
    void dispatchableBindingsFeedOwnedByDmlInputsOnceAtInitialization() {
        String owned = """
                { "type": "GATHER_ELEMENTS", "bindings": { "IndicesTensor": "I" }, "desc": {
                  "InputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 3, 3] },
                  "IndicesTensor": { "DataType": "UINT32", "Flags": "OWNED_BY_DML", "Sizes": [1, 1, 2, 3] },
                  "OutputTensor": { "DataType": "FLOAT32", "Sizes": [1, 1, 2, 3] },
                  "Axis": 2 } }""";
        // "zero" gathers row 0 of Z = 0s into I before ge runs. ge took I's initial values when it was initialized
        // (before any command), so it still gives the docs' output; I itself now holds zeros.
        String model = """
                {
                  "resources": { "X": %s, "I": %s, "Y": %s,
                    "Z": { "initialValuesDataType": "UINT32", "initialValues": { "valueCount": 6, "value": 0 } } },
                  "dispatchables": { "ge": %s,
                    "zero": { "type": "GATHER_ELEMENTS", "desc": {
                      "InputTensor": { "DataType": "UINT32", "Sizes": [1, 1, 2, 3] },
                      "IndicesTensor": { "DataType": "UINT32", "Sizes": [1, 1, 2, 3] },
                      "OutputTensor": { "DataType": "UINT32", "Sizes": [1, 1, 2, 3] },
                      "Axis": 2 } } },
                  "commands": [
                    { "type": "dispatch", "dispatchable": "zero",
                      "bindings": { "InputTensor": "Z", "IndicesTensor": "Z", "OutputTensor": "I" } },
                    { "type": "dispatch", "dispatchable": "ge", "bindings": { "InputTensor": "X", "OutputTensor": "Y" } },
                    { "type": "print", "resource": "I" },
                    { "type": "print", "resource": "Y" }
                  ]
                }
                """.formatted(X, I, Y, owned);
        Cli.Result result = run(model);
        assertEquals(0, result.code(), result.err());
        assertEquals("Resource 'I': 0, 0, 0, 0, 0, 0\n" + DOCS_OUTPUT, result.out());

        run(docsModel(X, I, Y, "{ \"type\": \"GATHER_ELEMENTS\", \"bindings\": { \"IndicesTensor\": \"I\" },"
                + " \"desc\": { " + DESC_FIELDS + " } }", DISPATCH)).assertUnusable("dispatchables.ge.bindings."
                        + "IndicesTensor: IndicesTensor is not flagged OWNED_BY_DML: DirectML binds a tensor when the"
                        + " operator is initialized only when it is; bind this one in the dispatch command (line ");
        run(docsModel(X, I, Y, owned, DISPATCH)).assertUnusable("commands[0].bindings.IndicesTensor: IndicesTensor"
                + " is flagged OWNED_BY_DML and bound by the dispatchable when it is initialized; DirectML refuses it"
                + " bound again at execution (line ");
        run(docsModel(X, I, Y, owned.replace("\"bindings\": { \"IndicesTensor\": \"I\" }, ", ""), DISPATCH))
                .assertUnusable("dispatchables.ge: IndicesTensor is flagged OWNED_BY_DML, so DirectML takes its data"
                        + " when the operator is initialized: bind it in the dispatchable's own \"bindings\", not in the"
                        + " dispatch (line ");
    }

    @Test
    void dmlCompileGraphAndExecutionFlagsAreAccepted() {
        runsTheDocsExample(docsModel(X, I, Y, "{ \"type\": \"GATHER_ELEMENTS\", \"dmlCompileType\": \"DmlCompileGraph\","
                + " \"executionFlags\": [\"DML_EXECUTION_FLAG_DISABLE_META_COMMANDS\", \"DESCRIPTORS_VOLATILE\","
                + " \"ALLOW_HALF_PRECISION_COMPUTATION\"], \"desc\": { " + DESC_FIELDS + " } }", DISPATCH + ", "
                + PRINT));
        run(docsModel(X, I, Y, "{ \"type\": \"GATHER_ELEMENTS\", \"dmlCompileType\": \"DmlCompileFast\", \"desc\": { "
                + DESC_FIELDS + " } }", DISPATCH)).assertUnusable("dispatchables.ge.dmlCompileType: 'DmlCompileFast'"
                        + " is not a dmlCompileType (DmlCompileOp, DmlCompileGraph)");
    }

    @Test
    void commandTypesInAnyCaseAndThreadGroupCountIgnored() {
        runsTheDocsExample(docsModel(X, I, Y, GE, "{ \"type\": \"Dispatch\", \"dispatchable\": \"ge\","
                + " \"threadGroupCount\": [2, 1, 1], \"bindings\": { \"InputTensor\": \"X\", \"IndicesTensor\": \"I\","
                + " \"OutputTensor\": \"Y\" } }, { \"type\": \"PRINT\", \"resource\": \"Y\" }"));
    }

    @Test
    void listInitializerEntriesAreBoundAsBytes() throws IOException {
        // Six UINT32 entries are the 24 bytes of the indices; "name" is a comment.
        String list = """
                { "initialValuesDataType": "UNKNOWN", "initialValues": [
                  { "name": "row0col0", "type": "UINT32", "value": 1 }, { "type": "UINT32", "value": 2 },
                  { "type": "UINT32", "value": 0 }, { "type": "UINT32", "value": 2 },
                  { "type": "UINT32", "value": 0 }, { "type": "UINT32", "value": 0 } ] }""";
        runsTheDocsExample(docsModel(X, list, Y, GE, DISPATCH + ", " + PRINT));
        // Entries are packed: a UINT8, a FLOAT32 and an INT16 take 1 + 4 + 2 bytes (the buffer is padded to 8).
        Path out = Files.createDirectories(dir.resolve("out"));
        String mixed = "{ \"initialValues\": [ { \"type\": \"UINT8\", \"value\": 255 }, { \"type\": \"FLOAT32\","
                + " \"value\": 7 }, { \"type\": \"INT16\", \"value\": -2 } ] }";
        Cli.Result written = run(docsModel(X, I, Y, GE, "{ \"type\": \"writeFile\", \"resource\":"
                + " \"L\", \"targetPath\": \"l.dat\" }").replace("\"Y\": " + Y, "\"Y\": " + Y + ", \"L\": " + mixed),
                "--output-dir", out.toString());
        assertEquals(0, written.code(), written.err());
        // 0xFF; 7.0f = 0x40E00000 little-endian; -2 = 0xFFFE little-endian; one zero byte of padding.
        assertArrayEquals(new byte[] {(byte) 0xFF, 0, 0, (byte) 0xE0, 0x40, (byte) 0xFE, (byte) 0xFF, 0},
                Files.readAllBytes(out.resolve("l.dat")));
        run(docsModel(X, list, Y, GE, "{ \"type\": \"print\", \"resource\": \"I\" }")).assertUnusable(
                "commands[0].resource: resource 'I' has no element type (a list initializer, UNKNOWN) for print;"
                        + " write its bytes to a .dat or .bin file instead");
        run(docsModel(X, "{ \"initialValuesDataType\": \"UNKNOWN\", \"initialValues\": [ { \"type\": \"FLOAT16\","
                + " \"value\": 1 } ] }", Y, GE, DISPATCH)).assertUnusable("resources.I.initialValues[0].type: FLOAT16"
                        + " is not a list initializer type (DxDispatch's are FLOAT32, FLOAT64, INT16, INT32, INT64,"
                        + " INT8, UINT16, UINT32, UINT64, UINT8)");
        run(docsModel(X, "{ \"initialValuesDataType\": \"UNKNOWN\", \"initialValues\": [ { \"type\": \"UINT8\","
                + " \"value\": 256 } ] }", Y, GE, DISPATCH)).assertUnusable("resources.I.initialValues[0].value: 256"
                        + " is out of range for UINT8");
    }

    @Test
    void verbosePrintShowsUpperCaseHexPaddedAsDxDispatchPadsIt() {
        Cli.Result result = run(docsModel(X, I, Y, GE, DISPATCH + ", { \"type\": \"print\", \"resource\": \"Y\","
                + " \"verbose\": true }, { \"type\": \"print\", \"resource\": \"I\", \"verbose\": true }"));
        assertEquals(0, result.code(), result.err());
        // IEEE 754 binary32: 4 = 0x40800000, 8 = 0x41000000, 3 = 0x40400000, 7 = 0x40E00000, 2 = 0x40000000. UINT32s
        // are padded with spaces to 8 digits, as fmt's "{:8X}" pads them.
        assertEquals("""
                Resource 'Y':
                [0] 4 (0x40800000)
                [1] 8 (0x41000000)
                [2] 3 (0x40400000)
                [3] 7 (0x40E00000)
                [4] 2 (0x40000000)
                [5] 3 (0x40400000)
                Resource 'I':
                [0] 1 (0x       1)
                [1] 2 (0x       2)
                [2] 0 (0x       0)
                [3] 2 (0x       2)
                [4] 0 (0x       0)
                [5] 0 (0x       0)
                """, result.out());
    }

    /**
     * FLOAT16 numbers convert as DxDispatch converts them (docs/directml-behaviour.md §9.1): the nearest double, the
     * nearest float, then truncated toward zero. By hand: 0.3 is 0x34CC (0.2998046875; to nearest 0x34CD); 2051 is
     * 2050 (0x6801; to nearest the tie's even 2052); 65520 is 65504 (0x7BFF; to nearest infinity); 1e-7 is one unit
     * of 2^-24 (0x0001; to nearest 2); 0.00001 is 167.77 units, so 167 (0x00A7, 9.95398e-06); -0.0 is 0x8000, and
     * -0, RapidJSON's integer 0, is +0. The gather picks X[3], X[7], X[2], X[6], X[1], X[2].
     */
    @Test
    void float16NumbersConvertAsDxDispatchConvertsThem() {
        String x = "{ \"initialValuesDataType\": \"FLOAT16\", \"initialValues\": [0.3, 2051, 65520, -0.0, 1e-7,"
                + " 0.00001, 7, 8, -0] }";
        String y = "{ \"initialValuesDataType\": \"FLOAT16\", \"initialValues\": { \"valueCount\": 6, \"value\": 0 } }";
        String ge = GE.replace("FLOAT32", "FLOAT16");
        Cli.Result result = run(docsModel(x, I, y, ge, DISPATCH + ", { \"type\": \"print\", \"resource\": \"X\","
                + " \"verbose\": true }, { \"type\": \"print\", \"resource\": \"Y\", \"verbose\": true }"));
        assertEquals(0, result.code(), result.err());
        assertEquals("""
                Resource 'X':
                [0] 0.299805 (0x34CC)
                [1] 2050 (0x6801)
                [2] 65504 (0x7BFF)
                [3] -0 (0x8000)
                [4] 5.96046e-08 (0x   1)
                [5] 9.95398e-06 (0x  A7)
                [6] 7 (0x4700)
                [7] 8 (0x4800)
                [8] 0 (0x   0)
                Resource 'Y':
                [0] -0 (0x8000)
                [1] 8 (0x4800)
                [2] 65504 (0x7BFF)
                [3] 7 (0x4700)
                [4] 2050 (0x6801)
                [5] 65504 (0x7BFF)
                """, result.out());
    }

    @Test
    void verbosePrintPadsTheIndexToTheDigitsOfTheCount() {
        Cli.Result result = run(Cli.identityModel("UINT8", "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255]", 11)
                .replace("{ \"type\": \"print\", \"resource\": \"Y\" }",
                        "{ \"type\": \"print\", \"resource\": \"Y\", \"verbose\": true }"));
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals("[ 0] 0 (0x 0)", lines.get(1));
        assertEquals("[10] 255 (0xFF)", lines.get(11));
    }
}
