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
import static dev.dmlemu.featurelevels.SupportCellChecks.ones;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The SCATTER_ELEMENTS and SCATTER_ND support tables against the DirectML docs pages
 * "DML_SCATTER_ELEMENTS_OPERATOR_DESC" and "DML_SCATTER_ND_OPERATOR_DESC", sections "Availability" and "Tensor support"
 * (docs/directml-behaviour.md §12.2, §13.2), typed in again here independently of {@link ScatterSupport}. The cells
 * are descs of sizes 1: SCATTER_ELEMENTS with Axis 0; SCATTER_ND with both counts 1, a one-coordinate tuple whose
 * updates formula is empty, so all sizes 1.
 */
class ScatterSupportTableTest {

    // --- the docs, SCATTER_ELEMENTS: 1_0 (4-D; FLOAT32, FLOAT16; UINT32 indices), 2_1 (4-D; 8 data types; UINT32
    // indices), 3_0 (1 to 8 dims; the 8 types; INT64, INT32, UINT64, UINT32 indices), 4_1 (adds FLOAT64, INT64,
    // UINT64 data). Rows InputTensor, IndicesTensor, UpdatesTensor, OutputTensor. ---

    private static final Set<TensorDataType> EIGHT = Set.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8);

    private static Optional<FeatureLevel> elementsBlock(FeatureLevel level) {
        return Optional.of(level.isAtLeast(LEVEL_4_1) ? LEVEL_4_1 : level.isAtLeast(LEVEL_3_0) ? LEVEL_3_0
                : level.isAtLeast(LEVEL_2_1) ? LEVEL_2_1 : LEVEL_1_0);
    }

    private static Set<TensorDataType> elementsTypes(FeatureLevel block, String field) {
        if (field.equals("IndicesTensor")) {
            return block.isAtLeast(LEVEL_3_0) ? Set.of(INT64, INT32, UINT64, UINT32) : Set.of(UINT32);
        }
        if (block == LEVEL_1_0) {
            return Set.of(FLOAT32, FLOAT16);
        }
        return block == LEVEL_4_1
                ? Set.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8)
                : EIGHT;
    }

    private static boolean elementsDims(FeatureLevel block, long dimensionCount) {
        return block.isAtLeast(LEVEL_3_0) ? dimensionCount >= 1 && dimensionCount <= 8 : dimensionCount == 4;
    }

    private static final SupportCellChecks.DocsTables ELEMENTS_DOCS = new SupportCellChecks.DocsTables(
            ScatterSupportTableTest::elementsBlock, ScatterSupportTableTest::elementsTypes,
            ScatterSupportTableTest::elementsDims, List.of(LEVEL_1_0, LEVEL_2_1, LEVEL_3_0, LEVEL_4_1));

    // --- the docs, SCATTER_ND: from 2_1, with the 2_1, 3_0 and 4_1 blocks of the GATHER_ELEMENTS page cell for cell
    // (the updates row is the input's), so the cells are SupportTableTest's transcription of that page. ---

    private static final SupportCellChecks.DocsTables ND_DOCS = new SupportCellChecks.DocsTables(
            level -> !level.isAtLeast(LEVEL_2_1) ? Optional.empty()
                    : Optional.of(level.isAtLeast(LEVEL_4_1) ? LEVEL_4_1 : level.isAtLeast(LEVEL_3_0) ? LEVEL_3_0
                            : LEVEL_2_1),
            SupportTableTest::docsTypes, SupportTableTest::docsDims, List.of(LEVEL_2_1, LEVEL_3_0, LEVEL_4_1));

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void everyScatterElementsCellAgreesWithTheDocs(FeatureLevel level) {
        SupportCellChecks.assertEveryCellAgrees(level, ELEMENTS_DOCS, (dataType, indexType, dims) ->
                new ScatterElementsOperatorDesc(ones(dataType, dims), ones(indexType, dims), ones(dataType, dims),
                        ones(dataType, dims), 0));
    }

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void everyScatterNdCellAgreesWithTheDocs(FeatureLevel level) {
        SupportCellChecks.assertEveryCellAgrees(level, ND_DOCS, (dataType, indexType, dims) ->
                new ScatterNdOperatorDesc(ones(dataType, dims), ones(indexType, dims), ones(dataType, dims),
                        ones(dataType, dims), 1, 1));
    }

    @Test
    void blocksAreTheDocsBlocksInOrder() {
        assertEquals(List.of(LEVEL_1_0, LEVEL_2_1, LEVEL_3_0, LEVEL_4_1),
                ScatterSupport.ELEMENTS_SUPPORT.blocks().stream().map(SupportTable::since).toList());
        assertEquals(List.of(LEVEL_2_1, LEVEL_3_0, LEVEL_4_1),
                ScatterSupport.ND_SUPPORT.blocks().stream().map(SupportTable::since).toList());
        assertEquals(OperatorType.SCATTER_ELEMENTS, ScatterSupport.ELEMENTS_BLOCK_1_0.operatorType());
        assertEquals(OperatorType.SCATTER_ND, ScatterSupport.ND_BLOCK_2_1.operatorType());
        // Rows in the desc's field order, kinds input, input, input, output.
        assertEquals(List.of("InputTensor", "IndicesTensor", "UpdatesTensor", "OutputTensor"),
                ScatterSupport.ND_BLOCK_4_1.tensors().stream().map(TensorSupport::field).toList());
        assertEquals(List.of(TensorKind.INPUT, TensorKind.INPUT, TensorKind.INPUT, TensorKind.OUTPUT),
                ScatterSupport.ELEMENTS_BLOCK_3_0.tensors().stream().map(TensorSupport::kind).toList());
        // Data types in the docs' order, as the CLI prints them.
        assertEquals(List.of(FLOAT32, FLOAT16),
                ScatterSupport.ELEMENTS_BLOCK_1_0.tensor("UpdatesTensor").orElseThrow().dataTypes());
        assertEquals(List.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8),
                ScatterSupport.ND_BLOCK_2_1.tensor("InputTensor").orElseThrow().dataTypes());
        assertEquals(List.of(INT64, INT32, UINT64, UINT32),
                ScatterSupport.ELEMENTS_BLOCK_3_0.tensor("IndicesTensor").orElseThrow().dataTypes());
        assertEquals(List.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8),
                ScatterSupport.ND_BLOCK_4_1.tensor("OutputTensor").orElseThrow().dataTypes());
        assertEquals("4", ScatterSupport.ELEMENTS_BLOCK_1_0.tensors().get(2).dimensionCounts().toString());
        assertEquals("1 to 8", ScatterSupport.ND_BLOCK_3_0.tensors().get(0).dimensionCounts().toString());
    }
}
