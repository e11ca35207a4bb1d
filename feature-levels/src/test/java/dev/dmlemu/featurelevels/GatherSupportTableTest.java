package dev.dmlemu.featurelevels;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_1_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_3_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_4_1;
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
import static dev.dmlemu.featurelevels.SupportCellChecks.expectDiagnostic;
import static dev.dmlemu.featurelevels.SupportCellChecks.ones;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The GATHER support tables against the DirectML docs page "DML_GATHER_OPERATOR_DESC", sections "Availability" and
 * "Tensor support" (docs/directml-behaviour.md §10.2), typed in again here independently of {@link GatherSupport}:
 * every (level x data type x index type x DimensionCount 0-9) desc is validated and each tensor field's table
 * diagnostics are compared with the docs.
 */
class GatherSupportTableTest {

    private static final String[] FIELDS = {"InputTensor", "IndicesTensor", "OutputTensor"};

    // --- the docs, transcribed (the operator exists from 1_0; 2_0 -> 1_0, 3_1/4_0 -> 3_0, 5_0..6_4 -> 4_1) ---

    private static FeatureLevel docsBlock(FeatureLevel level) {
        return switch (level) {
            case LEVEL_1_0, LEVEL_2_0 -> LEVEL_1_0;
            case LEVEL_2_1 -> LEVEL_2_1;
            case LEVEL_3_0, LEVEL_3_1, LEVEL_4_0 -> LEVEL_3_0;
            default -> LEVEL_4_1;
        };
    }

