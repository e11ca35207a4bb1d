package dev.dmlemu.featurelevels.support;

import static dev.dmlemu.desc.TensorDataType.FLOAT16;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.FLOAT64;
import static dev.dmlemu.desc.TensorDataType.INT16;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT64;
import static dev.dmlemu.desc.TensorDataType.INT8;
import static dev.dmlemu.desc.TensorDataType.UINT16;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static dev.dmlemu.desc.TensorDataType.UINT64;
import static dev.dmlemu.desc.TensorDataType.UINT8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.featurelevels.DimensionCounts;
import dev.dmlemu.featurelevels.OperatorCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The bundled tables against the schema, against the Java tables of the operators the validator already knows,
 * and against values typed by hand from the DirectML docs pages.
 */
class SupportCatalogTest {

    private static final SupportCatalog CATALOG = SupportCatalog.directMl();

    @Test
    void agreesWithTheOperatorSchema() {
        assertEquals(List.of(), SchemaAgreement.problems(CATALOG, SchemaCatalog.directMl()));
    }

    @Test
    void everyKnownDisagreementStillOccurs() {
        List<String> all = SchemaAgreement.allProblems(CATALOG, SchemaCatalog.directMl());
        SchemaAgreement.KNOWN.keySet().forEach(known -> assertTrue(all.contains(known), known));
    }

    @Test
    void everySchemaOperatorHasTablesOrAReason() {
        int total = CATALOG.operators().size() + CATALOG.missingTables().size();
        assertEquals(SchemaCatalog.directMl().operators().size(), total);
        assertEquals(177, total);
        CATALOG.missingTables().forEach(missing -> assertFalse(missing.reason().isBlank(), missing.operator()));
    }

    @Test
    void mirroredOperatorsComeOutAsTheirJavaTables() {
        for (OperatorType type : OperatorCatalog.operators().subList(0, 6)) {
            DocumentedSupport documented = CATALOG.support(type.name()).orElseThrow();
            assertEquals(OperatorCatalog.support(type), documented.toOperatorSupport(type), type.name());
        }
    }

