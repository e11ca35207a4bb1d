package dev.dmlemu.conformance.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.lowering.BufferLoweringResult;
import dev.dmlemu.lowering.ElementType;
import dev.dmlemu.lowering.FrameworkNode;
import dev.dmlemu.lowering.Frontend;
import dev.dmlemu.lowering.GatherElementsNode;
import dev.dmlemu.lowering.GatherNode;
import dev.dmlemu.lowering.LoweredBuffers;
import dev.dmlemu.lowering.LoweringOptions;
import dev.dmlemu.lowering.WideElementHandling;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Lowered descs run on the real DirectML.dll: for GatherElements the strided window for indices smaller than the
 * data, the 2_1 forms (4-D padding, int64 indices read as UINT32 low halves) and the UINT32 lane split with stride-0
 * indices; for Gather the padding to one DimensionCount (the input padded so that Axis >= IndexDimensions - 1), a
 * scalar index (IndexDimensions 0), merged dimensions and the lane split. Each must be accepted and give the output
 * typed in from the seeds or worked out by hand, as the emulator does. All cases share one process: a desc that
 * tripped DirectML 1.15.4's heap bug (IndexDimensions - 1 > Axis) could crash a later one.
 */
class LoweredOnRealDirectMlTest {

    private static final LoweringOptions LANES =
            LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);

    /** A node with its data, indices and framework output bytes. */
    private record Example(String name, FrameworkNode node, LoweringOptions options, ByteBuffer data,
            ByteBuffer indices, ByteBuffer expected) {}

    private static ByteBuffer floats(float... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            buffer.putFloat(value);
        }
        return buffer.flip();
    }

    private static ByteBuffer longs(long... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long value : values) {
            buffer.putLong(value);
        }
        return buffer.flip();
    }

    private static ByteBuffer doubles(double... values) {
        ByteBuffer buffer = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (double value : values) {
            buffer.putDouble(value);
        }
        return buffer.flip();
    }


    private static List<Example> examples() {
        float[] oneToNine = {1, 2, 3, 4, 5, 6, 7, 8, 9};
        List<Long> threeByThree = List.of(3L, 3L);
        return List.of(
                // ONNX Example 2 (seed): [[4,8,3],[7,2,3]].
                new Example("onnx_example2", GatherElementsNode.onnx(Frontend.ONNX_13, threeByThree,
                        ElementType.FLOAT, List.of(2L, 3L), ElementType.INT64), LoweringOptions.defaults(),
                        floats(oneToNine), longs(1, 2, 0, 2, 0, 0), floats(4, 8, 3, 7, 2, 3)),
                // OpenVINO Example 2 (seed), indices larger along the axis: [[7,7,1],[3,4,3]].
                new Example("openvino_example2", GatherElementsNode.openVino(List.of(2L, 2L), ElementType.FLOAT,
                        List.of(2L, 3L), ElementType.INT64, 1), LoweringOptions.defaults(), floats(1, 7, 4, 3),
                        longs(1, 1, 0, 1, 0, 1), floats(7, 7, 1, 3, 4, 3)),
                // Window: indices [3,2] of data 3x3, axis 0: out[i][j] = data[idx][j] -> 7 2 4 5 1 8.
                new Example("window_columns", GatherElementsNode.onnx(Frontend.ONNX_13, threeByThree,
                        ElementType.FLOAT, List.of(3L, 2L), ElementType.INT64), LoweringOptions.defaults(),
                        floats(oneToNine), longs(2, 0, 1, 1, 0, 2), floats(7, 2, 4, 5, 1, 8)),
                // Window, axis -1: indices [2,4] over rows 0-1 -> [[3,1,2,2],[4,4,6,5]].
                new Example("window_rows", GatherElementsNode.onnx(Frontend.ONNX_13, threeByThree,
                        ElementType.FLOAT, List.of(2L, 4L), ElementType.INT64).withAxis(-1),
                        LoweringOptions.defaults(), floats(oneToNine), longs(2, 0, 1, 1, 0, 0, 2, 1),
                        floats(3, 1, 2, 2, 4, 4, 6, 5)),
                // double data [3]: indices [2, 0] pick 3.0 and 1.0 (as UINT32 lanes below 4_1, FLOAT64 from 4_1).
                new Example("lanes_double", GatherElementsNode.onnx(Frontend.ONNX_13, List.of(3L),
                        ElementType.DOUBLE, List.of(2L), ElementType.INT64), LANES, doubles(1.0, 2.0, 3.0),
                        longs(2, 0), doubles(3.0, 1.0)),
                // ONNX Gather Example 1 (seed): axis 0 -> [[[1.0,1.2],[2.3,3.4]],[[2.3,3.4],[4.5,5.7]]].
                new Example("gather_onnx_example1", GatherNode.onnx(Frontend.ONNX_GATHER_13, List.of(3L, 2L),
                        ElementType.FLOAT, List.of(2L, 2L), ElementType.INT64), LoweringOptions.defaults(),
                        floats(1.0f, 1.2f, 2.3f, 3.4f, 4.5f, 5.7f), longs(0, 1, 1, 2),
                        floats(1.0f, 1.2f, 2.3f, 3.4f, 2.3f, 3.4f, 4.5f, 5.7f)),
                // ONNX Gather Example 2 (seed): axis 1 -> [[[1.0,1.9]],[[2.3,3.9]],[[4.5,5.9]]].
                new Example("gather_onnx_example2", GatherNode.onnx(Frontend.ONNX_GATHER_1, List.of(3L, 3L),
                        ElementType.FLOAT, List.of(1L, 2L), ElementType.INT64).withAxis(1), LoweringOptions.defaults(),
                        floats(1.0f, 1.2f, 1.9f, 2.3f, 3.4f, 3.9f, 4.5f, 5.7f, 5.9f), longs(0, 2),
                        floats(1.0f, 1.9f, 2.3f, 3.9f, 4.5f, 5.9f)),
                // Indices of higher rank than the data ([5] by [2,3]): the input gets a leading 1, so Axis 1 >=
                // IndexDimensions 2 - 1. data[idx]: [14,10,11,13,12,12].
                new Example("gather_indices_rank_above_data", GatherNode.openVino(List.of(5L), ElementType.FLOAT,
                        List.of(2L, 3L), ElementType.INT64, 0), LoweringOptions.defaults(), floats(10, 11, 12, 13, 14),
                        longs(4, 0, 1, 3, 2, 2), floats(14, 10, 11, 13, 12, 12)),
                // A scalar index (IndexDimensions 0, indices all 1s): row 1 of [[1,2,3],[4,5,6]].
                new Example("gather_scalar_index", GatherNode.onnx(Frontend.ONNX_GATHER_11, List.of(2L, 3L),
                        ElementType.FLOAT, List.of(), ElementType.INT64), LoweringOptions.defaults(),
                        floats(1, 2, 3, 4, 5, 6), longs(1), floats(4, 5, 6)),
                // Output rank 5, merged at 2_1: data 1..12 as [2,3,2], indices [[[2,0]],[[1,1]]], axis 1:
                // out[p, i, c] = data[p, idx[i], c] -> rows 2,0,1,1 of each half.
                new Example("gather_merged", GatherNode.onnx(Frontend.ONNX_GATHER_13, List.of(2L, 3L, 2L),
                        ElementType.FLOAT, List.of(2L, 1L, 2L), ElementType.INT64).withAxis(1),
                        LoweringOptions.defaults(), floats(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), longs(2, 0, 1, 1),
                        floats(5, 6, 1, 2, 3, 4, 3, 4, 11, 12, 7, 8, 9, 10, 9, 10)),
                // double data [3] as UINT32 lanes below 4_1: indices [2, 0] pick 3.0 and 1.0.
                new Example("gather_lanes_double", GatherNode.onnx(Frontend.ONNX_GATHER_13, List.of(3L),
                        ElementType.DOUBLE, List.of(2L), ElementType.INT64), LANES, doubles(1.0, 2.0, 3.0),
                        longs(2, 0), doubles(3.0, 1.0)));
    }

    @Test
    void loweredDescsRunOnTheRealDll() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("lowered descs on the real DirectML");
        Map<String, HarnessCase> cases = new LinkedHashMap<>();
        Map<String, ByteBuffer> expected = new LinkedHashMap<>();
        Map<String, TensorDataType> outputTypes = new LinkedHashMap<>();
        try (Emulator emulator = new Emulator()) {
            for (Example example : examples()) {
                for (FeatureLevel level : List.of(FeatureLevel.LEVEL_2_1, FeatureLevel.LEVEL_3_0,
                        FeatureLevel.LEVEL_4_1)) {
                    BufferLoweringResult result = example.node().lowerWithBuffers(level, example.options(),
                            example.data(), example.indices());
                    LoweredBuffers lowered = assertInstanceOf(LoweredBuffers.class, result, result::toString);
                    String name = example.name() + "_" + level.shortName();
                    cases.put(name, HarnessCase.fromDesc(name, lowered.lowered().desc(), lowered.input(),
                            lowered.indices()));
                    assertEquals(example.expected(), lowered.execute(emulator), name + " on the emulator");
                    outputTypes.put(name, lowered.lowered().operator().tensor("OutputTensor").dataType());
                    expected.put(name, example.expected());
                }
            }
        }
        Map<String, HarnessResult> results = real.execute(List.copyOf(cases.values()));
        for (Map.Entry<String, ByteBuffer> entry : expected.entrySet()) {
            HarnessResult result = results.get(entry.getKey());
            assertTrue(result != null && result.executed(), entry.getKey() + ": " + result);
            ByteBuffer printed = HarnessCase.HarnessValues.parse(outputTypes.get(entry.getKey()),
                    result.output().orElseThrow());
            assertEquals(entry.getValue(), printed.order(ByteOrder.LITTLE_ENDIAN), entry.getKey() + " on DirectML.dll");
        }
    }
}
