package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.IndexPolicy;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.statistics.Statistics;

/**
 * Random ONNX ScatterElements and ScatterND nodes with in-range indices and distinct targets (the only ones the specs
 * define an output for), lowered at a random level and run on the emulator under the strict index policy, against
 * {@link NaiveOnnxScatter} (the specs). Ranks 1-9, every axis (negative ones too), negative indices from 3_0, int32
 * and int64 indices, float, bool and 64-bit data (natively from 4_1, as UINT32 lanes below). Where the lowering
 * refuses, the rule must be the one the documented limits predict.
 */
class ScatterPropertiesTest {

    /** Counts the executions in which the emulator saw two updates write one element: none may. */
    private static final AtomicLong DUPLICATE_EXECUTIONS = new AtomicLong();
    private static final Emulator EMULATOR = new Emulator(EmulatorOptions.builder().indexPolicy(IndexPolicy.STRICT)
            .listener(found -> DUPLICATE_EXECUTIONS.incrementAndGet()).build());
    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final LoweringOptions LANES =
            LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);

    @AfterContainer
    static void closeEmulator() {
        EMULATOR.close();
    }

    @Provide
    Arbitrary<FeatureLevel> levels() {
        return Arbitraries.frequency(Tuple.of(1, FeatureLevel.LEVEL_1_0), Tuple.of(1, FeatureLevel.LEVEL_2_0),
                Tuple.of(4, FeatureLevel.LEVEL_2_1), Tuple.of(3, FeatureLevel.LEVEL_3_0),
                Tuple.of(2, FeatureLevel.LEVEL_4_1), Tuple.of(2, FeatureLevel.LEVEL_6_4));
    }

    @Provide
    Arbitrary<ElementType> dataTypes() {
        return Arbitraries.frequency(Tuple.of(3, ElementType.FLOAT), Tuple.of(1, ElementType.BOOL),
                Tuple.of(1, ElementType.DOUBLE), Tuple.of(1, ElementType.INT64), Tuple.of(1, ElementType.UINT16));
    }

    @Property(tries = 400)
    void scatterElementsGivesTheOnnxOutput(
            @ForAll @IntRange(min = 1, max = 9) int rank,
            @ForAll @IntRange(min = 0, max = 16) int axisDraw,
            @ForAll boolean negativeAxis,
            @ForAll boolean int64Indices,
            @ForAll("dataTypes") ElementType dataType,
            @ForAll("levels") FeatureLevel level,
            @ForAll long seed) {
        Statistics.label("outcome").coverage(coverage -> coverage.check("lowered").percentage(p -> p > 50));
        Statistics.label("adjustment").coverage(coverage -> {
            coverage.check(Adjustment.DIMENSIONS_MERGED).count(n -> n >= 20);
            coverage.check(Adjustment.UINT32_LANES).count(n -> n >= 20);
        });
        Random random = new Random(seed);
        int axis = axisDraw % rank;
        int[] dataShape = shape(random, rank);
        int[] indicesShape = dataShape.clone();
        indicesShape[axis] = 1 + random.nextInt(dataShape[axis]);
        boolean negatives = !level.isBelow(FeatureLevel.LEVEL_3_0) && random.nextBoolean();
        long[] indexValues = distinctAlongAxis(random, dataShape, indicesShape, axis, negatives);
        int elementBytes = dataType.sizeInBytes();
        byte[] data = RandomTensors.data(random, TestShapes.count(dataShape), dataType);
        byte[] updates = RandomTensors.data(random, TestShapes.count(indicesShape), dataType);
        ElementType indicesType = int64Indices ? ElementType.INT64 : ElementType.INT32;

        FrameworkNode node = FrameworkNode.of(Frontend.ONNX_SCATTER_ELEMENTS_18, TestShapes.longs(dataShape), dataType,
                TestShapes.longs(indicesShape), indicesType, TestShapes.longs(indicesShape),
                NodeAttributes.none().withAxis(negativeAxis ? axis - rank : axis));
        ByteBuffer indices = LittleEndian.indices(indicesType, indexValues);
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstViolation(node, indices));
        BufferLoweringResult result = node.lowerWithBuffers(level, LANES, Map.of(FrameworkTensor.DATA,
                ByteBuffer.wrap(data), FrameworkTensor.INDICES, indices, FrameworkTensor.UPDATES,
                ByteBuffer.wrap(updates)));
        boolean floatOnly = level.isBelow(FeatureLevel.LEVEL_2_1);
        LoweringRule expected = floatOnly && dataType != ElementType.FLOAT ? LoweringRule.DATA_TYPE_NEEDS_2_1 : null;
        Optional<LoweredBuffers> lowered = lowered(result, expected);
        if (lowered.isEmpty()) {
            return;
        }
        byte[] expectedOutput = NaiveOnnxScatter.scatterElements(data, dataShape, elementBytes, indexValues,
                indicesShape, updates, axis);
        assertArrayEquals(expectedOutput, run(lowered.get(), level));
    }

    @Property(tries = 400)
    void scatterNdGivesTheOnnxOutput(
            @ForAll @IntRange(min = 1, max = 9) int rank,
            @ForAll @IntRange(min = 1, max = 4) int indicesRank,
            @ForAll @IntRange(min = 0, max = 8) int tupleDraw,
            @ForAll("dataTypes") ElementType dataType,
            @ForAll("levels") FeatureLevel level,
            @ForAll long seed) {
        Statistics.label("outcome").coverage(coverage -> coverage.check("lowered").percentage(p -> p > 40));
        Statistics.label("adjustment").coverage(coverage -> {
            coverage.check(Adjustment.DIMENSIONS_MERGED).count(n -> n >= 20);
            coverage.check(Adjustment.UINT32_LANES).count(n -> n >= 20);
        });
        Random random = new Random(seed);
        int tuple = 1 + tupleDraw % rank;
        int[] dataShape = shape(random, rank);
        int targets = 1;
        for (int d = 0; d < tuple; d++) {
            targets *= dataShape[d];
        }
        int[] indicesShape = new int[indicesRank];
        for (int d = 0; d < indicesRank - 1; d++) {
            indicesShape[d] = 1 + random.nextInt(3);
        }
        indicesShape[indicesRank - 1] = tuple;
        if (TestShapes.count(indicesShape) / tuple > targets) {
            // More tuples than distinct slices: keep the rank, one leading dimension holding every slice once.
            Arrays.fill(indicesShape, 0, indicesRank - 1, 1);
            indicesShape[indicesRank - 2] = targets;
        }
        boolean negatives = !level.isBelow(FeatureLevel.LEVEL_3_0) && random.nextBoolean();
        long[] indexValues = distinctTuples(random, dataShape, TestShapes.count(indicesShape) / tuple, tuple,
                negatives);
        int[] updatesShape = new int[indicesRank - 1 + rank - tuple];
        System.arraycopy(indicesShape, 0, updatesShape, 0, indicesRank - 1);
        System.arraycopy(dataShape, tuple, updatesShape, indicesRank - 1, rank - tuple);
        int elementBytes = dataType.sizeInBytes();
        byte[] data = RandomTensors.data(random, TestShapes.count(dataShape), dataType);
        byte[] updates = RandomTensors.data(random, TestShapes.count(updatesShape), dataType);

        FrameworkNode node = FrameworkNode.of(Frontend.ONNX_SCATTER_ND_18, TestShapes.longs(dataShape), dataType,
                TestShapes.longs(indicesShape), ElementType.INT64, TestShapes.longs(updatesShape),
                NodeAttributes.none().withReduction(Reduction.NONE));
        ByteBuffer indices = LittleEndian.int64s(indexValues);
        assertEquals(Optional.empty(), FrameworkIndexCheck.firstViolation(node, indices));
        BufferLoweringResult result = node.lowerWithBuffers(level, LANES, Map.of(FrameworkTensor.DATA,
                ByteBuffer.wrap(data), FrameworkTensor.INDICES, indices, FrameworkTensor.UPDATES,
                ByteBuffer.wrap(updates)));
        Optional<LoweredBuffers> lowered = lowered(result, expectedNdRefusal(rank, indicesRank, tuple,
                elementBytes == 8, level));
        if (lowered.isEmpty()) {
            return;
        }
        byte[] expectedOutput = NaiveOnnxScatter.scatterNd(data, dataShape, elementBytes, indexValues, indicesShape,
                updates);
        assertArrayEquals(expectedOutput, run(lowered.get(), level));
    }

    /**
     * The documented limits, restated: SCATTER_ND from 2_1; exactly 4 dimensions below 3_0, at most 8 from it, where
     * merging leaves one dimension per tuple coordinate and one for the slice (a lane dimension joins the slice), and
     * the indices at most two.
     */
    private static LoweringRule expectedNdRefusal(int rank, int indicesRank, int tuple, boolean wide,
            FeatureLevel level) {
        if (level.isBelow(FeatureLevel.LEVEL_2_1)) {
            return LoweringRule.OPERATOR_NEEDS_2_1;
        }
        boolean lanes = wide && level.isBelow(FeatureLevel.LEVEL_4_1);
        boolean slice = tuple < rank || lanes;
        int unmerged = Math.max(Math.max(rank + (lanes ? 1 : 0), indicesRank),
                indicesRank - 1 + rank - tuple + (lanes ? 1 : 0));
        if (unmerged <= (level.isBelow(FeatureLevel.LEVEL_3_0) ? 4 : 8)) {
            return null;
        }
        int mergedData = tuple + (slice ? 1 : 0);
        int mergedIndices = (indicesRank > 1 ? 1 : 0) + 1;
        int mergedUpdates = mergedIndices - 1 + (slice ? 1 : 0);
        int needed = Math.max(mergedData, Math.max(mergedIndices, mergedUpdates));
        if (level.isBelow(FeatureLevel.LEVEL_3_0) && needed > 4) {
            return needed <= 8 ? LoweringRule.RANK_ABOVE_4_NEEDS_3_0 : LoweringRule.RANK_ABOVE_8;
        }
        return needed > 8 ? LoweringRule.RANK_ABOVE_8 : null;
    }

    private static Optional<LoweredBuffers> lowered(BufferLoweringResult result, LoweringRule expected) {
        if (result instanceof Refused refused) {
            Statistics.label("outcome").collect(refused.rule().name());
            assertEquals(expected, refused.rule(), refused.message());
            return Optional.empty();
        }
        Statistics.label("outcome").collect("lowered");
        assertEquals(null, expected, "expected " + expected);
        LoweredBuffers buffers = (LoweredBuffers) result;
        buffers.lowered().note(FrameworkTensor.DATA).adjustments()
                .forEach(a -> Statistics.label("adjustment").collect(a));
        return Optional.of(buffers);
    }

    private static byte[] run(LoweredBuffers buffers, FeatureLevel level) {
        assertTrue(VALIDATOR.validate(buffers.lowered().desc(), level).isValid());
        long before = DUPLICATE_EXECUTIONS.get();
        byte[] output = LittleEndian.bytes(buffers.execute(EMULATOR));
        assertEquals(before, DUPLICATE_EXECUTIONS.get(), "distinct targets, yet the emulator saw duplicate writes");
        return output;
    }

    /** Mostly small sizes; high ranks mostly 1s, so that nine dimensions stay a few hundred elements. */
    private static int[] shape(Random random, int rank) {
        int[] shape = new int[rank];
        for (int d = 0; d < rank; d++) {
            shape[d] = rank > 5 && random.nextInt(3) > 0 ? 1 : 1 + random.nextInt(3);
        }
        return shape;
    }

    /**
     * Indices whose values along the axis are distinct for each coordinate off the axis (a random arrangement of
     * {@code [0, s)}, cut to the indices' axis size), some written as their negative equivalents.
     */
    private static long[] distinctAlongAxis(Random random, int[] dataShape, int[] indicesShape, int axis,
            boolean negatives) {
        int size = dataShape[axis];
        int inner = 1;
        for (int d = axis + 1; d < indicesShape.length; d++) {
            inner *= indicesShape[d];
        }
        int outer = TestShapes.count(indicesShape) / (inner * indicesShape[axis]);
        long[] values = new long[TestShapes.count(indicesShape)];
        for (int o = 0; o < outer; o++) {
            for (int i = 0; i < inner; i++) {
                List<Long> order = new ArrayList<>();
                for (long v = 0; v < size; v++) {
                    order.add(v);
                }
                Collections.shuffle(order, random);
                for (int a = 0; a < indicesShape[axis]; a++) {
                    long value = order.get(a);
                    values[(o * indicesShape[axis] + a) * inner + i] =
                            negatives && random.nextBoolean() ? value - size : value;
                }
            }
        }
        return values;
    }

    /** {@code count} distinct tuples of {@code tuple} coordinates into the data's leading dimensions. */
    private static long[] distinctTuples(Random random, int[] dataShape, int count, int tuple, boolean negatives) {
        int targets = 1;
        for (int d = 0; d < tuple; d++) {
            targets *= dataShape[d];
        }
        List<Integer> order = new ArrayList<>();
        for (int t = 0; t < targets; t++) {
            order.add(t);
        }
        Collections.shuffle(order, random);
        long[] values = new long[count * tuple];
        for (int t = 0; t < count; t++) {
            int rest = order.get(t);
            for (int j = tuple - 1; j >= 0; j--) {
                long coordinate = rest % dataShape[j];
                rest /= dataShape[j];
                values[t * tuple + j] = negatives && random.nextBoolean() ? coordinate - dataShape[j] : coordinate;
            }
        }
        return values;
    }
}
