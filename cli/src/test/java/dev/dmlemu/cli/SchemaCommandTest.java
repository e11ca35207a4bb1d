package dev.dmlemu.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@code dmlemu schema}. Expected layouts are the header's (docs/directml-behaviour.md §3.1, §3.3), worked out by
 * hand for CONVOLUTION; availability and fusion are the DirectML docs'.
 */
class SchemaCommandTest {

    private static final Set<String> EMULATED = Set.of("GATHER_ELEMENTS", "GATHER", "GATHER_ND", "GATHER_ND1",
            "SCATTER_ELEMENTS", "SCATTER_ND", "SLICE", "SLICE1", "JOIN", "SPLIT", "FILL_VALUE_CONSTANT",
            "FILL_VALUE_SEQUENCE", "CUMULATIVE_SUMMATION", "CUMULATIVE_PRODUCT", "PADDING", "PADDING1", "TILE",
            "SPACE_TO_DEPTH", "SPACE_TO_DEPTH1", "DEPTH_TO_SPACE", "DEPTH_TO_SPACE1", "SLICE_GRAD", "TOP_K", "TOP_K1",
            "ARGMIN", "ARGMAX", "REDUCE", "ACTIVATION_HARDMAX", "ACTIVATION_HARDMAX1",
            "ONE_HOT", "DIAGONAL_MATRIX", "DIAGONAL_MATRIX1", "NONZERO_COORDINATES", "REVERSE_SUBSEQUENCES",
            "MAX_UNPOOLING",
            "ELEMENT_WISE_IDENTITY", "ELEMENT_WISE_ABS", "ELEMENT_WISE_NEGATE", "ELEMENT_WISE_ADD", "ELEMENT_WISE_ADD1",
            "ELEMENT_WISE_SUBTRACT", "ELEMENT_WISE_MULTIPLY", "ELEMENT_WISE_MIN", "ELEMENT_WISE_MAX", "ELEMENT_WISE_CLIP",
            "ELEMENT_WISE_CLIP1", "ELEMENT_WISE_CEIL", "ELEMENT_WISE_FLOOR", "ELEMENT_WISE_SIGN", "ELEMENT_WISE_IF",
            "ELEMENT_WISE_IS_NAN", "ELEMENT_WISE_IS_INFINITY", "ELEMENT_WISE_LOGICAL_EQUALS",
            "ELEMENT_WISE_LOGICAL_GREATER_THAN", "ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL",
            "ELEMENT_WISE_LOGICAL_LESS_THAN", "ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL", "ELEMENT_WISE_LOGICAL_AND",
            "ELEMENT_WISE_LOGICAL_OR", "ELEMENT_WISE_LOGICAL_XOR", "ELEMENT_WISE_LOGICAL_NOT", "ELEMENT_WISE_BIT_AND",
            "ELEMENT_WISE_BIT_OR", "ELEMENT_WISE_BIT_XOR", "ELEMENT_WISE_BIT_NOT", "ELEMENT_WISE_BIT_COUNT",
            "ELEMENT_WISE_BIT_SHIFT_LEFT", "ELEMENT_WISE_BIT_SHIFT_RIGHT",
            "ELEMENT_WISE_DIVIDE", "ELEMENT_WISE_MEAN", "ELEMENT_WISE_DIFFERENCE_SQUARE",
            "ELEMENT_WISE_MODULUS_TRUNCATE", "ELEMENT_WISE_MODULUS_FLOOR", "ELEMENT_WISE_ROUND", "ELEMENT_WISE_THRESHOLD",
            "ELEMENT_WISE_CLIP_GRAD", "ELEMENT_WISE_CLIP_GRAD1", "ELEMENT_WISE_QUANTIZE_LINEAR",
            "ELEMENT_WISE_DEQUANTIZE_LINEAR", "CAST", "ACTIVATION_IDENTITY", "ACTIVATION_RELU",
            "ACTIVATION_LEAKY_RELU", "ACTIVATION_LINEAR", "ACTIVATION_THRESHOLDED_RELU", "ACTIVATION_SHRINK",
            "ACTIVATION_HARD_SIGMOID", "ACTIVATION_PARAMETERIZED_RELU", "ACTIVATION_RELU_GRAD", "ACTIVATION_HARD_SWISH",
            "VALUE_SCALE_2D",
            "MATRIX_MULTIPLY_INTEGER", "CONVOLUTION_INTEGER", "QUANTIZED_LINEAR_MATRIX_MULTIPLY", "QUANTIZE",
            "MATRIX_MULTIPLY_INTEGER_TO_FLOAT",
            "DEQUANTIZE", "DYNAMIC_QUANTIZE_LINEAR", "AVERAGE_POOLING", "AVERAGE_POOLING1", "MAX_POOLING", "MAX_POOLING1",
            "MAX_POOLING2", "UPSAMPLE_2D", "RESAMPLE", "RESAMPLE1", "RESAMPLE2", "RESAMPLE3", "UNFOLD",
            "FOLD");

