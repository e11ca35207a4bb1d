package dev.dmlemu.desc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What the schema takes from the DirectML docs rather than the header: availability, the fusable activations, which
 * tensors are written. Expected values are typed in from the docs (the feature level history, the fused activations
 * page, the operator pages).
 */
class SchemaDocsTest {

    private static final SchemaCatalog CATALOG = SchemaCatalog.directMl();

    /** The fused activations page's list, valid for every desc with a FusedActivation field. */
    private static final List<String> FUSABLE = List.of("ACTIVATION_LINEAR", "ACTIVATION_SIGMOID",
            "ACTIVATION_HARD_SIGMOID", "ACTIVATION_TANH", "ACTIVATION_SCALED_TANH", "ACTIVATION_RELU",
            "ACTIVATION_LEAKY_RELU", "ACTIVATION_THRESHOLDED_RELU", "ACTIVATION_ELU", "ACTIVATION_CELU",
            "ACTIVATION_SCALED_ELU", "ACTIVATION_SOFTPLUS", "ACTIVATION_PARAMETRIC_SOFTPLUS", "ACTIVATION_SOFTSIGN",
            "ACTIVATION_IDENTITY", "ACTIVATION_SHRINK", "ACTIVATION_GELU");

    @Test
    void operatorsPerFeatureLevelAreTheFeatureLevelHistorys() {
        // Counted from the history's lists (SCATTER and SCATTER_ELEMENTS are one type); 1_0 has the rest, codes 1 to 78.
        Map<FeatureLevel, Integer> expected = new EnumMap<>(FeatureLevel.class);
        expected.put(FeatureLevel.LEVEL_1_0, 78);
        expected.put(FeatureLevel.LEVEL_2_0, 18);
        expected.put(FeatureLevel.LEVEL_2_1, 24);
        expected.put(FeatureLevel.LEVEL_3_0, 20);
        expected.put(FeatureLevel.LEVEL_3_1, 6);
        expected.put(FeatureLevel.LEVEL_4_0, 3);
        expected.put(FeatureLevel.LEVEL_4_1, 3);
        expected.put(FeatureLevel.LEVEL_5_0, 4);
        expected.put(FeatureLevel.LEVEL_5_1, 7);
        expected.put(FeatureLevel.LEVEL_6_1, 1);
        expected.put(FeatureLevel.LEVEL_6_2, 6);
        expected.put(FeatureLevel.LEVEL_6_3, 4);
        expected.put(FeatureLevel.LEVEL_6_4, 3);
        Map<FeatureLevel, Integer> actual = new EnumMap<>(FeatureLevel.class);
        CATALOG.operators().forEach(op -> actual.merge(op.availability(), 1, Integer::sum));
        assertEquals(expected, actual);
    }

    @Test
    void availabilityOfOperatorsAcrossTheLevels() {
        assertAvailable("ELEMENT_WISE_IDENTITY", FeatureLevel.LEVEL_1_0);
        assertAvailable("CONVOLUTION", FeatureLevel.LEVEL_1_0);
        assertAvailable("GATHER", FeatureLevel.LEVEL_1_0);
        assertAvailable("SCATTER_ELEMENTS", FeatureLevel.LEVEL_2_0);
        assertAvailable("ELEMENT_WISE_ADD1", FeatureLevel.LEVEL_2_0);
        assertAvailable("GATHER_ELEMENTS", FeatureLevel.LEVEL_2_1);
        assertAvailable("GATHER_ND", FeatureLevel.LEVEL_2_1);
        assertAvailable("SCATTER_ND", FeatureLevel.LEVEL_2_1);
        assertAvailable("GATHER_ND1", FeatureLevel.LEVEL_3_0);
        assertAvailable("BATCH_NORMALIZATION_GRAD", FeatureLevel.LEVEL_3_1);
        assertAvailable("ROI_ALIGN1", FeatureLevel.LEVEL_4_0);
        assertAvailable("BATCH_NORMALIZATION_TRAINING", FeatureLevel.LEVEL_4_1);
        assertAvailable("PADDING1", FeatureLevel.LEVEL_5_0);
        assertAvailable("ACTIVATION_GELU", FeatureLevel.LEVEL_5_1);
        assertAvailable("MULTIHEAD_ATTENTION", FeatureLevel.LEVEL_6_1);
        assertAvailable("MATRIX_MULTIPLY_INTEGER_TO_FLOAT", FeatureLevel.LEVEL_6_2);
        assertAvailable("QUANTIZE", FeatureLevel.LEVEL_6_3);
        assertAvailable("FOLD", FeatureLevel.LEVEL_6_4);
    }

    private static void assertAvailable(String name, FeatureLevel level) {
        assertEquals(level, CATALOG.operator(name).orElseThrow().availability(), name);
    }

