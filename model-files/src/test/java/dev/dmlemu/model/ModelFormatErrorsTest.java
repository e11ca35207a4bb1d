package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each class of bad input gives one {@link ModelFormatException} with the JSON path, line and column. Positions were
 * counted by hand in {@link #BASE}; each case changes one spot on one line.
 */
class ModelFormatErrorsTest {

    private static final String BASE = String.join("\n",
            "{",
            "\"resources\": {",
            "  \"X\": {\"initialValuesDataType\": \"FLOAT32\", \"initialValues\": [1, 2, 3]},",
            "  \"I\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\": [0, 1, 2, 255]}",
            "},",
            "\"dispatchables\": {",
            "  \"ge\": {\"type\": \"GATHER_ELEMENTS\", \"desc\": {",
            "    \"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 3]},",
            "    \"IndicesTensor\": {\"DataType\": \"UINT8\", \"Sizes\": [1, 1, 3]},",
            "    \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 3]},",
            "    \"Axis\": 1}}",
            "},",
            "\"commands\": [{\"type\": \"dispatch\", \"dispatchable\": \"ge\", \"bindings\": {\"InputTensor\": \"X\"}}]",
            "}");

    private static ModelFormatException failure(String from, String to) {
        assertEquals(BASE.indexOf(from), BASE.lastIndexOf(from), "'" + from + "' must occur once");
        assertTrue(BASE.contains(from), from);
        String json = BASE.replace(from, to);
        return assertThrows(ModelFormatException.class, () -> ModelFiles.parse(json, null, "case.json"));
    }

    private static void fails(String from, String to, String expectedMessage) {
        assertEquals(expectedMessage, failure(from, to).getMessage());
    }

    @Test
    void baseDocumentIsValid() {
        ModelFiles.parse(BASE, null, "base.json");
    }

    @Test
    void exceptionCarriesItsParts() {
        ModelFormatException e = failure("[1, 1, 3]", "[1, 1, -1]");
        assertEquals("dispatchables.ge.desc.IndicesTensor.Sizes[2]: expected an unsigned 32-bit integer, got -1"
                + " (line 9, column 60)", e.getMessage());
        assertEquals("dispatchables.ge.desc.IndicesTensor.Sizes[2]", e.jsonPath());
        assertEquals(9, e.line());
        assertEquals(60, e.column());
        assertEquals("case.json", e.sourceName());
        assertEquals("expected an unsigned 32-bit integer, got -1", e.detail());
        assertEquals("case.json: " + e.getMessage(), e.describe());
        assertTrue(e instanceof RuntimeException);
    }

    @Test
    void valuesOutsideUint32() {
        fails("[1, 1, 3]", "[1, 1, 4294967296]", "dispatchables.ge.desc.IndicesTensor.Sizes[2]: expected an unsigned"
                + " 32-bit integer, got 4294967296 (line 9, column 60)");
        fails("[1, 1, 3]", "[1, 1, 3.0]", "dispatchables.ge.desc.IndicesTensor.Sizes[2]: expected an unsigned"
                + " 32-bit integer, got 3.0 (line 9, column 60)");
        fails("\"Axis\": 1}", "\"Axis\": -1}",
                "dispatchables.ge.desc.Axis: expected an unsigned 32-bit integer, got -1 (line 11, column 13)");
        fails("{\"DataType\": \"UINT8\", \"Sizes\"", "{\"DataType\": \"UINT8\", \"DimensionCount\": 4294967296, \"Sizes\"",
                "dispatchables.ge.desc.IndicesTensor.DimensionCount: expected an unsigned 32-bit integer, got"
                        + " 4294967296 (line 9, column 62)");
        fails("{\"DataType\": \"FLOAT32\", \"Sizes\": [1, 3]},\n    \"IndicesTensor\"",
                "{\"DataType\": \"FLOAT32\", \"GuaranteedBaseOffsetAlignment\": -16, \"Sizes\": [1, 3]},\n"
                        + "    \"IndicesTensor\"",
                "dispatchables.ge.desc.InputTensor.GuaranteedBaseOffsetAlignment: expected an unsigned 32-bit integer,"
                        + " got -16 (line 8, column 77)");
        fails("\"Sizes\": [1, 3]},\n    \"Axis\"", "\"Sizes\": [1, 3], \"Strides\": [3, \"1\"]},\n    \"Axis\"",
                "dispatchables.ge.desc.OutputTensor.Strides[1]: expected an unsigned 32-bit integer, got \"1\""
                        + " (line 10, column 77)");
    }

    @Test
    void valuesOutsideUint64() {
        fails("\"Sizes\": [1, 3]},\n    \"Axis\"",
                "\"Sizes\": [1, 3], \"TotalTensorSizeInBytes\": 18446744073709551616},\n    \"Axis\"",
                "dispatchables.ge.desc.OutputTensor.TotalTensorSizeInBytes: expected an unsigned 64-bit integer, got"
                        + " 18446744073709551616 (line 10, column 88)");
        fails("\"initialValues\": [1, 2, 3]}", "\"initialValues\": [1, 2, 3], \"sizeInBytes\": -1}",
                "resources.X.sizeInBytes: expected an unsigned 64-bit integer, got -1 (line 3, column 88)");
    }

    @Test
    void byteSizeOverflow() {
        ModelFormatException e = failure("\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 3]}",
                "\"InputTensor\": {\"DataType\": \"FLOAT64\", \"Sizes\": [4294967295, 4294967295, 4294967295]}");
        assertEquals("dispatchables.ge.desc.InputTensor", e.jsonPath());
        assertTrue(e.getMessage().startsWith("dispatchables.ge.desc.InputTensor: the tensor's byte size overflows 64"
                + " bits"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(line 8, column 20)"), e.getMessage());
    }

    @Test
    void unknownFieldsNameTheAllowedOnes() {
        fails("\"initialValuesDataType\": \"UINT8\"", "\"initialValuesDataTyp\": \"UINT8\"",
                "resources.I.initialValuesDataTyp: unknown field 'initialValuesDataTyp' (allowed:"
                        + " initialValuesDataType, initialValues, sizeInBytes, initialValuesOffsetInBytes) (line 4, column 9)");
        fails("\"Sizes\": [1, 3]},\n    \"Axis\"", "\"Size\": [1, 3]},\n    \"Axis\"",
                "dispatchables.ge.desc.OutputTensor.Size: unknown field 'Size' (allowed: Type, DataType, Flags,"
                        + " DimensionCount, Sizes, Strides, TotalTensorSizeInBytes, GuaranteedBaseOffsetAlignment)"
                        + " (line 10, column 45)");
        fails("\"InputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 3]}",
                "\"InputTensor\": {\"Type\": \"INVALID\", \"DataType\": \"FLOAT32\"}",
                "dispatchables.ge.desc.InputTensor.DataType: unknown field 'DataType' (allowed: Type)"
                        + " (line 8, column 40)");
        ModelFormatException top = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(
                "{\"resources\": {}, \"dispatchables\": {}, \"commands\": [], \"resourcez\": {}}", null, "t"));
        assertEquals("resourcez: unknown field 'resourcez' (allowed: $schema, resources, dispatchables, commands)"
                + " (line 1, column 56)", top.getMessage());
    }

    @Test
    void wrongTypes() {
        fails("\"Sizes\": [1, 3]},\n    \"Axis\"", "\"Sizes\": \"1, 3\"},\n    \"Axis\"",
                "dispatchables.ge.desc.OutputTensor.Sizes: expected an array, got \"1, 3\" (line 10, column 54)");
        fails("{\"InputTensor\": \"X\"}", "{\"InputTensor\": 5}",
                "commands[0].bindings.InputTensor: expected a binding (an object), got 5 (line 13, column 85)");
        ModelFormatException root = assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse("[1]", null, "t"));
        assertEquals("expected an object, got an array (line 1, column 1)", root.getMessage());
    }

    @Test
    void unknownEnumNamesListTheKnownOnes() {
        fails("\"DataType\": \"UINT8\"", "\"DataType\": \"UINT7\"",
                "dispatchables.ge.desc.IndicesTensor.DataType: unknown TensorDataType 'UINT7' (known: UNKNOWN, FLOAT32,"
                        + " FLOAT16, UINT32, UINT16, UINT8, INT32, INT16, INT8, FLOAT64, UINT64, INT64, UINT4, INT4)"
                        + " (line 9, column 35)");
        fails("\"type\": \"GATHER_ELEMENTS\", \"desc\"",
                "\"type\": \"GATHER_ELEMENTS\", \"executionFlags\": [\"FAST\"], \"desc\"",
                "dispatchables.ge.executionFlags[0]: unknown ExecutionFlag 'FAST' (known: NONE,"
                        + " ALLOW_HALF_PRECISION_COMPUTATION, DISABLE_META_COMMANDS, DESCRIPTORS_VOLATILE)"
                        + " (line 7, column 56)");
    }

    @Test
    void missingRequiredFields() {
        fails(",\n    \"Axis\": 1}}", "}}",
                "dispatchables.ge.desc: missing required field 'Axis' (line 7, column 45)");
        ModelFormatException e = assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse("{\"resources\": {}, \"dispatchables\": {}}", null, "t"));
        assertEquals("missing required field 'commands' (line 1, column 1)", e.getMessage());
    }

    @Test
    void initialValuesMustFitTheirType() {
        fails("[0, 1, 2, 255]", "[0, 1, 2, 300]",
                "resources.I.initialValues[3]: 300 is out of range for UINT8 (0..255) (line 4, column 70)");
        fails("[0, 1, 2, 255]", "[0, 1, 2, 2.5]",
                "resources.I.initialValues[3]: 2.5 is not an integer, as UINT8 needs (line 4, column 70)");
        fails("[0, 1, 2, 255]", "[0, 1, 2, \"nan\"]", "resources.I.initialValues[3]: \"nan\" is only allowed for"
                + " FLOAT16, FLOAT32 and FLOAT64, not UINT8 (line 4, column 70)");
        fails("[0, 1, 2, 255]", "[0, 1, 2, -1]",
                "resources.I.initialValues[3]: -1 is out of range for UINT8 (0..255) (line 4, column 70)");
        fails("[1, 2, 3]", "[1, 2, 1e39]", "resources.X.initialValues[2]: 1e39 is out of range for FLOAT32 (it"
                + " rounds to infinity; the largest finite FLOAT32 is 3.4028235E38) (line 3, column 69)");
        fails("[1, 2, 3]", "[1, 2, \"abc\"]", "resources.X.initialValues[2]: expected a number or \"nan\", \"inf\","
                + " \"-inf\", got \"abc\" (line 3, column 69)");
        fails("\"initialValues\": [1, 2, 3]}", "\"initialValues\": [1, 2, 3], \"sizeInBytes\": 8}",
                "resources.X.sizeInBytes: sizeInBytes 8 is smaller than the initial data (12 bytes)"
                        + " (line 3, column 88)");
    }

    @Test
    void initializerObjectsAreCheckedPerForm() {
        ModelFormatException seq = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(
                "{\"resources\": {\"S\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\":\n"
                        + "{\"valueCount\": 300, \"valueStart\": 0, \"valueDelta\": 1}}}, \"dispatchables\": {},"
                        + " \"commands\": []}", null, "t"));
        assertEquals("resources.S.initialValues: element 299 of the sequence: 299 is out of range for UINT8 (0..255)"
                + " (line 2, column 1)", seq.getMessage());
        ModelFormatException mixed = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(
                "{\"resources\": {\"S\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\":\n"
                        + "{\"valueCount\": 3, \"value\": 0, \"valueDelta\": 1}}}, \"dispatchables\": {},"
                        + " \"commands\": []}", null, "t"));
        assertEquals("resources.S.initialValues.valueDelta: unknown field 'valueDelta' (allowed: valueCount, value)"
                + " (line 2, column 31)", mixed.getMessage());
        ModelFormatException list = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(
                "{\"resources\": {\"S\": {\"initialValuesDataType\": \"UNKNOWN\", \"initialValues\": []}},"
                        + " \"dispatchables\": {}, \"commands\": []}", null, "t"));
        assertEquals("resources.S.initialValues: initialValues must be non-empty (line 1, column 75)",
                list.getMessage());
        ModelFormatException png = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(
                "{\"resources\": {\"S\": {\"initialValuesDataType\": \"UINT8\", \"initialValues\":"
                        + " {\"sourcePath\": \"a.png\"}}}, \"dispatchables\": {}, \"commands\": []}", null, "t"));
        assertEquals("resources.S.initialValues.sourcePath: 'a.png' is an image: images are not supported (.npy"
                + " (typed), .dat or .bin (raw bytes of initialValuesDataType)) (line 1, column 88)", png.getMessage());
    }

    @Test
    void onlyDirectMlOperators() {
        fails("\"type\": \"GATHER_ELEMENTS\"", "\"type\": \"GEMM3\"",
                "dispatchables.ge.type: unknown operator type 'GEMM3': not a DML_OPERATOR_* of DirectML.h ('dmlemu"
                        + " schema' lists them) (line 7, column 18)");
        fails("\"type\": \"GATHER_ELEMENTS\"", "\"type\": \"DML_OPERATOR_CAST\"",
                "dispatchables.ge.desc.IndicesTensor: unknown field 'IndicesTensor' (allowed: InputTensor,"
                        + " OutputTensor) (line 9, column 5)");
        fails("\"type\": \"GATHER_ELEMENTS\"", "\"type\": \"hlsl\"",
                "dispatchables.ge.type: 'hlsl' dispatchables are not supported: only DirectML operators are"
                        + " (DML_OPERATOR_GEMM, ...; 'dmlemu schema' lists them) (line 7, column 18)");
    }

    @Test
    void commandsAndBindings() {
        fails("{\"InputTensor\": \"X\"}", "{\"InputTensor\": {\"name\": \"X\", \"format\": \"R32_FLOAT\"}}",
                "commands[0].bindings.InputTensor.format: binding field 'format' is for HLSL or onnx dispatchables,"
                        + " not DirectML operators (allowed: name, elementOffset, elementSizeInBytes, elementCount)"
                        + " (line 13, column 99)");
        fails("{\"InputTensor\": \"X\"}", "{\"InputTensor\": [\"X\", \"X\"]}",
                "commands[0].bindings.InputTensor: bind point 'InputTensor' requires 1 resource, but 2 were bound"
                        + " (line 13, column 85)");
        fails("{\"InputTensor\": \"X\"}", "{\"InputTensor\": []}",
                "commands[0].bindings.InputTensor: bind point 'InputTensor' requires 1 resource, but 0 were bound"
                        + " (line 13, column 85)");
        fails("\"dispatchable\": \"ge\"", "\"dispatchable\": \"ge\", \"threadGroupCount\": [1, 1]",
                "commands[0].threadGroupCount: threadGroupCount must hold 3 unsigned integers (X, Y, Z), not 2"
                        + " (line 13, column 77)");
        fails("{\"InputTensor\": \"X\"}", "{\"InputTensor\": \"Z\"}",
                "commands[0].bindings.InputTensor: unknown resource 'Z' (defined: X, I) (line 13, column 85)");
        fails("{\"InputTensor\": \"X\"}", "{\"Input\": \"X\"}",
                "commands[0].bindings.Input: GATHER_ELEMENTS has no tensor field 'Input' (fields: InputTensor,"
                        + " IndicesTensor, OutputTensor) (line 13, column 70)");
        fails("\"dispatchable\": \"ge\"", "\"dispatchable\": \"gx\"",
                "commands[0].dispatchable: unknown dispatchable 'gx' (defined: ge) (line 13, column 51)");
        fails("\"type\": \"dispatch\"", "\"type\": \"run\"",
                "commands[0].type: unknown command type 'run' (known: dispatch, print, writeFile) (line 13, column 23)");
    }

    @Test
    void malformedJsonHasJacksonsPositionButNoJacksonText() {
        ModelFormatException e = failure("\"Axis\": 1}}", "\"Axis\" 1}}");
        assertEquals("", e.jsonPath());
        assertEquals(11, e.line());
        assertEquals(12, e.column());
        assertTrue(e.getMessage().startsWith("malformed JSON: Unexpected character ('1'"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(line 11, column 12)"), e.getMessage());
        assertNoParserInternals(e);

        ModelFormatException dup = failure("\"Axis\": 1}}", "\"Axis\": 1, \"Axis\": 2}}");
        assertTrue(dup.getMessage().startsWith("malformed JSON: Duplicate field 'Axis'"), dup.getMessage());
        assertNoParserInternals(dup);

        ModelFormatException truncated = assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse(BASE.substring(0, BASE.length() - 1), null, "t"));
        assertEquals("malformed JSON: Unexpected end-of-input: expected close marker for Object (start marker at"
                + " line 1, column 1) (line 14, column 1)", truncated.getMessage());
        assertNoParserInternals(truncated);

        ModelFormatException trailing = assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse(BASE + " {}", null, "t"));
        assertEquals("unexpected content after the end of the document (line 14, column 3)", trailing.getMessage());

        ModelFormatException empty = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(" ", null, "t"));
        assertEquals("the document is empty (line 1, column 1)", empty.getMessage());

        // Jackson's hints name switches of its own parser; the message says what standard JSON allows instead.
        ModelFormatException nan = failure("\"Axis\": 1}}", "\"Axis\": NaN}}");
        assertEquals("malformed JSON: Non-standard token 'NaN': not standard JSON (line 11, column 16)",
                nan.getMessage());
        assertNoParserInternals(nan);
        // DxDispatch's comments (// and /* */) are read; a '#' comment is no JSON at all.
        ModelFormatException comment = failure("\"Axis\": 1}}", "\"Axis\": 1 # two\n}}");
        assertEquals("malformed JSON: Unexpected character ('#' (code 35)): was expecting comma to separate Object"
                + " entries (line 11, column 15)", comment.getMessage());
        assertNoParserInternals(comment);
    }

    private static void assertNoParserInternals(ModelFormatException e) {
        assertFalse(e.getMessage().contains("Source"), e.getMessage());
        assertFalse(e.getMessage().contains("fasterxml"), e.getMessage());
        assertFalse(e.getMessage().contains("JsonReadFeature"), e.getMessage());
        assertFalse(e.getMessage().contains("Feature '"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(null, e.getCause());
    }

    @Test
    void unreadableFiles(@TempDir Path dir) throws Exception {
        ModelFormatException missing = assertThrows(ModelFormatException.class,
                () -> ModelFiles.read(dir.resolve("nope.json")));
        assertTrue(missing.getMessage().startsWith("cannot read the model file"), missing.getMessage());
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, new byte[] {'{', '"', (byte) 0xE9, '"', ':', '1', '}'});
        assertEquals("the model file is not UTF-8 text (byte 2 is not part of a UTF-8 character) (line 1, column 3)",
                assertThrows(ModelFormatException.class, () -> ModelFiles.read(latin1)).getMessage());
        // Line 2 starts at byte 2; '"', 'é' (two bytes), '"', ':' and ' ' come before the bad byte: column 6.
        Path second = dir.resolve("second-line.json");
        Files.write(second, new byte[] {'{', '\n', '"', (byte) 0xC3, (byte) 0xA9, '"', ':', ' ', (byte) 0xFF, '}'});
        assertEquals("the model file is not UTF-8 text (byte 8 is not part of a UTF-8 character) (line 2, column 6)",
                assertThrows(ModelFormatException.class, () -> ModelFiles.read(second)).getMessage());
    }

    @Test
    void columnsCountCharactersNotBytes() {
        // Five two-byte characters before the value: it starts at character 25 (byte 30).
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(
                "{\"resources\": {\"\u00e9\u00e9\u00e9\u00e9\u00e9\": 1}, \"dispatchables\": {}, \"commands\": []}",
                null, "m.json"));
        assertEquals(25, e.column(), e.getMessage());
    }
}
