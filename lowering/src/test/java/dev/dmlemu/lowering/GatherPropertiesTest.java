package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.TestShapes.count;
import static dev.dmlemu.lowering.TestShapes.longs;
import static dev.dmlemu.lowering.TestShapes.product;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Lowered-then-emulated Gather against {@link NaiveFrameworkGather} ({@code numpy.take}) over data ranks 1-6, index
 * ranks 0-4 (scalars included), negative axes and indices, every element type, every frontend and every feature
 * level. Each lowered desc is also checked against DirectML's rules, restated here independently of the lowering:
 * one DimensionCount (4 below 3_0, at most 8), the output formula, indices dimensions outside the last
 * IndexDimensions all 1, and {@code Axis >= IndexDimensions - 1} (DirectML 1.15.4's heap bug). Where the lowering
 * refuses, the rule must be the one the documented limits predict.
 */
class GatherPropertiesTest {

    private static final Emulator EMULATOR =
            new Emulator(EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT));
    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    @AfterContainer
    static void closeEmulator() {
        EMULATOR.close();
    }

    @Provide
    Arbitrary<ElementType> fixedSizeTypes() {
        return Arbitraries.of(ElementType.class).filter(ElementType::hasFixedSize);
    }

    /** Every level, with the levels below 3_0 (4-D, UINT32 indices) drawn as often as the others together. */
    @Provide
    Arbitrary<FeatureLevel> levels() {
        return Arbitraries.oneOf(Arbitraries.of(FeatureLevel.LEVEL_1_0, FeatureLevel.LEVEL_2_0, FeatureLevel.LEVEL_2_1),
                Arbitraries.of(FeatureLevel.class));
    }

    @Provide
    Arbitrary<Frontend> gatherFrontends() {
        return Arbitraries.of(Frontend.class).filter(f -> f.operator() == FrameworkOperator.GATHER);
    }

    @Provide
    Arbitrary<ElementType> indexTypes() {
        return Arbitraries.of(ElementType.INT32, ElementType.INT64);
    }

    @Property(tries = 1500)
    void loweredThenEmulatedMatchesNumpyTake(
            @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 1, max = 3) Integer> dataShape,
            @ForAll @Size(max = 4) List<@IntRange(min = 1, max = 3) Integer> indicesShape,
            @ForAll @IntRange(min = 0, max = 5) int axisPick,
            @ForAll boolean negativeAxis,
            @ForAll("fixedSizeTypes") ElementType dataType,
            @ForAll("indexTypes") ElementType indicesType,
            @ForAll("levels") FeatureLevel level,
            @ForAll("gatherFrontends") Frontend frontend,
            @ForAll boolean splitLanes,
            @ForAll boolean nonNegativeIndices,
            @ForAll long valueSeed) {
        Statistics.label("outcome").coverage(coverage -> coverage.check("lowered").percentage(p -> p > 40));
        Statistics.label("adjustment").coverage(coverage -> {
            coverage.check(Adjustment.DIMENSIONS_MERGED).count(n -> n >= 50);
            coverage.check(Adjustment.RANK_PADDED).count(n -> n >= 100);
            coverage.check(Adjustment.SCALAR_AS_1D).count(n -> n >= 50);
            coverage.check(Adjustment.INT64_LOW_HALVES_AS_UINT32).count(n -> n >= 20);
            coverage.check(Adjustment.INT32_AS_UINT32).count(n -> n >= 20);
            coverage.check(Adjustment.UINT32_LANES).count(n -> n >= 20);
            coverage.check(Adjustment.BOOL_AS_UINT8).count(n -> n >= 10);
        });
        int rank = dataShape.size();
        int axis = axisPick % rank;
        int[] data = dataShape.stream().mapToInt(Integer::intValue).toArray();
        int[] indices = indicesShape.stream().mapToInt(Integer::intValue).toArray();
        int elementBytes = dataType.sizeInBytes();
        int indexBytes = indicesType.sizeInBytes();
        Random random = new Random(valueSeed);
        byte[] dataBytes = RandomTensors.data(random, count(data), dataType);
        boolean allowNegative = !nonNegativeIndices && frontend.allowsNegativeIndices();
        long[] indexValues = RandomTensors.indices(random, count(indices), data[axis], allowNegative);
        boolean anyNegative = RandomTensors.anyNegative(indexValues);
        byte[] indexBytesArray = LittleEndian.indexBytes(indexValues, indexBytes);

        GatherNode node = new GatherNode(frontend, longs(data), dataType, longs(indices), indicesType,
                OptionalLong.of(negativeAxis ? axis - rank : axis),
                frontend.allowsNegativeIndices() ? IndexSign.MAY_BE_NEGATIVE : IndexSign.NON_NEGATIVE);
        LoweringOptions options = PropertyOutcomes.options(splitLanes);
        BufferLoweringResult result = GatherLowering.lowerWithBuffers(node, level, options,
                ByteBuffer.wrap(dataBytes), ByteBuffer.wrap(indexBytesArray));

        Optional<LoweredBuffers> outcome = PropertyOutcomes.loweredUnlessRefused(result, expectedRefusal(frontend, dataType, level, splitLanes, anyNegative));
        if (outcome.isEmpty()) {
            return;
        }
        LoweredBuffers lowered = outcome.get();
        GatherOperatorDesc desc = lowered.lowered().desc(GatherOperatorDesc.class);
        assertTrue(VALIDATOR.validate(desc, level).isValid());
        assertDirectMlRules(desc, level);
        // The output holds exactly the framework's output: the same element count, in the DirectML elements.
        List<Long> frameworkOutput = new ArrayList<>(longs(data).subList(0, axis));
        frameworkOutput.addAll(longs(indices));
        frameworkOutput.addAll(longs(data).subList(axis + 1, rank));
        assertEquals(frameworkOutput, lowered.lowered().outputShape());
        long outputBytes = product(frameworkOutput) * elementBytes;
        BufferTensorDesc output = (BufferTensorDesc) desc.outputTensor();
        assertEquals(outputBytes, product(output.sizes()) * output.dataType().sizeInBytes());

        byte[] expected = NaiveFrameworkGather.take(dataBytes, data, elementBytes, indexBytesArray,
                indexValues.length, indexBytes, axis);
        assertArrayEquals(expected, LittleEndian.bytes(lowered.execute(EMULATOR)));
    }

    /** DirectML's GATHER rules, stated from its docs and the referee's probes. */
    static void assertDirectMlRules(GatherOperatorDesc desc, FeatureLevel level) {
        List<Long> input = ((BufferTensorDesc) desc.inputTensor()).sizes();
        List<Long> indices = ((BufferTensorDesc) desc.indicesTensor()).sizes();
        List<Long> output = ((BufferTensorDesc) desc.outputTensor()).sizes();
        int count = input.size();
        assertEquals(count, indices.size(), "one DimensionCount");
        assertEquals(count, output.size(), "one DimensionCount");
        if (level.code() < FeatureLevel.LEVEL_3_0.code()) {
            assertEquals(4, count, "exactly 4 dimensions below 3_0");
        } else {
            assertTrue(count >= 1 && count <= 8, "1 to 8 dimensions from 3_0");
        }
        int axis = (int) desc.axis();
        int k = (int) desc.indexDimensions();
        assertTrue(k - 1 <= axis, "IndexDimensions " + k + " - 1 > Axis " + axis + " trips DirectML's heap bug");
        for (int d = 0; d < count - k; d++) {
            assertEquals(1L, indices.get(d), "indices dimensions outside the last IndexDimensions are 1");
        }
        // in[0..Axis) ++ idx[D-k..D) ++ in(Axis..D), right-aligned: leading 1s cropped or added.
        List<Long> formula = new ArrayList<>(input.subList(0, axis));
        formula.addAll(indices.subList(count - k, count));
        formula.addAll(input.subList(axis + 1, count));
        while (formula.size() > count) {
            assertEquals(1L, formula.remove(0), "only leading 1s are cropped");
        }
        while (formula.size() < count) {
            formula.add(0, 1L);
        }
        assertEquals(formula, output, "OutputTensor.Sizes follow DirectML's formula");
    }

    /**
     * The refusal the documented limits predict: ONNX's type constraints (bfloat16 from opset 13) and OpenVINO's
     * (no complex); 64-bit data from 4_1 and complex never, unless split into lanes; FLOAT32 and FLOAT16 data only
     * below 2_1; UINT32 indices only below 3_0. Dimensions never refuse: they are merged.
     */
    private static LoweringRule expectedRefusal(Frontend frontend, ElementType type, FeatureLevel level,
            boolean splitLanes, boolean anyNegative) {
        boolean complex = type == ElementType.COMPLEX64 || type == ElementType.COMPLEX128;
        boolean wide = type == ElementType.DOUBLE || type == ElementType.INT64 || type == ElementType.UINT64;
        boolean below41 = level.code() < 0x4100;
        if ((frontend.isOnnx() && frontend != Frontend.ONNX_GATHER_13 && type == ElementType.BFLOAT16)
                || (!frontend.isOnnx() && complex)) {
            return LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION;
        }
        boolean lanes = complex || (wide && below41);
        if (lanes && !splitLanes) {
            return complex ? LoweringRule.COMPLEX_DATA : LoweringRule.DATA_64_BIT_NEEDS_4_1;
        }
        boolean floatData = !lanes && (type == ElementType.FLOAT || type == ElementType.FLOAT16);
        if (level.code() < 0x2100 && !floatData) {
            return LoweringRule.DATA_TYPE_NEEDS_2_1;
        }
        if (level.code() < 0x3000 && anyNegative) {
            return LoweringRule.NEGATIVE_INDICES_NEED_3_0;
        }
        return null;
    }
}
