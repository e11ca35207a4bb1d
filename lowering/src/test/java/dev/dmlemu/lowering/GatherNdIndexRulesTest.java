package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * GatherND's index values: the framework's rule (each tuple coordinate in {@code [-s, s-1]} for the data dimension it
 * counts along, ONNX GatherND-11/12/13) and what the values decide when lowering with buffers at 2_1.
 */
class GatherNdIndexRulesTest {

    private static final ElementType F32 = ElementType.FLOAT;
    private static final ElementType I64 = ElementType.INT64;

    private static GatherNdNode node(List<Long> data, List<Long> indices, long batchDims) {
        return GatherNdNode.onnx(Frontend.ONNX_GATHER_ND_13, data, F32, indices, I64).withBatchDims(batchDims);
    }

    @Test
    void eachCoordinateIsCheckedAgainstItsOwnDimension() {
        // data [2,3]: coordinate 0 in [-2, 1], coordinate 1 in [-3, 2].
        GatherNdNode node = node(List.of(2L, 3L), List.of(2L, 2L), 0);
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstOutOfRange(node, LittleEndian.int64s(-2, -3, 1, 2)));
        assertEquals(Optional.of("indices[1, 1] = 3 is out of range: data dimension 1 (coordinate 1 of the index "
                + "tuple) has size 3, so ONNX GatherND-13 indices must lie in [-3, 2] (index policy strict; "
                + "--index-policy directml shows what DirectML does)"),
                FrameworkIndexCheck.firstOutOfRange(node, LittleEndian.int64s(1, 2, 0, 3)));
        // 2 fits coordinate 1 but not coordinate 0.
        assertTrue(FrameworkIndexCheck.firstOutOfRange(node, LittleEndian.int64s(2, 0, 0, 0)).orElseThrow()
                .startsWith("indices[0, 0] = 2 is out of range: data dimension 0 (coordinate 0 of the index tuple) "
                        + "has size 2, so ONNX GatherND-13 indices must lie in [-2, 1]"));
    }

    @Test
    void withBatchDimsTheFirstCoordinateCountsAlongTheDimensionAfterTheBatches() {
        // data [2,3,4], b 1, tuples of 1: the coordinate counts along data dimension 1 (size 3).
        GatherNdNode node = node(List.of(2L, 3L, 4L), List.of(2L, 1L), 1);
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstOutOfRange(node, LittleEndian.int64s(2, -3)));
        assertTrue(FrameworkIndexCheck.firstOutOfRange(node, LittleEndian.int64s(2, 3)).orElseThrow()
                .startsWith("indices[1, 0] = 3 is out of range: data dimension 1 (coordinate 0 of the index tuple) "
                        + "has size 3"));
    }

    @Test
    void at21TheValuesDecideWhetherInt64IndicesCanBeReadAsUint32() {
        GatherNdNode node = node(List.of(2L, 2L), List.of(2L, 1L), 0);
        java.nio.ByteBuffer data = LittleEndian.floats(0, 1, 2, 3);
        // Non-negative values: lowered with the low halves, the node now stating non-negative indices.
        LoweredBuffers buffers = assertInstanceOf(LoweredBuffers.class,
                node.lowerWithBuffers(FeatureLevel.LEVEL_2_1, LoweringOptions.defaults(), data,
                        LittleEndian.int64s(1, 0)));
        assertEquals(IndexSign.NON_NEGATIVE, buffers.lowered().node().indexSign());
        assertTrue(buffers.lowered().note(FrameworkTensor.INDICES).adjustments()
                .contains(Adjustment.INT64_LOW_HALVES_AS_UINT32));
        Refused negative = assertInstanceOf(Refused.class, node.lowerWithBuffers(FeatureLevel.LEVEL_2_1,
                LoweringOptions.defaults(), data, LittleEndian.int64s(1, -1)));
        assertEquals(LoweringRule.NEGATIVE_INDICES_NEED_3_0, negative.rule());
        assertTrue(negative.message().contains("indices[1, 0] = -1 is negative"), negative.message());
        Refused wide = assertInstanceOf(Refused.class, node.lowerWithBuffers(FeatureLevel.LEVEL_2_1,
                LoweringOptions.defaults(), data, LittleEndian.int64s(1L << 32, 0)));
        assertEquals(LoweringRule.INDEX_NOT_REPRESENTABLE, wide.rule());
        assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), wide.acceptingLevel());
        Refused size = assertInstanceOf(Refused.class, node.lowerWithBuffers(FeatureLevel.LEVEL_3_0,
                LoweringOptions.defaults(), data, LittleEndian.int64s(1)));
        assertEquals(LoweringRule.BUFFER_SIZE_MISMATCH, size.rule());
    }
}
