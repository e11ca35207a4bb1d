package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every example of the seeds (ONNX GatherElements-11/13 docs and backend tests, OpenVINO GatherElements-6 examples
 * 1-3), lowered at every feature level, validated and run on the emulator under the strict index policy. Expected
 * outputs are typed in from the seeds.
 */
class SeedExamplesTest {

    private static final Emulator EMULATOR = new Emulator(EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT));
    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final float[] ONE_TO_NINE = {1, 2, 3, 4, 5, 6, 7, 8, 9};

    @AfterAll
    static void closeEmulator() {
        EMULATOR.close();
    }

    /** Lowers and runs the node; below 2_1 checks the refusal instead. */
    private static Optional<ByteBuffer> run(GatherElementsNode node, FeatureLevel level, ByteBuffer data,
            ByteBuffer indices) {
        BufferLoweringResult result = GatherElementsLowering.lowerWithBuffers(node, level, data, indices);
        if (level.isBelow(FeatureLevel.LEVEL_2_1)) {
            Refused refused = assertInstanceOf(Refused.class, result);
            assertEquals(LoweringRule.OPERATOR_NEEDS_2_1, refused.rule());
            return Optional.empty();
        }
        LoweredBuffers lowered = assertInstanceOf(LoweredBuffers.class, result, () -> result.toString());
        assertTrue(VALIDATOR.validate(lowered.lowered().desc(), level).isValid());
        return Optional.of(lowered.execute(EMULATOR));
    }

    // ONNX Example 1 / test_gather_elements_0: data [[1,2],[3,4]], indices [[0,0],[1,0]], axis 1.
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxExample1(FeatureLevel level) {
        for (Frontend frontend : List.of(Frontend.ONNX_11, Frontend.ONNX_13)) {
            GatherElementsNode node = GatherElementsNode.onnx(frontend, List.of(2L, 2L), ElementType.FLOAT,
                    List.of(2L, 2L), ElementType.INT64).withAxis(1);
            run(node, level, LittleEndian.floats(1, 2, 3, 4), LittleEndian.int64s(0, 0, 1, 0)).ifPresent(output ->
                    assertArrayEquals(new float[] {1, 1, 4, 3}, LittleEndian.readFloats(output)));
        }
    }

    // ONNX Example 2 / test_gather_elements_1: data 3x3 1..9, indices [[1,2,0],[2,0,0]], axis 0.
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxExample2(FeatureLevel level) {
        for (Frontend frontend : List.of(Frontend.ONNX_11, Frontend.ONNX_13)) {
            GatherElementsNode node = GatherElementsNode.onnx(frontend, List.of(3L, 3L), ElementType.FLOAT,
                    List.of(2L, 3L), ElementType.INT64).withAxis(0);
            run(node, level, LittleEndian.floats(ONE_TO_NINE), LittleEndian.int64s(1, 2, 0, 2, 0, 0))
                    .ifPresent(output -> assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3},
                            LittleEndian.readFloats(output)));
        }
    }

    // test_gather_elements_negative_indices: indices [[-1,-2,0],[-2,0,0]], axis 0 -> [[7,5,3],[4,2,3]].
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxNegativeIndices(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L, 3L), ElementType.FLOAT,
                List.of(2L, 3L), ElementType.INT64).withAxis(0);
        ByteBuffer data = LittleEndian.floats(ONE_TO_NINE);
        ByteBuffer indices = LittleEndian.int64s(-1, -2, 0, -2, 0, 0);
        if (level == FeatureLevel.LEVEL_2_1) {
            Refused refused = assertInstanceOf(Refused.class,
                    GatherElementsLowering.lowerWithBuffers(node, level, data, indices));
            assertEquals(LoweringRule.NEGATIVE_INDICES_NEED_3_0, refused.rule());
            assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), refused.acceptingLevel());
            return;
        }
        run(node, level, data, indices).ifPresent(output ->
                assertArrayEquals(new float[] {7, 5, 3, 4, 2, 3}, LittleEndian.readFloats(output)));
    }

    // The same indices as int32, as the backend test first builds them.
    @ParameterizedTest
    @EnumSource(value = FeatureLevel.class, names = {"LEVEL_3_0", "LEVEL_6_4"})
    void onnxNegativeIndicesInt32(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L, 3L), ElementType.FLOAT,
                List.of(2L, 3L), ElementType.INT32);
        run(node, level, LittleEndian.floats(ONE_TO_NINE), LittleEndian.int32s(-1, -2, 0, -2, 0, 0))
                .ifPresent(output -> assertArrayEquals(new float[] {7, 5, 3, 4, 2, 3},
                        LittleEndian.readFloats(output)));
    }

    // OpenVINO Example 1: data [[1,2],[3,4]], indices [[0,1],[0,0]], axis 0 -> [[1,4],[1,2]].
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void openVinoExample1(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.openVino(List.of(2L, 2L), ElementType.FLOAT, List.of(2L, 2L),
                ElementType.INT32, 0);
        run(node, level, LittleEndian.floats(1, 2, 3, 4), LittleEndian.int32s(0, 1, 0, 0)).ifPresent(output ->
                assertArrayEquals(new float[] {1, 4, 1, 2}, LittleEndian.readFloats(output)));
    }

    // OpenVINO Example 2, indices larger along the axis: data [[1,7],[4,3]], indices [[1,1,0],[1,0,1]], axis 1.
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void openVinoExample2(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.openVino(List.of(2L, 2L), ElementType.INT32, List.of(2L, 3L),
                ElementType.INT64, 1);
        run(node, level, LittleEndian.int32s(1, 7, 4, 3), LittleEndian.int64s(1, 1, 0, 1, 0, 1)).ifPresent(output ->
                assertArrayEquals(new int[] {7, 7, 1, 3, 4, 3}, LittleEndian.readInt32s(output)));
    }

    // OpenVINO Example 3, indices smaller along the axis: data 3x3 1..9, indices [[1,0,1],[1,2,0]], axis 0.
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void openVinoExample3(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.openVino(List.of(3L, 3L), ElementType.INT32, List.of(2L, 3L),
                ElementType.INT32, 0);
        run(node, level, LittleEndian.int32s(1, 2, 3, 4, 5, 6, 7, 8, 9), LittleEndian.int32s(1, 0, 1, 1, 2, 0))
                .ifPresent(output -> assertArrayEquals(new int[] {4, 2, 6, 4, 8, 3}, LittleEndian.readInt32s(output)));
    }

    // Indices smaller than the data outside the axis (legal in ONNX), computed by hand from the spec's equations:
    // data 3x3 1..9, indices [[2],[0]] axis 0 -> [[data[2][0]],[data[0][0]]] = [[7],[1]].
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxSmallerNonAxisIndicesAxis0(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L, 3L), ElementType.FLOAT,
                List.of(2L, 1L), ElementType.INT64);
        run(node, level, LittleEndian.floats(ONE_TO_NINE), LittleEndian.int64s(2, 0)).ifPresent(output ->
                assertArrayEquals(new float[] {7, 1}, LittleEndian.readFloats(output)));
    }

    // data 3x3 1..9, indices [[2,0,1,1],[0,0,2,1]] shape [2,4] axis -1: rows 0 and 1 of the data only,
    // -> [[3,1,2,2],[4,4,6,5]].
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxSmallerNonAxisIndicesNegativeAxis(FeatureLevel level) {
        GatherElementsNode node = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L, 3L), ElementType.FLOAT,
                List.of(2L, 4L), ElementType.INT32).withAxis(-1);
        run(node, level, LittleEndian.floats(ONE_TO_NINE), LittleEndian.int32s(2, 0, 1, 1, 0, 0, 2, 1))
                .ifPresent(output -> assertArrayEquals(new float[] {3, 1, 2, 2, 4, 4, 6, 5},
                        LittleEndian.readFloats(output)));
    }
}
