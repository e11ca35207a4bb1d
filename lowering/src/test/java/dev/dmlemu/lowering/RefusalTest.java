package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every refusal: its rule, its message (rule, tensor or attribute, level) and the level that would accept it. */
class RefusalTest {

    private static final LoweringOptions LANES =
            LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);

    /**
     * One refusal case.
     *
     * @param name what is refused
     * @param run lowers the case's node at a level
     * @param level the level that refuses it
     * @param rule the rule expected
     * @param accepting the level expected to accept it, if any
     * @param fragments text the message must contain
     */
    record Case(String name, Function<FeatureLevel, Object> run, FeatureLevel level, LoweringRule rule, Optional<FeatureLevel> accepting,
            List<String> fragments) {
        Object result() {
            return run.apply(level);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static GatherElementsNode onnx(List<Long> data, ElementType dataType, List<Long> indices,
            ElementType indicesType) {
        return GatherElementsNode.onnx(Frontend.ONNX_13, data, dataType, indices, indicesType);
    }

    private static GatherElementsNode floats(List<Long> data, List<Long> indices) {
        return onnx(data, ElementType.FLOAT, indices, ElementType.INT64);
    }

    private static Case shapes(String name, FrameworkNode node, FeatureLevel level, LoweringOptions options,
            LoweringRule rule, FeatureLevel accepting, String... fragments) {
        return new Case(name, at -> node.lower(at, options), level, rule, Optional.ofNullable(accepting),
                List.of(fragments));
    }

    private static Case shapes(String name, FrameworkNode node, FeatureLevel level, LoweringRule rule,
            FeatureLevel accepting, String... fragments) {
        return shapes(name, node, level, LoweringOptions.defaults(), rule, accepting, fragments);
    }

    private static Case buffers(String name, FrameworkNode node, FeatureLevel level, ByteBuffer data,
            ByteBuffer indices, LoweringRule rule, FeatureLevel accepting, String... fragments) {
        return new Case(name, at -> node.lowerWithBuffers(at, LoweringOptions.defaults(), data, indices), level,
                rule, Optional.ofNullable(accepting), List.of(fragments));
    }

    private static GatherNode gather(Frontend frontend, List<Long> data, ElementType dataType, List<Long> indices,
            ElementType indicesType) {
        return GatherNode.onnx(frontend, data, dataType, indices, indicesType);
    }

    static Stream<Case> cases() {
        return Stream.concat(gatherElementsCases(), gatherCases());
    }

    /** Gather's own refusals; dimensions beyond the level's limit are merged, never refused. */
    static Stream<Case> gatherCases() {
        FeatureLevel l21 = FeatureLevel.LEVEL_2_1;
        FeatureLevel l30 = FeatureLevel.LEVEL_3_0;
        FeatureLevel l41 = FeatureLevel.LEVEL_4_1;
        FeatureLevel l64 = FeatureLevel.LEVEL_6_4;
        Frontend g13 = Frontend.ONNX_GATHER_13;
        ElementType f32 = ElementType.FLOAT;
        ElementType i64 = ElementType.INT64;
        return Stream.of(
                shapes("Gather: scalar data", gather(g13, List.of(), f32, List.of(2L), i64), l30,
                        LoweringRule.RANK_ZERO, null, "RANK_ZERO: ONNX Gather-13: data is a scalar (rank 0)"),
                shapes("Gather: negative dimension", gather(g13, List.of(3L), f32, List.of(-2L), i64), l30,
                        LoweringRule.NEGATIVE_DIMENSION, null, "indices shape [-2] has a negative dimension 0"),
                shapes("OpenVINO Gather-1 without axis", new GatherNode(Frontend.OPENVINO_GATHER_1, List.of(2L),
                        f32, List.of(2L), ElementType.INT32, OptionalLong.empty(), IndexSign.NON_NEGATIVE), l30,
                        LoweringRule.AXIS_REQUIRED, null,
                        "AXIS_REQUIRED: OpenVINO Gather-1: the axis input is required"),
                shapes("Gather: axis 2 for rank 2", gather(g13, List.of(2L, 3L), f32, List.of(2L), i64).withAxis(2),
                        l30, LoweringRule.AXIS_OUT_OF_RANGE, null, "axis 2 is outside [-2, 1] for data of rank 2"),
                shapes("Gather: axis -3 for rank 2", GatherNode.openVino(List.of(2L, 3L), f32, List.of(), i64, -3),
                        l30, LoweringRule.AXIS_OUT_OF_RANGE, null, "OpenVINO Gather-1: axis -3 is outside [-2, 1]"),
                // Output data[:0] ++ [0] ++ data[1:] = [0, 3].
                shapes("Gather: empty indices", gather(g13, List.of(2L, 3L), f32, List.of(0L), i64), l30,
                        LoweringRule.EMPTY_TENSOR, null, "EMPTY_TENSOR: ", "the output [0, 3] is empty"),
                shapes("Gather: too many elements", gather(g13, List.of(70_000L, 70_000L), f32, List.of(1L), i64),
                        l30, LoweringRule.TENSOR_TOO_LARGE, null,
                        "InputTensor [70000, 70000] has 4900000000 elements; DirectML allows at most 2^32 - 1"),
                shapes("Gather: uint32 indices", gather(g13, List.of(3L), f32, List.of(3L), ElementType.UINT32), l30,
                        LoweringRule.INDICES_TYPE_NOT_ALLOWED, null, "ONNX Gather-13: indices of type uint32"),
                shapes("Gather: int8 data at 1_0", gather(g13, List.of(3L), ElementType.INT8, List.of(2L), i64)
                        .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_1_0,
                        LoweringRule.DATA_TYPE_NEEDS_2_1, l21, "DATA_TYPE_NEEDS_2_1: ",
                        "int8 data is INT8 in DirectML, but at DML_FEATURE_LEVEL_1_0 DirectML Gather takes FLOAT32 "
                                + "and FLOAT16 data only", "[accepted from DML_FEATURE_LEVEL_2_1]"),
                shapes("Gather: bool data at 2_0", GatherNode.openVino(List.of(3L), ElementType.BOOL, List.of(2L),
                        i64, 0), FeatureLevel.LEVEL_2_0, LoweringRule.DATA_TYPE_NEEDS_2_1, l21,
                        "bool data is UINT8 in DirectML"),
                shapes("Gather: double lanes at 1_0", gather(g13, List.of(3L), ElementType.DOUBLE, List.of(2L), i64)
                        .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_1_0, LANES,
                        LoweringRule.DATA_TYPE_NEEDS_2_1, l21, "double data is UINT32 in DirectML lanes"),
                shapes("Gather: bfloat16 in opset 11", gather(Frontend.ONNX_GATHER_11, List.of(3L),
                        ElementType.BFLOAT16, List.of(3L), i64), l30, LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION,
                        null, "ONNX Gather-11: data of type bfloat16", "needs ONNX Gather-13"),
                shapes("Gather: bfloat16 in opset 1", gather(Frontend.ONNX_GATHER_1, List.of(3L),
                        ElementType.BFLOAT16, List.of(3L), i64), l30, LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION,
                        null, "ONNX Gather-1: data of type bfloat16"),
                shapes("Gather: complex in OpenVINO", GatherNode.openVino(List.of(3L), ElementType.COMPLEX128,
                        List.of(3L), i64, 0), l64, LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION, null,
                        "OpenVINO Gather-1: data of type complex128"),
                shapes("Gather: string", gather(Frontend.ONNX_GATHER_1, List.of(3L), ElementType.STRING,
                        List.of(3L), i64), l64, LoweringRule.STRING_DATA, null, "ONNX Gather-1: string data"),
                shapes("Gather: complex64", gather(g13, List.of(3L), ElementType.COMPLEX64, List.of(3L), i64), l64,
                        LoweringRule.COMPLEX_DATA, null, "complex64 data", "2 UINT32 lanes"),
                shapes("Gather: uint64 at 3_0", gather(g13, List.of(3L), ElementType.UINT64, List.of(), i64), l30,
                        LoweringRule.DATA_64_BIT_NEEDS_4_1, l41, "uint64 data is UINT64 in DirectML, which Gather "
                                + "accepts from DML_FEATURE_LEVEL_4_1"),
                shapes("Gather: signed indices at 2_1", gather(Frontend.ONNX_GATHER_11, List.of(3L), f32,
                        List.of(2L, 2L), i64), l21, LoweringRule.NEGATIVE_INDICES_NEED_3_0, l30,
                        "ONNX Gather-11: indices (int64) may be negative"),
                buffers("Gather: short indices buffer", gather(g13, List.of(3L), f32, List.of(), i64), l30,
                        LittleEndian.floats(1, 2, 3), LittleEndian.int32s(1), LoweringRule.BUFFER_SIZE_MISMATCH,
                        null, "the indices buffer holds 4 bytes, but int64 [] takes 8"),
                buffers("negative ONNX Gather-1 index", gather(Frontend.ONNX_GATHER_1, List.of(3L), f32,
                        List.of(2L), i64), l30, LittleEndian.floats(1, 2, 3), LittleEndian.int64s(0, -1),
                        LoweringRule.INDEX_CONTRADICTS_NODE, null, "ONNX Gather-1: indices[1] = -1 is negative",
                        "bounds them to [0, s-1]"),
                buffers("negative OpenVINO Gather-1 scalar index", GatherNode.openVino(List.of(3L), f32, List.of(),
                        ElementType.INT32, 0), l30, LittleEndian.floats(1, 2, 3), LittleEndian.int32s(-3),
                        LoweringRule.INDEX_CONTRADICTS_NODE, null, "OpenVINO Gather-1: indices = -3 is negative"),
                buffers("Gather: negative index at 2_1", gather(g13, List.of(3L), f32, List.of(1L, 2L), i64), l21,
                        LittleEndian.floats(1, 2, 3), LittleEndian.int64s(2, -1),
                        LoweringRule.NEGATIVE_INDICES_NEED_3_0, l30, "indices[0, 1] = -1 is negative"),
                buffers("Gather: int64 index past 32 bits at 2_1", gather(g13, List.of(3L), f32, List.of(2L), i64),
                        l21, LittleEndian.floats(1, 2, 3), LittleEndian.int64s(1L << 33, 0),
                        LoweringRule.INDEX_NOT_REPRESENTABLE, l30, "indices[0] = 8589934592 does not fit"));
    }

    static Stream<Case> gatherElementsCases() {
        FeatureLevel l21 = FeatureLevel.LEVEL_2_1;
        FeatureLevel l30 = FeatureLevel.LEVEL_3_0;
        FeatureLevel l41 = FeatureLevel.LEVEL_4_1;
        FeatureLevel l64 = FeatureLevel.LEVEL_6_4;
        List<Long> rank5 = List.of(2L, 2L, 2L, 2L, 2L);
        List<Long> rank8 = List.of(1L, 2L, 1L, 2L, 1L, 2L, 1L, 2L);
        List<Long> rank9 = List.of(1L, 2L, 1L, 2L, 1L, 2L, 1L, 2L, 1L);
        return Stream.of(
                shapes("operator below 2_1", floats(List.of(3L), List.of(3L)), FeatureLevel.LEVEL_2_0,
                        LoweringRule.OPERATOR_NEEDS_2_1, l21, "OPERATOR_NEEDS_2_1: ",
                        "does not exist at DML_FEATURE_LEVEL_2_0", "[accepted from DML_FEATURE_LEVEL_2_1]"),
                shapes("negative dimension", floats(List.of(3L, -1L), List.of(3L, 1L)), l30,
                        LoweringRule.NEGATIVE_DIMENSION, null, "NEGATIVE_DIMENSION: ", "data shape [3, -1]",
                        "dimension 1"),
                shapes("rank mismatch", floats(List.of(3L, 2L), List.of(3L)), l30, LoweringRule.RANK_MISMATCH, null,
                        "RANK_MISMATCH: ONNX GatherElements-13: data has rank 2 [3, 2] but indices have rank 1 [3]"),
                shapes("rank 0", floats(List.of(), List.of()), l30, LoweringRule.RANK_ZERO, null,
                        "RANK_ZERO: ", "scalars (rank 0)", "RESHAPE_TO_1D"),
                shapes("rank 5 at 2_1", floats(rank5, rank5).withIndexSign(IndexSign.NON_NEGATIVE), l21,
                        LoweringRule.RANK_ABOVE_4_NEEDS_3_0, l30, "RANK_ABOVE_4_NEEDS_3_0: ",
                        "at DML_FEATURE_LEVEL_2_1 DirectML GatherElements takes exactly 4 dimensions, this node "
                                + "needs 5", "[accepted from DML_FEATURE_LEVEL_3_0]"),
                shapes("rank 4 with lanes at 2_1",
                        onnx(List.of(2L, 2L, 2L, 2L), ElementType.DOUBLE, List.of(2L, 2L, 2L, 2L), ElementType.INT64)
                                .withIndexSign(IndexSign.NON_NEGATIVE), l21, LANES,
                        LoweringRule.RANK_ABOVE_4_NEEDS_3_0, l30, "needs 5 (rank 4 plus the UINT32 lane dimension "
                                + "for double data)", "DML_FEATURE_LEVEL_3_0"),
                shapes("rank 9", floats(rank9, rank9), l64, LoweringRule.RANK_ABOVE_8, null,
                        "RANK_ABOVE_8: ", "at most 8 dimensions at any feature level, this node needs 9"),
                shapes("rank 8 with lanes at 3_0", onnx(rank8, ElementType.INT64, rank8, ElementType.INT64), l30, LANES,
                        LoweringRule.RANK_ABOVE_8, l41, "needs 9 (rank 8 plus the UINT32 lane dimension for int64 "
                                + "data)", "DML_FEATURE_LEVEL_4_1 holds int64 natively in 8 dimensions"),
                shapes("OpenVINO without axis", new GatherElementsNode(Frontend.OPENVINO_6, List.of(2L), ElementType.FLOAT,
                        List.of(2L), ElementType.INT32, OptionalLong.empty(), IndexSign.NON_NEGATIVE), l30,
                        LoweringRule.AXIS_REQUIRED, null,
                        "AXIS_REQUIRED: OpenVINO GatherElements-6: the axis attribute is required"),
                shapes("axis 2 for rank 2", floats(List.of(2L, 2L), List.of(2L, 2L)).withAxis(2), l30,
                        LoweringRule.AXIS_OUT_OF_RANGE, null, "AXIS_OUT_OF_RANGE: ",
                        "axis 2 is outside [-2, 1] for data of rank 2"),
                shapes("axis -3 for rank 2", floats(List.of(2L, 2L), List.of(2L, 2L)).withAxis(-3), l30,
                        LoweringRule.AXIS_OUT_OF_RANGE, null, "axis -3 is outside [-2, 1]"),
                shapes("ONNX indices larger outside the axis", floats(List.of(2L, 3L), List.of(2L, 4L)), l30,
                        LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA, null, "INDICES_SHAPE_NOT_WITHIN_DATA: ",
                        "indices [2, 4] and data [2, 3] differ in dimension 1 (4 vs 3), which is not the axis 0",
                        "may not be larger"),
                shapes("OpenVINO indices smaller outside the axis",
                        GatherElementsNode.openVino(List.of(3L, 3L), ElementType.FLOAT, List.of(2L, 2L),
                                ElementType.INT32, 1), l30, LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA, null,
                        "OpenVINO GatherElements-6", "dimension 0 (2 vs 3)", "must equal the data outside the axis"),
                shapes("empty indices", floats(List.of(2L, 3L), List.of(0L, 3L)), l30, LoweringRule.EMPTY_TENSOR,
                        null, "EMPTY_TENSOR: ", "a size of 0 is invalid", "nothing to dispatch"),
                shapes("too many elements", floats(List.of(70_000L, 70_000L), List.of(1L, 70_000L)), l30,
                        LoweringRule.TENSOR_TOO_LARGE, null, "TENSOR_TOO_LARGE: ", "InputTensor [70000, 70000] has "
                                + "4900000000 elements; DirectML allows at most 2^32 - 1"),
                shapes("uint32 indices", onnx(List.of(3L), ElementType.FLOAT, List.of(3L), ElementType.UINT32), l30,
                        LoweringRule.INDICES_TYPE_NOT_ALLOWED, null,
                        "INDICES_TYPE_NOT_ALLOWED: ", "indices of type uint32", "int32 or int64"),
                shapes("signed indices at 2_1", floats(List.of(3L), List.of(3L)), l21,
                        LoweringRule.NEGATIVE_INDICES_NEED_3_0, l30, "NEGATIVE_INDICES_NEED_3_0: ",
                        "indices (int64) may be negative", "UINT32 only", "[accepted from DML_FEATURE_LEVEL_3_0]"),
                shapes("bfloat16 in opset 11", GatherElementsNode.onnx(Frontend.ONNX_11, List.of(3L),
                        ElementType.BFLOAT16, List.of(3L), ElementType.INT64), l30,
                        LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION, null,
                        "DATA_TYPE_NOT_IN_OPERATOR_VERSION: ONNX GatherElements-11: data of type bfloat16",
                        "needs ONNX GatherElements-13"),
                shapes("complex in OpenVINO", GatherElementsNode.openVino(List.of(3L), ElementType.COMPLEX64,
                        List.of(3L), ElementType.INT32, 0), l30, LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION, null,
                        "OpenVINO GatherElements-6: data of type complex64"),
                shapes("string", onnx(List.of(3L), ElementType.STRING, List.of(3L), ElementType.INT64), l64,
                        LoweringRule.STRING_DATA, null, "STRING_DATA: ", "no DirectML tensor data type"),
                shapes("complex64", onnx(List.of(3L), ElementType.COMPLEX64, List.of(3L), ElementType.INT64), l64,
                        LoweringRule.COMPLEX_DATA, null, "COMPLEX_DATA: ", "complex64 data", "2 UINT32 lanes"),
                shapes("complex128", onnx(List.of(3L), ElementType.COMPLEX128, List.of(3L), ElementType.INT64), l64,
                        LoweringRule.COMPLEX_DATA, null, "complex128 data", "4 UINT32 lanes"),
                shapes("double at 3_0", onnx(List.of(3L), ElementType.DOUBLE, List.of(3L), ElementType.INT64), l30,
                        LoweringRule.DATA_64_BIT_NEEDS_4_1, l41, "DATA_64_BIT_NEEDS_4_1: ",
                        "double data is FLOAT64 in DirectML", "not at DML_FEATURE_LEVEL_3_0",
                        "[accepted from DML_FEATURE_LEVEL_4_1]"),
                shapes("int64 at 2_1", onnx(List.of(3L), ElementType.INT64, List.of(3L), ElementType.INT32)
                        .withIndexSign(IndexSign.NON_NEGATIVE), l21, LoweringRule.DATA_64_BIT_NEEDS_4_1, l41,
                        "int64 data is INT64 in DirectML"),
                shapes("uint64 at 4_0", onnx(List.of(3L), ElementType.UINT64, List.of(3L), ElementType.INT32),
                        FeatureLevel.LEVEL_4_0, LoweringRule.DATA_64_BIT_NEEDS_4_1, l41, "uint64 data is UINT64"),
                buffers("short data buffer", floats(List.of(3L), List.of(2L)), l30, LittleEndian.floats(1, 2),
                        LittleEndian.int64s(0, 1), LoweringRule.BUFFER_SIZE_MISMATCH, null, "BUFFER_SIZE_MISMATCH: ",
                        "the data buffer holds 8 bytes, but float [3] takes 12"),
                buffers("int32 bytes for int64 indices", floats(List.of(3L), List.of(2L)), l30,
                        LittleEndian.floats(1, 2, 3), LittleEndian.int32s(0, 1), LoweringRule.BUFFER_SIZE_MISMATCH, null,
                        "the indices buffer holds 8 bytes, but int64 [2] takes 16"),
                buffers("negative OpenVINO index", GatherElementsNode.openVino(List.of(2L, 2L), ElementType.FLOAT,
                        List.of(2L, 2L), ElementType.INT32, 0), l30, LittleEndian.floats(1, 2, 3, 4),
                        LittleEndian.int32s(0, 1, -1, 0), LoweringRule.INDEX_CONTRADICTS_NODE, null,
                        "INDEX_CONTRADICTS_NODE: ", "indices[1, 0] = -1 is negative", "bounds them to [0, s-1]"),
                buffers("int64 index past 32 bits at 2_1", floats(List.of(3L), List.of(2L)), l21,
                        LittleEndian.floats(1, 2, 3), LittleEndian.int64s(0, 1L << 32),
                        LoweringRule.INDEX_NOT_REPRESENTABLE, l30, "INDEX_NOT_REPRESENTABLE: ",
                        "indices[1] = 4294967296 does not fit the UINT32 low half", "DML_FEATURE_LEVEL_3_0"),
                buffers("negative index at 2_1", floats(List.of(3L), List.of(2L)), l21,
                        LittleEndian.floats(1, 2, 3), LittleEndian.int64s(0, -1),
                        LoweringRule.NEGATIVE_INDICES_NEED_3_0, l30, "indices[1] = -1 is negative",
                        "UINT32 only", "DML_FEATURE_LEVEL_3_0"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusesWithTheRuleAndAMessageNamingIt(Case refusal) {
        Refused refused = assertInstanceOf(Refused.class, refusal.result());
        assertEquals(refusal.rule(), refused.rule(), refused.message());
        assertTrue(refused.message().startsWith(refused.rule().name() + ": "), refused.message());
        for (String fragment : refusal.fragments()) {
            assertTrue(refused.message().contains(fragment),
                    () -> "message lacks '" + fragment + "': " + refused.message());
        }
        assertEquals(refusal.accepting(), refused.acceptingLevel(), refused.message());
    }

    @Test
    void everyRuleButTheValidatorGuardHasACase() {
        // DESC_REJECTED_BY_VALIDATOR guards against a lowering defect: no correct lowering reaches it. GatherND's
        // cases are GatherNdRefusalTest's, the scatters' ScatterRefusalTest's.
        Set<LoweringRule> covered = Stream.concat(Stream.concat(cases().map(Case::rule),
                GatherNdRefusalTest.cases().map(GatherNdRefusalTest.Case::rule)),
                ScatterRefusalTest.scatterOnlyCases().map(ScatterRefusalTest.Case::rule))
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(LoweringRule.class)));
        Set<LoweringRule> expected = EnumSet.complementOf(EnumSet.of(LoweringRule.DESC_REJECTED_BY_VALIDATOR));
        assertEquals(expected, covered);
    }

    @Test
    void everyRuleThatAppliesToGatherHasAGatherCase() {
        // Gather has no rank rules (it merges dimensions instead) and no rule on the indices' shape; the operator
        // exists from 1_0.
        Set<LoweringRule> covered = gatherCases().map(Case::rule).collect(Collectors.toCollection(
                () -> EnumSet.noneOf(LoweringRule.class)));
        Set<LoweringRule> expected = EnumSet.complementOf(EnumSet.of(LoweringRule.DESC_REJECTED_BY_VALIDATOR,
                LoweringRule.OPERATOR_NEEDS_2_1, LoweringRule.RANK_MISMATCH, LoweringRule.RANK_ABOVE_4_NEEDS_3_0,
                LoweringRule.RANK_ABOVE_8, LoweringRule.INDICES_SHAPE_NOT_WITHIN_DATA));
        expected.removeAll(GatherNdRefusalTest.GATHER_ND_ONLY);
        expected.removeAll(ScatterRefusalTest.SCATTER_ONLY);
        assertEquals(expected, covered);
    }

    @Test
    void theAcceptingLevelLiftsTheRefusal() {
        for (Case refusal : cases().toList()) {
            Refused refused = assertInstanceOf(Refused.class, refusal.result());
            if (refused.acceptingLevel().isPresent()) {
                // At the named level this rule no longer refuses the same node (another rule may, e.g. signed
                // indices once the operator exists).
                Object there = refusal.run().apply(refused.acceptingLevel().get());
                if (there instanceof Refused other) {
                    assertTrue(other.rule() != refusal.rule(), refusal.name() + ": " + other.message());
                }
            }
        }
    }
}
