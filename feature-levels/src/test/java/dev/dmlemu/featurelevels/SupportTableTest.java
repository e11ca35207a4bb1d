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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The support tables against the DirectML docs page "DML_GATHER_ELEMENTS_OPERATOR_DESC", section "Tensor support",
 * typed in again here independently of {@link GatherElementsSupport}: every (level x data type x index type x
 * DimensionCount 0-9) desc is validated and each tensor field's table diagnostics are compared with the docs.
 */
class SupportTableTest {

    private static final String[] FIELDS = {"InputTensor", "IndicesTensor", "OutputTensor"};

    // --- the docs, transcribed (and the level mapping: 1_0/2_0 none, 3_1/4_0 -> 3_0, 5_0..6_4 -> 4_1) ---

    private static Optional<FeatureLevel> docsBlock(FeatureLevel level) {
        return switch (level) {
            case LEVEL_1_0, LEVEL_2_0 -> Optional.empty();
            case LEVEL_2_1 -> Optional.of(LEVEL_2_1);
            case LEVEL_3_0, LEVEL_3_1, LEVEL_4_0 -> Optional.of(LEVEL_3_0);
            default -> Optional.of(LEVEL_4_1);
        };
    }

    static Set<TensorDataType> docsTypes(FeatureLevel block, String field) {
        if (field.equals("IndicesTensor")) {
            return block == LEVEL_2_1 ? Set.of(UINT32) : Set.of(INT64, INT32, UINT64, UINT32);
        }
        return block == LEVEL_4_1
                ? Set.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8)
                : Set.of(FLOAT32, FLOAT16, INT32, INT16, INT8, UINT32, UINT16, UINT8);
    }

    static boolean docsDims(FeatureLevel block, long dimensionCount) {
        return block == LEVEL_2_1 ? dimensionCount == 4 : dimensionCount >= 1 && dimensionCount <= 8;
    }

    private static final SupportCellChecks.DocsTables DOCS = new SupportCellChecks.DocsTables(
            SupportTableTest::docsBlock, SupportTableTest::docsTypes, SupportTableTest::docsDims,
            List.of(LEVEL_2_1, LEVEL_3_0, LEVEL_4_1));

    // --- the exhaustive comparison ---

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void everyCellAgreesWithTheDocs(FeatureLevel level) {
        // Sizes of 1 and Axis 0: the only other possible problem is Axis 0 of a 0-D tensor.
        SupportCellChecks.assertEveryCellAgrees(level, DOCS, (dataType, indexType, dims) ->
                new GatherElementsOperatorDesc(ones(dataType, dims), ones(indexType, dims), ones(dataType, dims), 0));
    }

    // --- the public tables themselves ---

    @Test
    void blocksAreTheThreeDocsBlocksInOrder() {
        List<SupportTable> blocks = GatherElementsSupport.blocks();
        assertEquals(List.of(LEVEL_2_1, LEVEL_3_0, LEVEL_4_1), blocks.stream().map(SupportTable::since).toList());
        assertEquals(LEVEL_2_1, GatherElementsSupport.introducedIn());
        for (SupportTable block : blocks) {
            assertEquals(List.of("InputTensor", "IndicesTensor", "OutputTensor"),
                    block.tensors().stream().map(TensorSupport::field).toList());
            assertEquals(List.of(TensorKind.INPUT, TensorKind.INPUT, TensorKind.OUTPUT),
                    block.tensors().stream().map(TensorSupport::kind).toList());
        }
        // Data types in the docs' order, as the CLI prints them.
        assertEquals(List.of(FLOAT64, FLOAT32, FLOAT16, INT64, INT32, INT16, INT8, UINT64, UINT32, UINT16, UINT8),
                GatherElementsSupport.BLOCK_4_1.tensor("OutputTensor").orElseThrow().dataTypes());
        assertEquals(List.of(UINT32), GatherElementsSupport.BLOCK_2_1.tensor("IndicesTensor").orElseThrow()
                .dataTypes());
        assertEquals("4", GatherElementsSupport.BLOCK_2_1.tensors().get(0).dimensionCounts().toString());
        assertEquals("1 to 8", GatherElementsSupport.BLOCK_3_0.tensors().get(0).dimensionCounts().toString());
    }

    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void levelMapsToTheDocsBlock(FeatureLevel level) {
        assertEquals(docsBlock(level), OperatorCatalog.support(OperatorType.GATHER_ELEMENTS).orElseThrow()
                .forLevel(level).map(SupportTable::since));
        assertEquals(docsBlock(level), GatherElementsSupport.forLevel(level).map(SupportTable::since));
    }
}