    @Test
    void jsonListsEveryOperatorWithGatherElementsAsTheIssueShowsIt() {
        Cli.Result result = Cli.run("schema", "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode operators = result.json().get("operators");
        assertEquals(177, operators.size());
        JsonNode gatherElements = find(operators, "GATHER_ELEMENTS");
        assertEquals(107, gatherElements.get("type").asInt());
        assertEquals("DML_GATHER_ELEMENTS_OPERATOR_DESC", gatherElements.get("struct").asText());
        assertEquals(32, gatherElements.get("size").asInt());
        assertEquals(8, gatherElements.get("alignment").asInt());
        assertEquals("DML_FEATURE_LEVEL_2_1", gatherElements.get("availability").asText());
        assertTrue(gatherElements.get("emulated").asBoolean());
        assertEquals(0, gatherElements.get("fusedActivations").size());
        assertFields(gatherElements, "InputTensor", "const DML_TENSOR_DESC*", 0, 8, "IndicesTensor",
                "const DML_TENSOR_DESC*", 8, 8, "OutputTensor", "const DML_TENSOR_DESC*", 16, 8, "Axis", "UINT", 24, 4);
        List<String> keys = new ArrayList<>();
        gatherElements.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("name", "type", "struct", "size", "alignment", "availability", "emulated",
                "fusedActivations", "fields"), keys);
    }

    @Test
    void emulatedIsTrueForTheOperatorsWithKernelsOnly() {
        JsonNode operators = Cli.run("schema", "--json").json().get("operators");
        Set<String> emulated = new TreeSet<>();
        operators.forEach(op -> {
            if (op.get("emulated").asBoolean()) {
                emulated.add(op.get("name").asText());
            }
        });
        assertEquals(new TreeSet<>(EMULATED), emulated);
    }

