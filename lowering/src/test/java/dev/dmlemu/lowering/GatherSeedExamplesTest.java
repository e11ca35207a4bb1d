package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The Gather seeds' examples, lowered at every feature level, validated and run on the emulator under the strict
 * index policy: OpenVINO Gather-1's (openvino-Gather-1.rst; it documents the output shape), ONNX Gather's two
 * examples (the same in Gather-1, -11 and -13), and ONNX's negative-indices case and scalar-index shape rule with
 * outputs worked out by hand from the spec. Expected values are typed in.
 */
class GatherSeedExamplesTest {

    private static final Emulator EMULATOR =
            new Emulator(EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT));
    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final List<Frontend> ONNX_GATHERS = List.of(Frontend.ONNX_GATHER_1, Frontend.ONNX_GATHER_11,
            Frontend.ONNX_GATHER_13);

    @AfterAll
    static void closeEmulator() {
        EMULATOR.close();
    }

    private static LoweredBuffers lowerWithBuffers(GatherNode node, FeatureLevel level, ByteBuffer data,
            ByteBuffer indices) {
        BufferLoweringResult result = GatherLowering.lowerWithBuffers(node, level, data, indices);
        LoweredBuffers lowered = assertInstanceOf(LoweredBuffers.class, result, result::toString);
        assertTrue(VALIDATOR.validate(lowered.lowered().desc(), level).isValid());
        return lowered;
    }

    private static ByteBuffer run(GatherNode node, FeatureLevel level, ByteBuffer data, ByteBuffer indices) {
        return lowerWithBuffers(node, level, data, indices).execute(EMULATOR);
    }

    // openvino-Gather-1.rst, Example: data [6,12,10,24], indices [15,4,20,28], axis 1 -> output
    // [6, 15, 4, 20, 28, 10, 24] ("embedded dimension from the 1st input", four from the 2nd, two from the 1st).
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void openVinoExampleHasTheDocumentedShape(FeatureLevel level) {
        GatherNode node = GatherNode.openVino(List.of(6L, 12L, 10L, 24L), ElementType.FLOAT, List.of(15L, 4L, 20L, 28L),
                ElementType.INT32, 1);
        Lowered lowered = assertInstanceOf(Lowered.class, GatherLowering.lower(node, level));
        List<Long> documented = List.of(6L, 15L, 4L, 20L, 28L, 10L, 24L);
        assertEquals(documented, lowered.outputShape());
        BufferTensorDesc output = (BufferTensorDesc) lowered.desc(GatherOperatorDesc.class).outputTensor();
        assertEquals(BufferTensorMath.elementCount(documented), BufferTensorMath.elementCount(output.sizes()));
        if (!level.isBelow(FeatureLevel.LEVEL_3_0)) {
            assertEquals(documented, output.sizes());
        }
    }

    /**
     * The same example run whole at 6_4 (7 dimensions) and 2_1 (merged to 4): with data[p, a, b, c] = its own flat
     * position 2880p + 240a + 24b + c and indices[i] = 7i mod 12, the spec's formula
     * {@code output[p, i..., b, c] = input1[p, input2[i...], b, c]} says output element (p, i, b, c) holds
     * 2880p + 240 * (7i mod 12) + 24b + c, for i the indices' flat position.
     */
    @ParameterizedTest
    @EnumSource(value = FeatureLevel.class, names = {"LEVEL_2_1", "LEVEL_6_4"})
    void openVinoExampleRunsWhole(FeatureLevel level) {
        int dataCount = 6 * 12 * 10 * 24;
        ByteBuffer data = ByteBuffer.allocate(dataCount * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < dataCount; i++) {
            data.putFloat(i);
        }
        int indexCount = 15 * 4 * 20 * 28;
        ByteBuffer indices = ByteBuffer.allocate(indexCount * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < indexCount; i++) {
            indices.putInt(7 * i % 12);
        }
        GatherNode node = GatherNode.openVino(List.of(6L, 12L, 10L, 24L), ElementType.FLOAT, List.of(15L, 4L, 20L, 28L),
                ElementType.INT32, 1);
        ByteBuffer output = run(node, level, data.flip(), indices.flip()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(6L * indexCount * 240 * 4, output.remaining());
        int position = 0;
        for (int p = 0; p < 6; p++) {
            for (int i = 0; i < indexCount; i++) {
                float base = 2880f * p + 240f * (7 * i % 12);
                for (int bc = 0; bc < 240; bc++) {
                    float value = output.getFloat(position);
                    if (value != base + bc) {
                        throw new AssertionError("output element (" + p + ", " + i + ", " + bc + ") is " + value
                                + ", expected " + (base + bc));
                    }
                    position += 4;
                }
            }
        }
    }

    // ONNX Gather, Example 1 (Gather-1, -11 and -13 docs): data [[1.0,1.2],[2.3,3.4],[4.5,5.7]], indices
    // [[0,1],[1,2]], axis 0 -> [[[1.0,1.2],[2.3,3.4]],[[2.3,3.4],[4.5,5.7]]].
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxExample1(FeatureLevel level) {
        for (Frontend frontend : ONNX_GATHERS) {
            GatherNode node = GatherNode.onnx(frontend, List.of(3L, 2L), ElementType.FLOAT, List.of(2L, 2L),
                    ElementType.INT64);
            ByteBuffer output = run(node, level, LittleEndian.floats(1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f),
                    LittleEndian.int64s(0, 1, 1, 2));
            assertArrayEquals(new float[] {1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f},
                    LittleEndian.readFloats(output), frontend + " at " + level);
            assertEquals(List.of(2L, 2L, 2L), node.outputShape());
        }
    }

    // ONNX Gather, Example 2: data [[1.0,1.2,1.9],[2.3,3.4,3.9],[4.5,5.7,5.9]], indices [[0,2]], axis 1 ->
    // [[[1.0,1.9]],[[2.3,3.9]],[[4.5,5.9]]], shape [3, 1, 2] as Gather-13's docs print it and every version's shape
    // rule gives (Gather-1 and -11's docs nest the same values as [[[1.0,1.9],[2.3,3.9],[4.5,5.9]]]).
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxExample2(FeatureLevel level) {
        for (Frontend frontend : ONNX_GATHERS) {
            GatherNode node = GatherNode.onnx(frontend, List.of(3L, 3L), ElementType.FLOAT, List.of(1L, 2L),
                    ElementType.INT32).withAxis(1);
            ByteBuffer output = run(node, level, LittleEndian.floats(1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f,
                    5.9f), LittleEndian.int32s(0, 2));
            assertArrayEquals(new float[] {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f}, LittleEndian.readFloats(output),
                    frontend + " at " + level);
            assertEquals(List.of(3L, 1L, 2L), node.outputShape());
        }
    }

    // Negative indices (Gather-11/13: [-s, s-1]): data 0..9, indices [0, -9, -10], axis 0 -> data[0], data[10 - 9],
    // data[10 - 10] = [0, 1, 0]. Below 3_0 IndicesTensor is UINT32 only, so they are refused there.
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void onnxNegativeIndices(FeatureLevel level) {
        ByteBuffer data = LittleEndian.floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        ByteBuffer indices = LittleEndian.int64s(0, -9, -10);
        for (Frontend frontend : List.of(Frontend.ONNX_GATHER_11, Frontend.ONNX_GATHER_13)) {
            GatherNode node = GatherNode.onnx(frontend, List.of(10L), ElementType.FLOAT, List.of(3L),
                    ElementType.INT64);
            if (level.isBelow(FeatureLevel.LEVEL_3_0)) {
                Refused refused = assertInstanceOf(Refused.class,
                        GatherLowering.lowerWithBuffers(node, level, data, indices));
                assertEquals(LoweringRule.NEGATIVE_INDICES_NEED_3_0, refused.rule());
                assertEquals(Optional.of(FeatureLevel.LEVEL_3_0), refused.acceptingLevel());
            } else {
                assertArrayEquals(new float[] {0, 1, 0}, LittleEndian.readFloats(run(node, level, data, indices)));
            }
        }
        // Gather-1 bounds indices to the axis: a negative one contradicts the node at every level.
        Refused gather1 = assertInstanceOf(Refused.class, GatherLowering.lowerWithBuffers(GatherNode.onnx(
                Frontend.ONNX_GATHER_1, List.of(10L), ElementType.FLOAT, List.of(3L), ElementType.INT64), level, data,
                indices));
        assertEquals(LoweringRule.INDEX_CONTRADICTS_NODE, gather1.rule());
    }

    // The spec's shape table: data (P, Q), a scalar index, axis 0 -> (Q), output[q] = data[indices, q]. With data
    // [[1,2,3],[4,5,6]] and index 1: [4, 5, 6]. Axis 1, index -1 (the last column): [3, 6].
    @ParameterizedTest
    @EnumSource(FeatureLevel.class)
    void scalarIndices(FeatureLevel level) {
        ByteBuffer data = LittleEndian.floats(1, 2, 3, 4, 5, 6);
        GatherNode row = GatherNode.onnx(Frontend.ONNX_GATHER_13, List.of(2L, 3L), ElementType.FLOAT, List.of(),
                ElementType.INT64);
        assertArrayEquals(new float[] {4, 5, 6}, LittleEndian.readFloats(run(row, level, data,
                LittleEndian.int64s(1))));
        assertEquals(List.of(3L), row.outputShape());
        if (!level.isBelow(FeatureLevel.LEVEL_3_0)) {
            GatherNode column = row.withAxis(1);
            assertArrayEquals(new float[] {3, 6}, LittleEndian.readFloats(run(column, level, data,
                    LittleEndian.int64s(-1))));
            assertEquals(List.of(2L), column.outputShape());
        }
    }

    /** The test's own reference, pinned to the examples above. */
    @Test
    void theNaiveReferenceGivesTheSpecsOutputs() {
        byte[] example1 = NaiveFrameworkGather.take(LittleEndian.bytes(LittleEndian.floats(1.0f, 1.2f, 2.3f, 3.4f,
                4.5f, 5.7f)), new int[] {3, 2}, 4, LittleEndian.bytes(LittleEndian.int64s(0, 1, 1, 2)), 4, 8, 0);
        assertArrayEquals(new float[] {1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f},
                LittleEndian.readFloats(ByteBuffer.wrap(example1)));
        byte[] example2 = NaiveFrameworkGather.take(LittleEndian.bytes(LittleEndian.floats(1.0f, 1.2f, 1.9f, 2.3f,
                3.4f, 3.9f, 4.5f, 5.7f, 5.9f)), new int[] {3, 3}, 4, LittleEndian.bytes(LittleEndian.int32s(0, 2)), 2,
                4, 1);
        assertArrayEquals(new float[] {1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f},
                LittleEndian.readFloats(ByteBuffer.wrap(example2)));
        byte[] negative = NaiveFrameworkGather.take(LittleEndian.bytes(LittleEndian.floats(0, 1, 2, 3, 4, 5, 6, 7,
                8, 9)), new int[] {10}, 4, LittleEndian.bytes(LittleEndian.int64s(0, -9, -10)), 3, 8, 0);
        assertArrayEquals(new float[] {0, 1, 0}, LittleEndian.readFloats(ByteBuffer.wrap(negative)));
    }
}
