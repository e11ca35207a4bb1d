package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every rule a ScatterElements or ScatterND node can be refused by, each with the node that shows it. */
class ScatterRefusalTest {

    private static final ElementType F32 = ElementType.FLOAT;
    private static final ElementType I64 = ElementType.INT64;
    private static final List<Long> D33 = List.of(3L, 3L);
    private static final List<Long> I23 = List.of(2L, 3L);

    /** The rules only a scatter can be refused by. */
    static final Set<LoweringRule> SCATTER_ONLY = EnumSet.of(LoweringRule.REDUCTION_NOT_IN_OPERATOR_VERSION,
            LoweringRule.REDUCTION_NOT_SUPPORTED, LoweringRule.UPDATES_SHAPE_MISMATCH,
            LoweringRule.INDICES_SHAPE_NOT_EXPRESSIBLE);

    /** A node refused by {@code rule} at {@code level}. */
    record Case(LoweringRule rule, FrameworkNode node, FeatureLevel level) {}

    /** One case for each rule of {@link #SCATTER_ONLY}. */
    static Stream<Case> scatterOnlyCases() {
        return Stream.of(
                new Case(LoweringRule.REDUCTION_NOT_IN_OPERATOR_VERSION, elements(Frontend.ONNX_SCATTER_ELEMENTS_16,
                        D33, F32, I23, I23, NodeAttributes.none().withReduction(Reduction.MIN)),
                        FeatureLevel.LEVEL_6_4),
                new Case(LoweringRule.REDUCTION_NOT_SUPPORTED, nd(Frontend.ONNX_SCATTER_ND_16, List.of(8L), F32,
                        List.of(4L, 1L), List.of(4L), NodeAttributes.none().withReduction(Reduction.MUL)),
                        FeatureLevel.LEVEL_6_4),
                new Case(LoweringRule.UPDATES_SHAPE_MISMATCH, elements(D33, I23, List.of(2L, 2L), 0),
                        FeatureLevel.LEVEL_6_4),
                new Case(LoweringRule.INDICES_SHAPE_NOT_EXPRESSIBLE, elements(D33, List.of(3L, 2L), List.of(3L, 2L),
                        0), FeatureLevel.LEVEL_6_4));
    }

    @Test
    void everyScatterOnlyRuleHasACase() {
        assertEquals(SCATTER_ONLY, scatterOnlyCases().map(Case::rule).collect(Collectors.toCollection(
                () -> EnumSet.noneOf(LoweringRule.class))));
        scatterOnlyCases().forEach(c -> refused(c.node(), c.level(), c.rule()));
    }

    private static FrameworkNode elements(Frontend frontend, List<Long> data, ElementType dataType, List<Long> indices,
            List<Long> updates, NodeAttributes attributes) {
        return FrameworkNode.of(frontend, data, dataType, indices, I64, updates, attributes);
    }

    private static FrameworkNode elements(List<Long> data, List<Long> indices, List<Long> updates, long axis) {
        return elements(Frontend.ONNX_SCATTER_ELEMENTS_18, data, F32, indices, updates,
                NodeAttributes.none().withAxis(axis));
    }

    private static FrameworkNode nd(Frontend frontend, List<Long> data, ElementType dataType, List<Long> indices,
            List<Long> updates, NodeAttributes attributes) {
        return FrameworkNode.of(frontend, data, dataType, indices, I64, updates, attributes);
    }

    private static FrameworkNode nd(List<Long> data, List<Long> indices, List<Long> updates) {
        return nd(Frontend.ONNX_SCATTER_ND_18, data, F32, indices, updates, NodeAttributes.none());
    }

    private static Refused refused(FrameworkNode node, FeatureLevel level, LoweringRule rule) {
        return refused(node, level, LoweringOptions.defaults(), rule);
    }

    private static Refused refused(FrameworkNode node, FeatureLevel level, LoweringOptions options,
            LoweringRule rule) {
        LoweringResult result = node.lower(level, options);
        Refused refused = assertInstanceOf(Refused.class, result, result::toString);
        assertEquals(rule, refused.rule(), refused.message());
        assertTrue(refused.message().startsWith(rule.name() + ": " + node.frontend().displayName()),
                refused.message());
        return refused;
    }

