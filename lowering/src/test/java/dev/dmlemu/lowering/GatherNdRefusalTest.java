package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every GatherND refusal: its rule, its message and the level that would accept it. */
class GatherNdRefusalTest {

    /** The rules only GatherND has: its batch_dims and its index tuples. */
    static final Set<LoweringRule> GATHER_ND_ONLY = EnumSet.of(LoweringRule.BATCH_DIMS_NOT_IN_OPERATOR_VERSION,
            LoweringRule.BATCH_DIMS_OUT_OF_RANGE, LoweringRule.BATCH_DIMENSIONS_DIFFER,
            LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE, LoweringRule.BATCH_DIMS_NEED_3_0);

    private static final ElementType F32 = ElementType.FLOAT;
    private static final ElementType I64 = ElementType.INT64;

    /** One refusal: the node, the level that refuses it, the rule, the level that accepts it and message text. */
    record Case(String name, GatherNdNode node, FeatureLevel level, LoweringOptions options, LoweringRule rule,
            Optional<FeatureLevel> accepting, List<String> fragments) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case refused(String name, GatherNdNode node, FeatureLevel level, LoweringRule rule,
            FeatureLevel accepting, String... fragments) {
        return new Case(name, node, level, LoweringOptions.defaults(), rule, Optional.ofNullable(accepting),
                List.of(fragments));
    }

    private static GatherNdNode node(Frontend frontend, List<Long> data, ElementType dataType, List<Long> indices,
            ElementType indicesType, long batchDims) {
        return new GatherNdNode(frontend, data, dataType, indices, indicesType, batchDims, IndexSign.MAY_BE_NEGATIVE);
    }

    private static GatherNdNode floats(List<Long> data, List<Long> indices, long batchDims) {
        return node(Frontend.ONNX_GATHER_ND_13, data, F32, indices, I64, batchDims);
    }