    @Test
    void gemm() {
        DocumentedSupport gemm = CATALOG.support("DML_OPERATOR_GEMM").orElseThrow();
        assertEquals(List.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_4_0), levels(gemm));
        DocumentedBlock newest = gemm.blocks().get(1);
        assertRow(newest, "ATensor", RowKind.INPUT, 2, 4, FLOAT32, FLOAT16);
        assertRow(newest, "BTensor", RowKind.INPUT, 2, 4, FLOAT32, FLOAT16);
        assertRow(newest, "CTensor", RowKind.OPTIONAL_INPUT, 2, 4, FLOAT32, FLOAT16);
        assertRow(newest, "OutputTensor", RowKind.OUTPUT, 2, 4, FLOAT32, FLOAT16);
        assertRow(gemm.blocks().get(0), "CTensor", RowKind.OPTIONAL_INPUT, 4, 4, FLOAT32, FLOAT16);
        List<String> abco = List.of("ATensor", "BTensor", "CTensor", "OutputTensor");
        assertEquals(List.of(new TensorConstraint(ConstraintKind.SAME_DATA_TYPE, abco),
                new TensorConstraint(ConstraintKind.SAME_DIMENSION_COUNT, abco),
                new TensorConstraint(ConstraintKind.SAME_SIZES, List.of("CTensor", "OutputTensor"))),
                gemm.constraints());
    }

    @Test
    void convolution() {
        DocumentedSupport convolution = CATALOG.support("CONVOLUTION").orElseThrow();
        assertEquals(List.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_4_0), levels(convolution));
        assertRow(convolution.blocks().get(0), "FilterTensor", RowKind.INPUT, 4, 5, FLOAT32, FLOAT16);
        assertRow(convolution.blocks().get(1), "BiasTensor", RowKind.OPTIONAL_INPUT, 3, 5, FLOAT32, FLOAT16);
        assertEquals(List.of("InputTensor", "FilterTensor", "BiasTensor", "OutputTensor"),
                convolution.blocks().get(1).rows().stream().map(DocumentedTensor::field).toList());
    }

    @Test
    void elementWiseAdd() {
        DocumentedSupport add = CATALOG.support("ELEMENT_WISE_ADD").orElseThrow();
        assertEquals(List.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_2_1, FeatureLevel.LEVEL_3_0,
                FeatureLevel.LEVEL_4_1, FeatureLevel.LEVEL_5_1), levels(add));
        assertRow(add.forLevel(FeatureLevel.LEVEL_2_0).orElseThrow(), "ATensor", RowKind.INPUT, 4, 5,
                FLOAT32, FLOAT16);
        assertRow(add.forLevel(FeatureLevel.LEVEL_2_1).orElseThrow(), "BTensor", RowKind.INPUT, 4, 5,
                FLOAT32, FLOAT16, INT32, UINT32);
        assertRow(add.forLevel(FeatureLevel.LEVEL_4_1).orElseThrow(), "OutputTensor", RowKind.OUTPUT, 1, 8,
                FLOAT32, FLOAT16, INT64, INT32, UINT64, UINT32);
        assertRow(add.forLevel(FeatureLevel.LEVEL_6_4).orElseThrow(), "ATensor", RowKind.INPUT, 1, 8,
                FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8);
        assertEquals(3, add.constraints().size());
    }

    @Test
    void joinsTensorArrayIsOneRow() {
        DocumentedSupport join = CATALOG.support("JOIN").orElseThrow();
        assertEquals(List.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_2_1, FeatureLevel.LEVEL_3_0,
                FeatureLevel.LEVEL_4_1), levels(join));
        assertRow(join.blocks().get(0), "InputTensors", RowKind.INPUT_ARRAY, 4, 4,
                FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16);
        assertRow(join.blocks().get(2), "OutputTensor", RowKind.OUTPUT, 4, 5,
                FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8);
        assertRow(join.blocks().get(3), "InputTensors", RowKind.INPUT_ARRAY, 1, 8,
                FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8);
    }

    @Test
    void castSharesShapeButNotDataType() {
        DocumentedSupport cast = CATALOG.support("CAST").orElseThrow();
        assertEquals(List.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_3_0, FeatureLevel.LEVEL_3_1,
                FeatureLevel.LEVEL_4_1), levels(cast));
        assertRow(cast.blocks().get(0), "InputTensor", RowKind.INPUT, 4, 4,
                FLOAT32, FLOAT16, INT16, INT8, UINT16, UINT8);
        assertRow(cast.blocks().get(2), "OutputTensor", RowKind.OUTPUT, 1, 8,
                FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8);
        assertEquals(List.of(
                new TensorConstraint(ConstraintKind.SAME_DIMENSION_COUNT, List.of("InputTensor", "OutputTensor")),
                new TensorConstraint(ConstraintKind.SAME_SIZES, List.of("InputTensor", "OutputTensor"))),
                cast.constraints());
    }

    @Test
    void reduceHasTablesPerFunction() {
        DocumentedSupport reduce = CATALOG.support("REDUCE").orElseThrow();
        assertTrue(reduce.isConditional());
        assertEquals(java.util.Optional.empty(), reduce.toOperatorSupport(OperatorType.GATHER));
        BlockCondition arg = new BlockCondition("Function",
                List.of("DML_REDUCE_FUNCTION_ARGMIN", "DML_REDUCE_FUNCTION_ARGMAX"));
        DocumentedBlock arg21 = reduce.blocks().stream()
                .filter(b -> b.condition().equals(java.util.Optional.of(arg)) && b.since() == FeatureLevel.LEVEL_2_1)
                .findFirst().orElseThrow();
        assertRow(arg21, "InputTensor", RowKind.INPUT, 4, 4, FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8);
        assertRow(arg21, "OutputTensor", RowKind.OUTPUT, 4, 4, UINT32);
        BlockCondition minMax = new BlockCondition("Function",
                List.of("DML_REDUCE_FUNCTION_MIN", "DML_REDUCE_FUNCTION_MAX"));
        List<FeatureLevel> minMaxLevels = reduce.blocks().stream()
                .filter(b -> b.condition().equals(java.util.Optional.of(minMax))).map(DocumentedBlock::since).toList();
        assertEquals(List.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_2_1, FeatureLevel.LEVEL_3_0,
                FeatureLevel.LEVEL_5_0), minMaxLevels);
        assertEquals(List.of(), reduce.constraints());
    }

    @Test
    void splitsOutputTensorsAreAnArray() {
        DocumentedSupport split = CATALOG.support("SPLIT").orElseThrow();
        assertRow(split.blocks().get(0), "OutputTensors", RowKind.OUTPUT_ARRAY, 4, 4,
                FLOAT32, FLOAT16, INT32, INT16, UINT32, UINT16);
    }

    @Test
    void foldsDataTypesAreTheMeasuredOnes() {
        // The docs page leaves them empty; these are the ones DirectML.dll 1.15.4 accepted (§14.4).
        DocumentedSupport fold = CATALOG.support("FOLD").orElseThrow();
        assertEquals(List.of(FeatureLevel.LEVEL_6_4), levels(fold));
        assertRow(fold.blocks().get(0), "InputTensor", RowKind.INPUT, 3, 8, FLOAT64, FLOAT32, INT64, INT32, INT8,
                UINT64, UINT32, UINT8);
        assertTrue(fold.constraints().isEmpty());
    }

    @Test
    void dequantizesQuantizationTensorsAreAnArray() {
        DocumentedSupport dequantize = CATALOG.support("DEQUANTIZE").orElseThrow();
        assertRow(dequantize.blocks().get(0), "QuantizationTensors", RowKind.INPUT_ARRAY, 1, 8,
                FLOAT32, FLOAT16, TensorDataType.INT8, TensorDataType.INT4, UINT8, TensorDataType.UINT4);
    }

    @Test
    void belowTheFirstBlockTheOperatorIsMissing() {
        DocumentedSupport gelu = CATALOG.support("ACTIVATION_GELU").orElseThrow();
        assertTrue(gelu.forLevel(FeatureLevel.LEVEL_5_0).isEmpty());
        assertTrue(gelu.forLevel(FeatureLevel.LEVEL_5_1).isPresent());
    }

    private static List<FeatureLevel> levels(DocumentedSupport support) {
        return support.blocks().stream().map(DocumentedBlock::since).toList();
    }

    private static void assertRow(DocumentedBlock block, String field, RowKind kind, int minDims, int maxDims,
            TensorDataType... types) {
        DocumentedTensor row = block.row(field).orElseThrow(() -> new AssertionError("no row " + field));
        assertEquals(new DocumentedTensor(field, kind, DimensionCounts.range(minDims, maxDims), List.of(types)),
                row, field + " at " + block.since().shortName());
    }
}