    @Test
    void fusableActivationsAreTheDocsLists() {
        List<String> withFusion = CATALOG.operators().stream().filter(SchemaOperator::hasFusedActivation)
                .map(SchemaOperator::name).toList();
        assertEquals(List.of("CONVOLUTION", "GEMM", "BATCH_NORMALIZATION", "MEAN_VARIANCE_NORMALIZATION",
                "ELEMENT_WISE_ADD1", "MEAN_VARIANCE_NORMALIZATION1", "BATCH_NORMALIZATION_TRAINING",
                "MEAN_VARIANCE_NORMALIZATION2"), withFusion);
        for (String name : withFusion) {
            List<FusableActivation> expected = new ArrayList<>();
            FUSABLE.forEach(op -> expected.add(new FusableActivation(op, Optional.empty())));
            if (name.equals("CONVOLUTION") || name.equals("GEMM")) {
                expected.add(new FusableActivation("ELEMENT_WISE_CLIP", Optional.of(FeatureLevel.LEVEL_6_0)));
            }
            if (name.equals("GEMM")) {
                expected.add(new FusableActivation("ACTIVATION_SOFTMAX", Optional.of(FeatureLevel.LEVEL_6_1)));
                expected.add(new FusableActivation("ACTIVATION_SOFTMAX1", Optional.of(FeatureLevel.LEVEL_6_1)));
            }
            assertEquals(expected, CATALOG.operator(name).orElseThrow().fusableActivations(), name);
        }
        assertTrue(CATALOG.operator("GATHER").orElseThrow().fusableActivations().isEmpty());
    }

    @Test
    void writtenTensorsOfOperatorsWithSeveralOutputs() {
        // The operator pages' tensor-support tables ("Kind" column).
        assertDirections("TOP_K1", "InputTensor", TensorKind.INPUT, "OutputValueTensor", TensorKind.OUTPUT,
                "OutputIndexTensor", TensorKind.OUTPUT);
        assertDirections("ACTIVATION_RELU_GRAD", "InputTensor", TensorKind.INPUT, "InputGradientTensor",
                TensorKind.INPUT, "OutputGradientTensor", TensorKind.OUTPUT);
        assertDirections("ONE_HOT", "IndicesTensor", TensorKind.INPUT, "ValuesTensor", TensorKind.INPUT,
                "OutputTensor", TensorKind.OUTPUT);
        // The output's quantization parameters are read: bound as outputs, DirectML.dll 1.15.4 wrote zeros for
        // QUANTIZED_LINEAR_MATRIX_MULTIPLY (docs/directml-behaviour.md §3.3). DYNAMIC_QUANTIZE_LINEAR computes its own.
        for (String quantized : List.of("ELEMENT_WISE_QUANTIZED_LINEAR_ADD", "QUANTIZED_LINEAR_MATRIX_MULTIPLY",
                "QUANTIZED_LINEAR_CONVOLUTION", "QUANTIZED_LINEAR_AVERAGE_POOLING")) {
            SchemaOperator op = CATALOG.operator(quantized).orElseThrow();
            for (String field : List.of("OutputScaleTensor", "OutputZeroPointTensor", "OutputTensor")) {
                assertEquals(Optional.of(field.equals("OutputTensor") ? TensorKind.OUTPUT : TensorKind.INPUT),
                        op.field(field).orElseThrow().direction(), quantized + " " + field);
            }
        }
        assertDirections("DYNAMIC_QUANTIZE_LINEAR", "InputTensor", TensorKind.INPUT, "OutputTensor", TensorKind.OUTPUT,
                "OutputScaleTensor", TensorKind.OUTPUT, "OutputZeroPointTensor", TensorKind.OUTPUT);
        SchemaField outputs = CATALOG.operator("SPLIT").orElseThrow().field("OutputTensors").orElseThrow();
        assertEquals(FieldKind.TENSOR_ARRAY, outputs.kind());
        assertEquals(Optional.of(TensorKind.OUTPUT), outputs.direction());
        assertEquals(Optional.of("OutputCount"), outputs.reference());
    }

    private static void assertDirections(String operator, Object... namesAndKinds) {
        SchemaOperator op = CATALOG.operator(operator).orElseThrow();
        List<SchemaField> tensors = op.fields().stream().filter(f -> f.kind().isTensor()).toList();
        assertEquals(namesAndKinds.length / 2, tensors.size(), operator);
        for (int i = 0; i < tensors.size(); i++) {
            assertEquals(namesAndKinds[2 * i], tensors.get(i).name(), operator);
            assertEquals(Optional.of(namesAndKinds[2 * i + 1]), tensors.get(i).direction(), operator);
        }
    }
}