    private static Set<TensorDataType> docsTypes(FeatureLevel block, String field) {
        if (field.equals("IndicesTensor")) {
            return block == LEVEL_1_0 || block == LEVEL_2_1 ? Set.of(UINT32) : Set.of(INT64, INT32, UINT64, UINT32);
        }
        if (block == LEVEL_1_0) {
            return Set.of(FLOAT32, FLOAT16);
        }
        return block == LEVEL_4_1
                ? Set.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8)
                : Set.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8);
    }

    private static boolean docsDims(FeatureLevel block, long dimensionCount) {
        return block == LEVEL_1_0 || block == LEVEL_2_1 ? dimensionCount == 4
                : dimensionCount >= 1 && dimensionCount <= 8;
    }

    private static Optional<FeatureLevel> docsTypeFrom(String field, TensorDataType type) {
        for (FeatureLevel block : List.of(LEVEL_1_0, LEVEL_2_1, LEVEL_3_0, LEVEL_4_1)) {
            if (docsTypes(block, field).contains(type)) {
                return Optional.of(block);
            }
        }
        return Optional.empty();
    }

    private static Optional<FeatureLevel> docsDimsFrom(long dimensionCount) {
        for (FeatureLevel block : List.of(LEVEL_1_0, LEVEL_2_1, LEVEL_3_0, LEVEL_4_1)) {
            if (docsDims(block, dimensionCount)) {
                return Optional.of(block);
            }
        }
        return Optional.empty();
    }

    // --- the exhaustive comparison ---

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void everyCellAgreesWithTheDocs(FeatureLevel level) {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        FeatureLevel block = docsBlock(level);
        List<String> mismatches = new ArrayList<>();
        int checked = 0;
        for (TensorDataType dataType : TensorDataType.values()) {
            for (TensorDataType indexType : TensorDataType.values()) {
                for (int dims = 0; dims <= 9; dims++) {
                    // Sizes of 1, Axis 0, IndexDimensions 1: the formula gives dims sizes of 1.
                    GatherOperatorDesc desc = new GatherOperatorDesc(
                            ones(dataType, dims), ones(indexType, dims), ones(dataType, dims), 0, 1);
                    ValidationResult result = validator.validate(desc, level);
                    TensorDataType[] types = {dataType, indexType, dataType};
                    boolean allSupported = true;
                    for (int f = 0; f < FIELDS.length; f++) {
                        String field = FIELDS[f];
                        String cell = level.shortName() + " " + field + " " + types[f] + " dims " + dims;
                        boolean typeOk = docsTypes(block, field).contains(types[f]);
                        boolean dimsOk = docsDims(block, dims);
                        allSupported &= typeOk && dimsOk;
                        expectDiagnostic(mismatches, cell, result, RuleId.DATA_TYPE_UNSUPPORTED, field + ".DataType",
                                !typeOk, docsTypeFrom(field, types[f]));
                        expectDiagnostic(mismatches, cell, result, RuleId.DIMENSION_COUNT_UNSUPPORTED,
                                field + ".DimensionCount", !dimsOk, docsDimsFrom(dims));
                        checked++;
                    }
                    // With 0 dimensions Axis 0 and IndexDimensions 1 are out of range too.
                    boolean expectedValid = allSupported && dims >= 1;
                    if (result.isValid() != expectedValid) {
                        mismatches.add(level.shortName() + " " + dataType + "/" + indexType + " dims " + dims
                                + ": valid=" + result.isValid() + ", docs say " + expectedValid + "\n" + result);
                    }
                    if (result.diagnostics().stream().anyMatch(d -> d.rule() == RuleId.OPERATOR_UNAVAILABLE)) {
                        mismatches.add(level.shortName() + ": OPERATOR_UNAVAILABLE, but GATHER exists from 1_0");
                    }
                }
            }
        }
        assertEquals(3 * 14 * 14 * 10, checked);
        assertTrue(mismatches.isEmpty(), () -> mismatches.size() + " cells disagree with the docs, e.g.:\n"
                + String.join("\n", mismatches.subList(0, Math.min(20, mismatches.size()))));
    }

    // --- the public tables themselves ---

    @Test
    void blocksAreTheFourDocsBlocksInOrder() {
        List<SupportTable> blocks = GatherSupport.blocks();
        assertEquals(List.of(LEVEL_1_0, LEVEL_2_1, LEVEL_3_0, LEVEL_4_1),
                blocks.stream().map(SupportTable::since).toList());
        assertEquals(LEVEL_1_0, GatherSupport.introducedIn());
        for (SupportTable block : blocks) {
            assertEquals(OperatorType.GATHER, block.operatorType());
            assertEquals(List.of("InputTensor", "IndicesTensor", "OutputTensor"),
                    block.tensors().stream().map(TensorSupport::field).toList());
            assertEquals(List.of(TensorKind.INPUT, TensorKind.INPUT, TensorKind.OUTPUT),
                    block.tensors().stream().map(TensorSupport::kind).toList());
        }
        // Data types in the docs' order, as the CLI prints them.
        assertEquals(List.of(FLOAT32, FLOAT16), GatherSupport.BLOCK_1_0.tensor("InputTensor").orElseThrow()
                .dataTypes());
        assertEquals(List.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8),
                GatherSupport.BLOCK_2_1.tensor("OutputTensor").orElseThrow().dataTypes());
        assertEquals(List.of(INT64, INT32, UINT64, UINT32), GatherSupport.BLOCK_3_0.tensor("IndicesTensor")
                .orElseThrow().dataTypes());
        assertEquals(List.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8),
                GatherSupport.BLOCK_4_1.tensor("InputTensor").orElseThrow().dataTypes());
        assertEquals("4", GatherSupport.BLOCK_1_0.tensors().get(1).dimensionCounts().toString());
        assertEquals("1 to 8", GatherSupport.BLOCK_4_1.tensors().get(2).dimensionCounts().toString());
    }

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void levelMapsToTheDocsBlock(FeatureLevel level) {
        assertEquals(Optional.of(docsBlock(level)), OperatorCatalog.support(OperatorType.GATHER).orElseThrow()
                .forLevel(level).map(SupportTable::since));
        assertEquals(Optional.of(docsBlock(level)), GatherSupport.forLevel(level).map(SupportTable::since));
    }
}