    @Test
    void oneOperatorWithItsFusableActivations() {
        Cli.Result result = Cli.run("schema", "DML_OPERATOR_CONVOLUTION", "--json");
        assertEquals(0, result.code(), result.err());
        JsonNode operators = result.json().get("operators");
        assertEquals(1, operators.size());
        JsonNode convolution = operators.get(0);
        assertEquals("CONVOLUTION", convolution.get("name").asText());
        assertEquals(53, convolution.get("type").asInt());
        assertEquals("DML_FEATURE_LEVEL_1_0", convolution.get("availability").asText());
        assertFalse(convolution.get("emulated").asBoolean());
        // 4 pointers, 3 four-byte values (then 4 bytes of padding), 5 pointers, a UINT (padding), a pointer.
        assertEquals(104, convolution.get("size").asInt());
        assertFields(convolution, "InputTensor", "const DML_TENSOR_DESC*", 0, 8, "FilterTensor",
                "const DML_TENSOR_DESC*", 8, 8, "BiasTensor", "const DML_TENSOR_DESC*", 16, 8, "OutputTensor",
                "const DML_TENSOR_DESC*", 24, 8, "Mode", "DML_CONVOLUTION_MODE", 32, 4, "Direction",
                "DML_CONVOLUTION_DIRECTION", 36, 4, "DimensionCount", "UINT", 40, 4, "Strides", "const UINT*", 48, 8,
                "Dilations", "const UINT*", 56, 8, "StartPadding", "const UINT*", 64, 8, "EndPadding", "const UINT*",
                72, 8, "OutputPadding", "const UINT*", 80, 8, "GroupCount", "UINT", 88, 4, "FusedActivation",
                "const DML_OPERATOR_DESC*", 96, 8);
        List<String> fused = new ArrayList<>();
        convolution.get("fusedActivations").forEach(node -> fused.add(node.asText()));
        assertEquals(18, fused.size(), fused.toString());
        assertTrue(fused.containsAll(List.of("ACTIVATION_RELU", "ACTIVATION_GELU", "ELEMENT_WISE_CLIP")), fused.toString());
        assertFalse(fused.contains("ACTIVATION_SOFTMAX"), "GEMM only");
    }

    @Test
    void namesAreReadAsLevelsReadsThemAliasIncluded() {
        JsonNode scatter = Cli.run("schema", "scatter", "--json").json().get("operators").get(0);
        assertEquals("SCATTER_ELEMENTS", scatter.get("name").asText());
        assertEquals(94, scatter.get("type").asInt());
        assertEquals("DML_SCATTER_OPERATOR_DESC", scatter.get("struct").asText());
        assertEquals(40, scatter.get("size").asInt());
        assertEquals(Cli.run("schema", "gather_nd1").out(), Cli.run("schema", "DML_OPERATOR_GATHER_ND1").out());
    }

    @Test
    void humanFormOfOneOperator() {
        Cli.Result result = Cli.run("schema", "GATHER_ND1");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals("DML_OPERATOR_GATHER_ND1 (type 140)", lines.get(0));
        assertEquals("struct:    DML_GATHER_ND1_OPERATOR_DESC, 40 bytes, alignment 8 (x64 and arm64)", lines.get(1));
        assertEquals("available: from DML_FEATURE_LEVEL_3_0", lines.get(2));
        assertEquals("emulated:  yes", lines.get(3));
        assertEquals("", lines.get(4));
        assertEquals(List.of("Field", "C type", "Offset", "Size", "Holds"), List.of(lines.get(5).split("  +")));
        assertEquals(List.of("InputTensor", "const DML_TENSOR_DESC*", "0", "8", "input tensor"),
                List.of(lines.get(6).strip().split("  +")));
        assertEquals(List.of("OutputTensor", "const DML_TENSOR_DESC*", "16", "8", "output tensor"),
                List.of(lines.get(8).split("  +")));
        assertEquals(List.of("BatchDimensionCount", "UINT", "32", "4", "UINT"), List.of(lines.get(11).split("  +")));
        assertEquals(12, lines.size(), result.out());
    }

    @Test
    void humanFormListsFusedActivationsWithTheirLevels() {
        Cli.Result result = Cli.run("schema", "GEMM");
        String fused = result.outLines().stream().filter(line -> line.startsWith("fused activations: ")).findFirst()
                .orElseThrow();
        assertTrue(fused.startsWith("fused activations: ACTIVATION_LINEAR, ACTIVATION_SIGMOID, "), fused);
        assertTrue(fused.endsWith("ELEMENT_WISE_CLIP (from 6_0), ACTIVATION_SOFTMAX (from 6_1),"
                + " ACTIVATION_SOFTMAX1 (from 6_1)"), fused);
    }

