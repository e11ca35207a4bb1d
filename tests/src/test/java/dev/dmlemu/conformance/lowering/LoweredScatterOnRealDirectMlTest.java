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
import dev.dmlemu.lowering.FrameworkTensor;
import dev.dmlemu.lowering.Frontend;
import dev.dmlemu.lowering.LoweredBuffers;
import dev.dmlemu.lowering.LoweringOptions;
import dev.dmlemu.lowering.NodeAttributes;
import dev.dmlemu.lowering.WideElementHandling;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Lowered ONNX ScatterElements and ScatterND nodes run on the real DirectML.dll: the 2_1 forms (4-D padding, int64
 * indices read as UINT32 low halves), merged dimensions, negative indices from 3_0 and the UINT32 lane split (stride-0
 * indices for ScatterElements, a lane dimension joining the slice for ScatterND). Each must be accepted and give the
 * output worked out by hand from the ONNX specs, as the emulator does. Every node has distinct targets, so the output
 * does not depend on which write DirectML lets win.
 */
class LoweredScatterOnRealDirectMlTest {

    private static final LoweringOptions LANES =
            LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);
    private static final List<FeatureLevel> ALL = List.of(FeatureLevel.LEVEL_2_1, FeatureLevel.LEVEL_3_0,
            FeatureLevel.LEVEL_4_1);
    private static final List<FeatureLevel> SIGNED = List.of(FeatureLevel.LEVEL_3_0, FeatureLevel.LEVEL_4_1);

    /** A node with its input bytes, the levels it is lowered at and the framework output. */
    private record Example(String name, FrameworkNode node, LoweringOptions options, List<FeatureLevel> levels,
            ByteBuffer data, ByteBuffer indices, ByteBuffer updates, ByteBuffer expected) {}

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

    private static FrameworkNode elements(List<Long> data, ElementType type, List<Long> indices, long axis) {
        return FrameworkNode.of(Frontend.ONNX_SCATTER_ELEMENTS_18, data, type, indices, ElementType.INT64, indices,
                NodeAttributes.none().withAxis(axis));
    }

    private static FrameworkNode nd(List<Long> data, ElementType type, List<Long> indices, List<Long> updates) {
        return FrameworkNode.of(Frontend.ONNX_SCATTER_ND_18, data, type, indices, ElementType.INT64, updates,
                NodeAttributes.none());
    }

    private static List<Example> examples() {
        float[] ex2Data = {1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1,
            8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8};
        float[] ex2Updates = {5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4,
            4, 4};
        float[] ex2Output = {5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 6, 5, 4, 3,
            2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8};
        return List.of(
                // ONNX ScatterElements example 1: zeros [3,3], axis 0 -> [[2,1.1,0],[1,0,2.2],[0,2.1,1.2]].
                new Example("se_onnx_example1", elements(List.of(3L, 3L), ElementType.FLOAT, List.of(2L, 3L), 0),
                        LoweringOptions.defaults(), ALL, floats(0, 0, 0, 0, 0, 0, 0, 0, 0), longs(1, 0, 2, 0, 2, 1),
                        floats(1f, 1.1f, 1.2f, 2f, 2.1f, 2.2f), floats(2f, 1.1f, 0, 1f, 0, 2.2f, 0, 2.1f, 1.2f)),
                // ONNX's negative-indices example: [[1,2,3,4,5]], [[1,-3]], axis 1 -> [[1,1.1,2.1,4,5]].
                new Example("se_onnx_negative", elements(List.of(1L, 5L), ElementType.FLOAT, List.of(1L, 2L), -1),
                        LoweringOptions.defaults(), SIGNED, floats(1, 2, 3, 4, 5), longs(1, -3), floats(1.1f, 2.1f),
                        floats(1, 1.1f, 2.1f, 4, 5)),
                // Rank 5, merged at 2_1: data 1..8 as [2,1,2,1,2], axis 2, indices [2,1,1,1,2] = 1 0 0 1: update
                // (a,0,0,0,e) lands on flat a*4 + idx*2 + e: 2, 1, 4, 7 -> 1 20 10 4 30 6 7 40.
                new Example("se_rank5_merged", elements(List.of(2L, 1L, 2L, 1L, 2L), ElementType.FLOAT,
                        List.of(2L, 1L, 1L, 1L, 2L), 2), LoweringOptions.defaults(), ALL,
                        floats(1, 2, 3, 4, 5, 6, 7, 8), longs(1, 0, 0, 1), floats(10, 20, 30, 40),
                        floats(1, 20, 10, 4, 30, 6, 7, 40)),
                // double [3] (UINT32 lanes below 4_1, the indices repeated along them): [2, 0] <- 10.25, 20.75.
                new Example("se_lanes_double", elements(List.of(3L), ElementType.DOUBLE, List.of(2L), 0), LANES,
                        ALL, doubles(1.5, 2.5, 3.5), longs(2, 0), doubles(10.25, 20.75), doubles(20.75, 2.5, 10.25)),
                // ONNX ScatterND example 1 -> [1,11,3,10,9,6,7,12].
                new Example("snd_onnx_example1", nd(List.of(8L), ElementType.FLOAT, List.of(4L, 1L), List.of(4L)),
                        LoweringOptions.defaults(), ALL, floats(1, 2, 3, 4, 5, 6, 7, 8), longs(4, 3, 1, 7),
                        floats(9, 10, 11, 12), floats(1, 11, 3, 10, 9, 6, 7, 12)),
                // ONNX ScatterND example 2: blocks 0 and 2 of a [4,4,4] tensor replaced (the spec's output).
                new Example("snd_onnx_example2", nd(List.of(4L, 4L, 4L), ElementType.FLOAT, List.of(2L, 1L),
                        List.of(2L, 4L, 4L)), LoweringOptions.defaults(), ALL, floats(ex2Data), longs(0, 2),
                        floats(ex2Updates), floats(ex2Output)),
                // Indices [1,1,1,2,1] need 5 dimensions; merged to [2,1] at 2_1: rows 3 and 0 (-4 from 3_0 is 0).
                new Example("snd_merged", nd(List.of(4L, 1L), ElementType.FLOAT, List.of(1L, 1L, 1L, 2L, 1L),
                        List.of(1L, 1L, 1L, 2L, 1L)), LoweringOptions.defaults(), ALL, floats(1, 2, 3, 4),
                        longs(3, 0), floats(10, 20), floats(20, 2, 3, 10)),
                new Example("snd_negative", nd(List.of(4L, 1L), ElementType.FLOAT, List.of(2L, 1L),
                        List.of(2L, 1L)), LoweringOptions.defaults(), SIGNED, floats(1, 2, 3, 4), longs(-1, -4),
                        floats(10, 20), floats(20, 2, 3, 10)),
                // int64 [3] (UINT32 lanes below 4_1, joining the slice): tuples 2, 0.
                new Example("snd_lanes_int64", nd(List.of(3L), ElementType.INT64, List.of(2L, 1L), List.of(2L)),
                        LANES, ALL, longs(1, 2, 3), longs(2, 0), longs(1L << 40, -7), longs(-7, 2, 1L << 40)));
    }

    @Test
    void loweredScattersRunOnTheRealDll() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("lowered scatters on the real DirectML");
        Map<String, HarnessCase> cases = new LinkedHashMap<>();
        Map<String, ByteBuffer> expected = new LinkedHashMap<>();
        Map<String, TensorDataType> outputTypes = new LinkedHashMap<>();
        try (Emulator emulator = new Emulator()) {
            for (Example example : examples()) {
                for (FeatureLevel level : example.levels()) {
                    BufferLoweringResult result = example.node().lowerWithBuffers(level, example.options(),
                            Map.of(FrameworkTensor.DATA, example.data(), FrameworkTensor.INDICES, example.indices(),
                                    FrameworkTensor.UPDATES, example.updates()));
                    LoweredBuffers lowered = assertInstanceOf(LoweredBuffers.class, result, result::toString);
                    String name = example.name() + "_" + level.shortName();
                    cases.put(name, HarnessCase.fromScatterDesc(name, lowered.lowered().desc(), lowered.input(),
                            lowered.indices(), lowered.updates().orElseThrow()));
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