    @Test
    void reductionsOtherThanNoneAreRefusedNamingTheReduction() {
        for (Reduction reduction : List.of(Reduction.ADD, Reduction.MUL, Reduction.MAX, Reduction.MIN)) {
            Refused refused = refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, F32, I23, I23,
                    NodeAttributes.none().withReduction(reduction)), FeatureLevel.LEVEL_6_4,
                    LoweringRule.REDUCTION_NOT_SUPPORTED);
            assertTrue(refused.message().contains("reduction \"" + reduction.onnxName() + "\""), refused.message());
            assertTrue(refused.message().contains("SCATTER_ELEMENTS has no reduction"), refused.message());
            assertTrue(refused.message().contains("a backend must lower this node otherwise"), refused.message());
            Refused ndRefused = refused(nd(Frontend.ONNX_SCATTER_ND_18, List.of(8L), F32, List.of(4L, 1L),
                    List.of(4L), NodeAttributes.none().withReduction(reduction)), FeatureLevel.LEVEL_6_4,
                    LoweringRule.REDUCTION_NOT_SUPPORTED);
            assertTrue(ndRefused.message().contains("SCATTER_ND has no reduction"), ndRefused.message());
        }
        refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_16, D33, F32, I23, I23,
                NodeAttributes.none().withReduction(Reduction.ADD)), FeatureLevel.LEVEL_6_4,
                LoweringRule.REDUCTION_NOT_SUPPORTED);
        assertInstanceOf(Lowered.class, elements(Frontend.ONNX_SCATTER_ELEMENTS_16, D33, F32, I23, I23,
                NodeAttributes.none().withReduction(Reduction.NONE)).lower(FeatureLevel.LEVEL_6_4,
                        LoweringOptions.defaults()));
    }

    @Test
    void maxAndMinCameWithOpset18() {
        Refused refused = refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_16, D33, F32, I23, I23,
                NodeAttributes.none().withReduction(Reduction.MAX)), FeatureLevel.LEVEL_6_4,
                LoweringRule.REDUCTION_NOT_IN_OPERATOR_VERSION);
        assertTrue(refused.message().contains("ScatterElements-18"), refused.message());
        refused(nd(Frontend.ONNX_SCATTER_ND_16, List.of(8L), F32, List.of(4L, 1L), List.of(4L),
                NodeAttributes.none().withReduction(Reduction.MIN)), FeatureLevel.LEVEL_6_4,
                LoweringRule.REDUCTION_NOT_IN_OPERATOR_VERSION);
    }

    @Test
    void versionsBefore16HaveNoReductionAttribute() {
        assertThrows(IllegalArgumentException.class, () -> elements(Frontend.ONNX_SCATTER_ELEMENTS_13, D33, F32, I23,
                I23, NodeAttributes.none().withReduction(Reduction.NONE)));
        assertThrows(IllegalArgumentException.class, () -> nd(Frontend.ONNX_SCATTER_ND_11, List.of(8L), F32,
                List.of(4L, 1L), List.of(4L), NodeAttributes.none().withReduction(Reduction.NONE)));
        assertThrows(IllegalArgumentException.class, () -> nd(Frontend.ONNX_SCATTER_ND_18, List.of(8L), F32,
                List.of(4L, 1L), List.of(4L), NodeAttributes.none().withAxis(0)));
    }

    @Test
    void scatterNodesNeedAnUpdatesShapeAndGathersHaveNone() {
        assertThrows(IllegalArgumentException.class, () -> FrameworkNode.of(Frontend.ONNX_SCATTER_ND_18, D33, F32,
                I23, I64, NodeAttributes.none()));
        assertThrows(IllegalArgumentException.class, () -> FrameworkNode.of(Frontend.ONNX_13, D33, F32, I23, I64,
                I23, NodeAttributes.none()));
    }

    @Test
    void scatterElementsShapeRules() {
        refused(elements(D33, List.of(2L, 3L, 1L), List.of(2L, 3L, 1L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.RANK_MISMATCH);
        refused(elements(List.of(), List.of(), List.of(), 0), FeatureLevel.LEVEL_6_4, LoweringRule.RANK_ZERO);
        refused(elements(D33, I23, List.of(3L, 2L), 0), FeatureLevel.LEVEL_6_4, LoweringRule.UPDATES_SHAPE_MISMATCH);
        refused(elements(D33, I23, I23, 2), FeatureLevel.LEVEL_6_4, LoweringRule.AXIS_OUT_OF_RANGE);
        refused(elements(D33, I23, I23, -3), FeatureLevel.LEVEL_6_4, LoweringRule.AXIS_OUT_OF_RANGE);
        refused(elements(D33, List.of(2L, 4L), List.of(2L, 4L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA);
        Refused smaller = refused(elements(D33, List.of(2L, 2L), List.of(2L, 2L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.INDICES_SHAPE_NOT_EXPRESSIBLE);
        assertTrue(smaller.message().contains("smaller"), smaller.message());
        Refused longer = refused(elements(D33, List.of(4L, 3L), List.of(4L, 3L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.INDICES_SHAPE_NOT_EXPRESSIBLE);
        assertTrue(longer.message().contains("longer"), longer.message());
        Refused noUpdate = refused(elements(D33, List.of(0L, 3L), List.of(0L, 3L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.EMPTY_TENSOR);
        assertTrue(noUpdate.message().contains("with no update the output is the data unchanged"),
                noUpdate.message());
        refused(elements(D33, List.of(-1L, 3L), List.of(-1L, 3L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.NEGATIVE_DIMENSION);
        Refused negativeUpdates = refused(elements(D33, I23, List.of(2L, -3L), 0), FeatureLevel.LEVEL_6_4,
                LoweringRule.NEGATIVE_DIMENSION);
        assertTrue(negativeUpdates.message().contains("updates shape"), negativeUpdates.message());
    }

    @Test
    void scatterElementsTypesAndLevels() {
        refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_11, D33, ElementType.BFLOAT16, I23, I23, NodeAttributes.none()),
                FeatureLevel.LEVEL_6_4, LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION);
        assertInstanceOf(Lowered.class, elements(Frontend.ONNX_SCATTER_ELEMENTS_13, D33, ElementType.BFLOAT16, I23, I23,
                NodeAttributes.none()).lower(FeatureLevel.LEVEL_6_4, LoweringOptions.defaults()));
        refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, ElementType.STRING, I23, I23, NodeAttributes.none()),
                FeatureLevel.LEVEL_6_4, LoweringRule.STRING_DATA);
        refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, ElementType.COMPLEX64, I23, I23,
                NodeAttributes.none()), FeatureLevel.LEVEL_6_4, LoweringRule.COMPLEX_DATA);
        refused(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, ElementType.INT64, I23, I23, NodeAttributes.none()),
                FeatureLevel.LEVEL_3_0, LoweringRule.DATA_64_BIT_NEEDS_4_1);
        FrameworkNode int8 = elements(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, ElementType.INT8, I23, I23,
                NodeAttributes.none()).withIndexSign(IndexSign.NON_NEGATIVE);
        Refused at10 = refused(int8, FeatureLevel.LEVEL_1_0, LoweringRule.DATA_TYPE_NEEDS_2_1);
        assertEquals(Optional.of(FeatureLevel.LEVEL_2_1), at10.acceptingLevel());
        assertTrue(at10.message().contains("DirectML ScatterElements takes FLOAT32 and FLOAT16"), at10.message());
        refused(elements(D33, I23, I23, 0), FeatureLevel.LEVEL_2_1, LoweringRule.NEGATIVE_INDICES_NEED_3_0);
        FrameworkNode int32Indices = FrameworkNode.of(Frontend.ONNX_SCATTER_ELEMENTS_18, D33, F32, I23,
                ElementType.INT16, I23, NodeAttributes.none());
        refused(int32Indices, FeatureLevel.LEVEL_6_4, LoweringRule.INDICES_TYPE_NOT_ALLOWED);
    }

    @Test
    void scatterNdShapeTypeAndLevelRules() {
        refused(nd(List.of(8L), List.of(4L, 1L), List.of(4L)), FeatureLevel.LEVEL_2_0, LoweringRule.OPERATOR_NEEDS_2_1);
        refused(nd(List.of(), List.of(1L), List.of()), FeatureLevel.LEVEL_6_4, LoweringRule.RANK_ZERO);
        refused(nd(List.of(8L), List.of(4L, 2L), List.of(4L)), FeatureLevel.LEVEL_6_4,
                LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE);
        refused(nd(List.of(8L), List.of(4L, 0L), List.of(4L, 8L)), FeatureLevel.LEVEL_6_4,
                LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE);
        Refused updates = refused(nd(List.of(4L, 4L, 4L), List.of(2L, 1L), List.of(2L, 4L)), FeatureLevel.LEVEL_6_4,
                LoweringRule.UPDATES_SHAPE_MISMATCH);
        assertTrue(updates.message().contains("[2, 4, 4]"), updates.message());
        refused(FrameworkNode.of(Frontend.ONNX_SCATTER_ND_18, List.of(8L), F32, List.of(4L, 1L), ElementType.INT32,
                List.of(4L), NodeAttributes.none()), FeatureLevel.LEVEL_6_4, LoweringRule.INDICES_TYPE_NOT_ALLOWED);
        refused(nd(Frontend.ONNX_SCATTER_ND_11, List.of(8L), ElementType.BFLOAT16, List.of(4L, 1L), List.of(4L),
                NodeAttributes.none()), FeatureLevel.LEVEL_6_4, LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION);
        // A 5-tuple needs 5 data dimensions whatever is merged: 3_0 takes it, 2_1 does not.
        List<Long> five = List.of(2L, 2L, 2L, 2L, 2L);
        Refused at21 = refused(nd(five, List.of(1L, 5L), List.of(1L)).withIndexSign(IndexSign.NON_NEGATIVE),
                FeatureLevel.LEVEL_2_1, LoweringRule.RANK_ABOVE_4_NEEDS_3_0);
        assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), at21.acceptingLevel());
        assertInstanceOf(Lowered.class, nd(five, List.of(1L, 5L), List.of(1L)).lower(FeatureLevel.LEVEL_3_0,
                LoweringOptions.defaults()));
        List<Long> nine = List.of(1L, 1L, 1L, 1L, 1L, 1L, 1L, 1L, 2L);
        refused(nd(nine, List.of(1L, 9L), List.of(1L)), FeatureLevel.LEVEL_6_4, LoweringRule.RANK_ABOVE_8);
        refused(nd(List.of(8L), List.of(0L, 1L), List.of(0L)), FeatureLevel.LEVEL_6_4, LoweringRule.EMPTY_TENSOR);
    }

    @Test
    void buffersMustMatchEveryInputIncludingTheUpdates() {
        FrameworkNode node = nd(List.of(8L), List.of(4L, 1L), List.of(4L));
        ByteBuffer data = LittleEndian.floats(1, 2, 3, 4, 5, 6, 7, 8);
        ByteBuffer indices = LittleEndian.int64s(4, 3, 1, 7);
        BufferLoweringResult result = node.lowerWithBuffers(FeatureLevel.LEVEL_6_4, LoweringOptions.defaults(),
                Map.of(FrameworkTensor.DATA, data, FrameworkTensor.INDICES, indices, FrameworkTensor.UPDATES,
                        LittleEndian.floats(9, 10, 11)));
        Refused refused = assertInstanceOf(Refused.class, result);
        assertEquals(LoweringRule.BUFFER_SIZE_MISMATCH, refused.rule());
        assertTrue(refused.message().contains("the updates buffer holds 12 bytes"), refused.message());
        assertThrows(IllegalArgumentException.class, () -> node.lowerWithBuffers(FeatureLevel.LEVEL_6_4,
                LoweringOptions.defaults(), data, indices));
    }
}