    @Test
    void humanListHasARowPerOperator() {
        Cli.Result result = Cli.run("schema");
        assertEquals(0, result.code(), result.err());
        List<String> lines = result.outLines();
        assertEquals(List.of("Operator", "Type", "Available", "Size", "Emulated"), List.of(lines.get(0).split("  +")));
        assertEquals(List.of("ELEMENT_WISE_IDENTITY", "1", "1_0", "24", "yes"), List.of(lines.get(1).split("  +")));
        assertEquals(List.of("UNFOLD", "177", "6_4"), List.of(lines.get(177).split("  +")).subList(0, 3));
        assertEquals("", lines.get(178));
        assertEquals("177 operators (DirectML.h, DML_TARGET_VERSION 0x6400); " + EMULATED.size() + " run on the emulator."
                + " 'dmlemu schema OPERATOR' shows one.", lines.get(179));
        assertEquals(180, lines.size());
    }

    @Test
    void anUnknownOperatorIsUnusableInputNamingCloseNames() {
        Cli.run("schema", "GATHER_ELEMENT").assertUnusable("unknown operator 'GATHER_ELEMENT'",
                "close names: GATHER_ELEMENTS");
        Cli.run("schema", "DML_OPERATOR_CONVOLUTON").assertUnusable("close names: CONVOLUTION");
        Cli.Result none = Cli.run("schema", "QWERTY");
        none.assertUnusable("unknown operator 'QWERTY'; 'dmlemu schema' lists every operator");
        Cli.Result json = Cli.run("schema", "GATHER_ELEMENT", "--json");
        assertEquals(2, json.code());
        assertEquals("unusable-input", json.json().get("error").get("kind").asText(), json.out());
    }

    @Test
    void availabilityAgreesWithTheSupportTablesOfTheValidatedOperatorsButScatterElementsAndTopK() {
        for (String name : EMULATED) {
            String introduced = Cli.run("levels", "--operator", name, "--json").json().get("introducedIn").asText();
            String available = Cli.run("schema", name, "--json").json().get("operators").get(0)
                    .get("availability").asText();
            if (name.equals("SCATTER_ELEMENTS")) {
                // docs/directml-behaviour.md §3.3: its support tables start at 1_0, while the header's guard and the
                // feature level history put the operator at 2_0.
                assertEquals("DML_FEATURE_LEVEL_1_0", introduced);
                assertEquals("DML_FEATURE_LEVEL_2_0", available);
            } else if (name.equals("TOP_K")) {
                // docs/directml-behaviour.md §3.4: its page says 2_0 and its tables start there, the schema 1_0.
                assertEquals("DML_FEATURE_LEVEL_2_0", introduced);
                assertEquals("DML_FEATURE_LEVEL_1_0", available);
            } else if (name.equals("MAX_UNPOOLING")) {
                // docs/directml-behaviour.md §3.4: its docs page starts at 3_0, the schema at 2_0.
                assertEquals("DML_FEATURE_LEVEL_3_0", introduced);
                assertEquals("DML_FEATURE_LEVEL_2_0", available);
            } else {
                assertEquals(introduced, available, name);
            }
        }
    }

    private static JsonNode find(JsonNode operators, String name) {
        for (JsonNode op : operators) {
            if (op.get("name").asText().equals(name)) {
                return op;
            }
        }
        throw new AssertionError(name + " not listed");
    }

    /** Each field as name, C type, offset, size, in order. */
    private static void assertFields(JsonNode operator, Object... expected) {
        JsonNode fields = operator.get("fields");
        assertEquals(expected.length / 4, fields.size(), fields.toString());
        for (int i = 0; i < fields.size(); i++) {
            JsonNode field = fields.get(i);
            assertEquals(expected[4 * i], field.get("name").asText());
            assertEquals(expected[4 * i + 1], field.get("cType").asText(), field.get("name").asText());
            assertEquals(expected[4 * i + 2], field.get("offset").asInt(), field.get("name").asText());
            assertEquals(expected[4 * i + 3], field.get("size").asInt(), field.get("name").asText());
        }
    }
}
