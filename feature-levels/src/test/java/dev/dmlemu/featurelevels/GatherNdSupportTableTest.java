package dev.dmlemu.featurelevels;

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
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The GATHER_ND and GATHER_ND1 support tables against the DirectML docs pages "DML_GATHER_ND_OPERATOR_DESC" and
 * "DML_GATHER_ND1_OPERATOR_DESC", sections "Availability" and "Tensor support" (docs/directml-behaviour.md §11.2),
 * typed in again here independently of {@link GatherNdSupport}. The cells are descs of sizes 1 with
 * InputDimensionCount and IndicesDimensionCount 1 (and BatchDimensionCount 0): a tuple of one coordinate, whose
 * output formula is empty, so all sizes 1.
 */
class GatherNdSupportTableTest {

    // --- the docs: GATHER_ND from 2_1 (2_1: 4-D, UINT32 indices; 3_0: 1-8-D, four index types; 4_1: the 64-bit
    // data types), GATHER_ND1 from 3_0 with the same 3_0 and 4_1 blocks. Cell for cell these are the blocks of the
    // GATHER_ELEMENTS page, so the cells are SupportTableTest's transcription of that page. ---

    /** The docs' tables of one operator, which introduced it at {@code introduced}. */
    private static SupportCellChecks.DocsTables docs(FeatureLevel introduced) {
        return new SupportCellChecks.DocsTables(level -> !level.isAtLeast(introduced) ? Optional.empty()
                : Optional.of(level.isAtLeast(LEVEL_4_1) ? LEVEL_4_1 : level.isAtLeast(LEVEL_3_0) ? LEVEL_3_0
                        : LEVEL_2_1),
                SupportTableTest::docsTypes, SupportTableTest::docsDims,
                introduced == LEVEL_2_1 ? List.of(LEVEL_2_1, LEVEL_3_0, LEVEL_4_1) : List.of(LEVEL_3_0, LEVEL_4_1));
    }

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void everyGatherNdCellAgreesWithTheDocs(FeatureLevel level) {
        SupportCellChecks.assertEveryCellAgrees(level, docs(LEVEL_2_1), (dataType, indexType, dims) ->
                new GatherNdOperatorDesc(ones(dataType, dims), ones(indexType, dims), ones(dataType, dims), 1, 1));
    }

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void everyGatherNd1CellAgreesWithTheDocs(FeatureLevel level) {
        SupportCellChecks.assertEveryCellAgrees(level, docs(LEVEL_3_0), (dataType, indexType, dims) ->
                new GatherNd1OperatorDesc(ones(dataType, dims), ones(indexType, dims), ones(dataType, dims), 1, 1,
                        0));
    }

    @Test
    void blocksAreTheDocsBlocksInOrder() {
        assertEquals(List.of(LEVEL_2_1, LEVEL_3_0, LEVEL_4_1),
                GatherNdSupport.ND_SUPPORT.blocks().stream().map(SupportTable::since).toList());
        assertEquals(List.of(LEVEL_3_0, LEVEL_4_1),
                GatherNdSupport.ND1_SUPPORT.blocks().stream().map(SupportTable::since).toList());
        assertEquals(OperatorType.GATHER_ND, GatherNdSupport.ND_BLOCK_2_1.operatorType());
        assertEquals(OperatorType.GATHER_ND1, GatherNdSupport.ND1_BLOCK_3_0.operatorType());
        // Data types in the docs' order, as the CLI prints them.
        assertEquals(List.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8),
                GatherNdSupport.ND_BLOCK_2_1.tensor("InputTensor").orElseThrow().dataTypes());
        assertEquals(List.of(INT64, INT32, UINT64, UINT32),
                GatherNdSupport.ND1_BLOCK_3_0.tensor("IndicesTensor").orElseThrow().dataTypes());
        assertEquals(List.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8),
                GatherNdSupport.ND1_BLOCK_4_1.tensor("OutputTensor").orElseThrow().dataTypes());
        assertEquals("4", GatherNdSupport.ND_BLOCK_2_1.tensors().get(1).dimensionCounts().toString());
        assertEquals("1 to 8", GatherNdSupport.ND_BLOCK_3_0.tensors().get(0).dimensionCounts().toString());
    }
}
