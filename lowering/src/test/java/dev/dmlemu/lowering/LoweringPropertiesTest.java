package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.TestShapes.count;
import static dev.dmlemu.lowering.TestShapes.longs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Lowered-then-emulated GatherElements against {@link NaiveOnnxGatherElements} over ranks 1-8, negative axes,
 * indices smaller than the data outside the axis (and smaller or larger along it), negative indices, every element
 * type and every feature level. Where the lowering refuses, the rule must be the one the level's documented limits
 * predict (restated here, independently of the lowering's code). And for every frontend (Gather too): any node,
 * however wrong, is lowered to a valid desc or refused, never thrown on.
 */
class LoweringPropertiesTest {

    private static final Emulator EMULATOR = new Emulator(EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT));
    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    @AfterContainer
    static void closeEmulator() {
        EMULATOR.close();
    }

    @Provide
    Arbitrary<ElementType> fixedSizeTypes() {
        return Arbitraries.of(ElementType.class).filter(ElementType::hasFixedSize);
    }

    /** Every level, with the 2_1 block (4-D, UINT32 indices) drawn as often as the other levels together. */
    @Provide
    Arbitrary<FeatureLevel> levels() {
        return Arbitraries.oneOf(Arbitraries.just(FeatureLevel.LEVEL_2_1), Arbitraries.of(FeatureLevel.class));
    }

    @Provide
    Arbitrary<Frontend> gatherElementsFrontends() {
        return Arbitraries.of(Frontend.class).filter(f -> f.operator() == FrameworkOperator.GATHER_ELEMENTS);
    }

    @Provide
    Arbitrary<ElementType> indexTypes() {
        return Arbitraries.of(ElementType.INT32, ElementType.INT64);
    }

    @Property(tries = 1500)
    void loweredThenEmulatedMatchesNaiveOnnx(
            @ForAll @Size(min = 1, max = 8) List<@IntRange(min = 1, max = 3) Integer> dataShape,
            @ForAll @IntRange(min = 0, max = 7) int axisPick,
            @ForAll boolean negativeAxis,
            @ForAll @Size(8) List<@IntRange(min = 0, max = 3) Integer> indicesPick,
            @ForAll("fixedSizeTypes") ElementType dataType,
            @ForAll("indexTypes") ElementType indicesType,
            @ForAll("levels") FeatureLevel level,
            @ForAll("gatherElementsFrontends") Frontend frontend,
            @ForAll boolean splitLanes,
            @ForAll boolean nonNegativeIndices,
            @ForAll long valueSeed) {
        // Each lowering path must be exercised often enough for the comparison to mean something.
        Statistics.label("outcome").coverage(coverage -> coverage.check("lowered").percentage(p -> p > 40));
        Statistics.label("adjustment").coverage(coverage -> {
            coverage.check(Adjustment.STRIDED_WINDOW).count(n -> n >= 100);
            coverage.check(Adjustment.RANK_PADDED).count(n -> n >= 50);
            coverage.check(Adjustment.INT64_LOW_HALVES_AS_UINT32).count(n -> n >= 20);
            coverage.check(Adjustment.INT32_AS_UINT32).count(n -> n >= 20);
            coverage.check(Adjustment.UINT32_LANES).count(n -> n >= 20);
            coverage.check(Adjustment.BOOL_AS_UINT8).count(n -> n >= 20);
            coverage.check(Adjustment.BFLOAT16_AS_UINT16).count(n -> n >= 20);
        });
        int rank = dataShape.size();
        int axis = axisPick % rank;
        int[] data = dataShape.stream().mapToInt(Integer::intValue).toArray();
        int[] indices = new int[rank];
        for (int d = 0; d < rank; d++) {
            int pick = indicesPick.get(d);
            // Along the axis: 1 to 4 (smaller or larger than the data); elsewhere within the data (ONNX) or equal
            // to it (OpenVINO).
            indices[d] = d == axis ? 1 + pick : frontend == Frontend.OPENVINO_6 ? data[d] : 1 + pick % data[d];
        }
        int elementBytes = dataType.sizeInBytes();
        int indexBytes = indicesType.sizeInBytes();
        Random random = new Random(valueSeed);
        byte[] dataBytes = RandomTensors.data(random, count(data), dataType);
        boolean allowNegative = !nonNegativeIndices && frontend != Frontend.OPENVINO_6;
        long[] indexValues = RandomTensors.indices(random, count(indices), data[axis], allowNegative);
        boolean anyNegative = RandomTensors.anyNegative(indexValues);
        byte[] indexBytesArray = LittleEndian.indexBytes(indexValues, indexBytes);
        byte[] dataBefore = dataBytes.clone();
        byte[] indicesBefore = indexBytesArray.clone();

        GatherElementsNode node = new GatherElementsNode(frontend, longs(data), dataType, longs(indices),
                indicesType, java.util.OptionalLong.of(negativeAxis ? axis - rank : axis),
                frontend == Frontend.OPENVINO_6 ? IndexSign.NON_NEGATIVE : IndexSign.MAY_BE_NEGATIVE);
        LoweringOptions options = PropertyOutcomes.options(splitLanes);
        BufferLoweringResult result = GatherElementsLowering.lowerWithBuffers(node, level, options,
                ByteBuffer.wrap(dataBytes), ByteBuffer.wrap(indexBytesArray));

        Optional<LoweredBuffers> outcome = PropertyOutcomes.loweredUnlessRefused(result, expectedRefusal(frontend, dataType, rank, level, splitLanes, anyNegative));
        if (outcome.isEmpty()) {
            return;
        }
        LoweredBuffers lowered = outcome.get();
        assertTrue(VALIDATOR.validate(lowered.lowered().desc(), level).isValid());
        byte[] expected = NaiveOnnxGatherElements.gather(dataBytes, data, elementBytes, indexBytesArray, indices,
                indexBytes, axis);
        assertArrayEquals(expected, LittleEndian.bytes(lowered.execute(EMULATOR)));
        // The caller's buffers are copied, not changed.
        assertArrayEquals(dataBefore, dataBytes);
        assertArrayEquals(indicesBefore, indexBytesArray);
    }

    /**
     * The refusal the documented limits predict: GatherElements from 2_1; 4 dimensions and UINT32 indices at 2_1;
     * 8 dimensions from 3_0; 64-bit data from 4_1; no complex type; lanes add one dimension.
     */
    private static LoweringRule expectedRefusal(Frontend frontend, ElementType type, int rank, FeatureLevel level,
            boolean splitLanes, boolean anyNegative) {
        boolean below21 = level.code() < 0x2100;
        boolean below30 = level.code() < 0x3000;
        boolean below41 = level.code() < 0x4100;
        boolean complex = type == ElementType.COMPLEX64 || type == ElementType.COMPLEX128;
        boolean wide = type == ElementType.DOUBLE || type == ElementType.INT64 || type == ElementType.UINT64;
        if (below21) {
            return LoweringRule.OPERATOR_NEEDS_2_1;
        }
        if ((frontend == Frontend.ONNX_11 && type == ElementType.BFLOAT16)
                || (frontend == Frontend.OPENVINO_6 && complex)) {
            return LoweringRule.DATA_TYPE_NOT_IN_OPERATOR_VERSION;
        }
        boolean lanes = complex || (wide && below41);
        if (lanes && !splitLanes) {
            return complex ? LoweringRule.COMPLEX_DATA : LoweringRule.DATA_64_BIT_NEEDS_4_1;
        }
        int dmlRank = rank + (lanes ? 1 : 0);
        if (dmlRank > 8) {
            return LoweringRule.RANK_ABOVE_8;
        }
        if (below30 && dmlRank > 4) {
            return LoweringRule.RANK_ABOVE_4_NEEDS_3_0;
        }
        if (below30 && anyNegative) {
            return LoweringRule.NEGATIVE_INDICES_NEED_3_0;
        }
        return null;
    }

    @Property(tries = 1000)
    void loweringNeverThrowsAndEveryLoweredDescIsValid(
            @ForAll @Size(max = 9) List<@LongRange(min = -1, max = 1L << 34) Long> dataShape,
            @ForAll @Size(max = 9) List<@LongRange(min = -1, max = 1L << 34) Long> indicesShape,
            @ForAll @LongRange(min = -10, max = 10) long axis,
            @ForAll ElementType dataType,
            @ForAll ElementType indicesType,
            @ForAll FeatureLevel level,
            @ForAll Frontend frontend,
            @ForAll IndexSign sign,
            @ForAll RankZeroHandling rankZero,
            @ForAll WideElementHandling wide) {
        // Every frontend, gathers and scatters alike; the drawn value is each one's attribute (a scatter's updates
        // take the indices' shape, and its reduction is drawn from the same value).
        NodeAttributes attributes = NodeAttributes.none();
        if (frontend.attributes().contains(NodeAttribute.REDUCTION)) {
            attributes = attributes.withReduction(Reduction.values()[(int) Math.floorMod(axis,
                    Reduction.values().length)]);
        }
        if (frontend.attributes().contains(NodeAttribute.AXIS)) {
            attributes = attributes.withAxis(axis);
        }
        if (frontend.attributes().contains(NodeAttribute.BATCH_DIMS)) {
            attributes = attributes.withBatchDims(axis);
        }
        FrameworkNode node = (frontend.operator().hasUpdates()
                ? FrameworkNode.of(frontend, dataShape, dataType, indicesShape, indicesType, indicesShape, attributes)
                : FrameworkNode.of(frontend, dataShape, dataType, indicesShape, indicesType, attributes))
                .withIndexSign(sign);
        LoweringResult result = node.lower(level, new LoweringOptions(rankZero, wide));
        if (result instanceof Lowered lowered) {
            assertTrue(VALIDATOR.validate(lowered.desc(), level).isValid());
            assertEquals(level, lowered.featureLevel());
            assertTrue(frontend.operator().dmlOperators().contains(lowered.desc().operatorType()));
            if (lowered.desc() instanceof GatherOperatorDesc gather) {
                GatherPropertiesTest.assertDirectMlRules(gather, level);
            }
        } else {
            Refused refused = (Refused) result;
            assertTrue(refused.message().startsWith(refused.rule().name() + ": "), refused.message());
        }
    }
}