    static Stream<Case> cases() {
        List<Long> nineOf2 = Collections.nCopies(9, 2L);
        List<Long> fiveOf2 = Collections.nCopies(5, 2L);
        return Stream.of(
                refused("below 2_1", floats(List.of(2L, 2L), List.of(2L, 1L), 0).withIndexSign(IndexSign.NON_NEGATIVE),
                        FeatureLevel.LEVEL_2_0,
                        LoweringRule.OPERATOR_NEEDS_2_1, FeatureLevel.LEVEL_2_1,
                        "DML_OPERATOR_GATHER_ND does not exist at DML_FEATURE_LEVEL_2_0"),
                refused("batch_dims before opset 12", node(Frontend.ONNX_GATHER_ND_11, List.of(2L, 2L), F32,
                        List.of(2L, 1L), I64, 1), FeatureLevel.LEVEL_6_4,
                        LoweringRule.BATCH_DIMS_NOT_IN_OPERATOR_VERSION, null, "ONNX GatherND-11: batch_dims 1",
                        "no batch_dims attribute"),
                refused("scalar data", floats(List.of(), List.of(1L), 0), FeatureLevel.LEVEL_6_4,
                        LoweringRule.RANK_ZERO, null, "must both have rank >= 1"),
                refused("scalar indices", floats(List.of(2L), List.of(), 0), FeatureLevel.LEVEL_6_4,
                        LoweringRule.RANK_ZERO, null, "indices []"),
                refused("negative batch_dims", floats(List.of(2L, 2L), List.of(2L, 1L), -1), FeatureLevel.LEVEL_6_4,
                        LoweringRule.BATCH_DIMS_OUT_OF_RANGE, null, "batch_dims -1 is outside [0, 2)"),
                refused("batch_dims as large as the indices' rank", floats(List.of(2L, 2L, 2L), List.of(2L, 1L), 2),
                        FeatureLevel.LEVEL_6_4, LoweringRule.BATCH_DIMS_OUT_OF_RANGE, null,
                        "batch_dims 2 is outside [0, 2)"),
                refused("batch sizes differ", floats(List.of(2L, 3L), List.of(3L, 1L), 1), FeatureLevel.LEVEL_6_4,
                        LoweringRule.BATCH_DIMENSIONS_DIFFER, null,
                        "batch dimension 0 has size 2 in data [2, 3] but 3"),
                refused("tuple longer than the data", floats(List.of(2L, 2L), List.of(1L, 3L), 0),
                        FeatureLevel.LEVEL_6_4, LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE, null,
                        "tuples of 3 coordinates, outside [1, 2]"),
                refused("tuple longer than the dimensions after the batch", floats(List.of(2L, 2L), List.of(2L, 2L),
                        1), FeatureLevel.LEVEL_6_4, LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE, null,
                        "tuples of 2 coordinates, outside [1, 1]"),
                refused("empty tuple", floats(List.of(2L, 2L), List.of(3L, 0L), 0), FeatureLevel.LEVEL_6_4,
                        LoweringRule.INDEX_TUPLE_LENGTH_OUT_OF_RANGE, null, "tuples of 0 coordinates"),
                refused("int32 indices", node(Frontend.ONNX_GATHER_ND_13, List.of(2L, 2L), F32, List.of(2L, 1L),
                        ElementType.INT32, 0), FeatureLevel.LEVEL_6_4, LoweringRule.INDICES_TYPE_NOT_ALLOWED, null,
                        "indices of type int32 are not allowed; the operator takes int64 indices"),
                refused("bfloat16 before opset 13", node(Frontend.ONNX_GATHER_ND_12, List.of(2L, 2L),
                        ElementType.BFLOAT16, List.of(2L, 1L), I64, 0), FeatureLevel.LEVEL_6_4,
                        LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION, null, "bfloat16 data needs ONNX GatherND-13"),
                refused("empty data", floats(List.of(0L, 2L), List.of(2L, 1L), 0), FeatureLevel.LEVEL_6_4,
                        LoweringRule.EMPTY_TENSOR, null, "the output [2, 2]"),
                refused("batch_dims below 3_0", floats(List.of(2L, 2L, 2L), List.of(2L, 1L), 1)
                        .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1,
                        LoweringRule.BATCH_DIMS_NEED_3_0, FeatureLevel.LEVEL_3_0, "DML_OPERATOR_GATHER_ND1"),
                refused("int64 data below 4_1", node(Frontend.ONNX_GATHER_ND_13, List.of(2L, 2L), I64,
                        List.of(2L, 1L), I64, 0), FeatureLevel.LEVEL_3_0, LoweringRule.DATA_64_BIT_NEEDS_4_1,
                        FeatureLevel.LEVEL_4_1, "GatherND accepts from DML_FEATURE_LEVEL_4_1"),
                refused("indices that may be negative below 3_0", floats(List.of(2L, 2L), List.of(2L, 1L), 0),
                        FeatureLevel.LEVEL_2_1, LoweringRule.NEGATIVE_INDICES_NEED_3_0, FeatureLevel.LEVEL_3_0,
                        "IndicesTensor is UINT32 only"),
                // A tuple of 5 coordinates needs 5 dimensions of its own: nothing merges at 2_1.
                refused("five indexed dimensions below 3_0", floats(fiveOf2, List.of(5L), 0)
                        .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1,
                        LoweringRule.RANK_ABOVE_4_NEEDS_3_0, FeatureLevel.LEVEL_3_0,
                        "takes exactly 4 dimensions, this node needs 5", "each of the 5 tuple coordinates"),
                refused("nine indexed dimensions", floats(nineOf2, List.of(1L, 9L), 0), FeatureLevel.LEVEL_6_4,
                        LoweringRule.RANK_ABOVE_8, null, "at most 8 dimensions at any feature level, this node "
                                + "needs 9"));
    }

    @Test
    void everyGatherNdOnlyRuleHasACase() {
        Set<LoweringRule> covered = cases().map(Case::rule).collect(Collectors.toCollection(
                () -> EnumSet.noneOf(LoweringRule.class)));
        assertTrue(covered.containsAll(GATHER_ND_ONLY), covered::toString);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachRuleRefusesWithItsMessageAndAcceptingLevel(Case c) {
        Refused refused = assertInstanceOf(Refused.class, GatherNdLowering.lower(c.node(), c.level(), c.options()));
        assertEquals(c.rule(), refused.rule(), refused.message());
        assertEquals(c.accepting(), refused.acceptingLevel(), refused.message());
        assertTrue(refused.message().startsWith(c.rule().name() + ": "), refused.message());
        for (String fragment : c.fragments()) {
            assertTrue(refused.message().contains(fragment), refused.message() + " lacks " + fragment);
        }
        c.accepting().ifPresent(level -> assertInstanceOf(Lowered.class,
                GatherNdLowering.lower(c.node(), level, c.options()), "accepted at " + level.cName()));
    }
}
