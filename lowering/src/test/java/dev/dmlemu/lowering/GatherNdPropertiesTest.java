package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

/**
 * Lowered GatherND nodes run through {@link DocsGatherNd} (DirectML's documented contract, standing in for the
 * emulator kernel that does not exist yet) against {@link NaiveOnnxGatherNd} (the ONNX spec), over data ranks 1-9,
 * indices ranks 1-4, every legal batch_dims and tuple length, negative coordinates from 3_0, and float, bool and
 * 64-bit data (natively from 4_1, as UINT32 lanes below). Where the lowering refuses, the rule must be the one the
 * documented limits predict: the level (2_1; GATHER_ND1 from 3_0) or the dimensions (4 below 3_0, 8 from it) that
 * even merged dimensions exceed, each tuple coordinate needing one of its own.
 */
class GatherNdPropertiesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final LoweringOptions LANES =
            LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);

    @Provide
    Arbitrary<FeatureLevel> levels() {
        return Arbitraries.frequency(Tuple.of(1, FeatureLevel.LEVEL_2_0), Tuple.of(4, FeatureLevel.LEVEL_2_1),
                Tuple.of(3, FeatureLevel.LEVEL_3_0), Tuple.of(2, FeatureLevel.LEVEL_4_1),
                Tuple.of(2, FeatureLevel.LEVEL_6_4));
    }

    @Provide
    Arbitrary<ElementType> dataTypes() {
        return Arbitraries.of(ElementType.FLOAT, ElementType.BOOL, ElementType.DOUBLE, ElementType.INT64);
    }

    @Property(tries = 400)
    void loweredDescsGiveTheOnnxOutput(
            @ForAll @IntRange(min = 1, max = 9) int rank,
            @ForAll @IntRange(min = 1, max = 4) int indicesRank,
            @ForAll @IntRange(min = 0, max = 8) int batchDraw,
            @ForAll @IntRange(min = 0, max = 8) int tupleDraw,
            @ForAll("dataTypes") ElementType dataType,
            @ForAll("levels") FeatureLevel level,
            @ForAll long seed) {
        // Each lowering path must be exercised often enough for the comparison to mean something.
        Statistics.label("outcome").coverage(coverage -> coverage.check("lowered").percentage(p -> p > 40));
        Statistics.label("operator").coverage(coverage -> coverage.check(OperatorType.GATHER_ND1).count(n -> n >= 30));
        Statistics.label("adjustment").coverage(coverage -> {
            coverage.check(Adjustment.DIMENSIONS_MERGED).count(n -> n >= 30);
            coverage.check(Adjustment.UINT32_LANES).count(n -> n >= 30);
        });
        Random random = new Random(seed);
        int batch = batchDraw % Math.min(rank, indicesRank);
        int tuple = 1 + tupleDraw % (rank - batch);
        int[] dataShape = new int[rank];
        for (int d = 0; d < rank; d++) {
            // Mostly small; high ranks mostly 1s, so that nine dimensions stay a few hundred elements.
            dataShape[d] = rank > 5 && random.nextInt(3) > 0 ? 1 : 1 + random.nextInt(3);
        }
        int[] indicesShape = new int[indicesRank];
        for (int d = 0; d < indicesRank - 1; d++) {
            indicesShape[d] = d < batch ? dataShape[d] : 1 + random.nextInt(3);
        }
        indicesShape[indicesRank - 1] = tuple;
        boolean negatives = !level.isBelow(FeatureLevel.LEVEL_3_0) && random.nextBoolean();
        long[] indexValues = new long[TestShapes.count(indicesShape)];
        for (int i = 0; i < indexValues.length; i++) {
            int size = dataShape[batch + i % tuple];
            indexValues[i] = random.nextInt(size) - (negatives && random.nextBoolean() ? size : 0);
        }
        int elementBytes = dataType.sizeInBytes();
        byte[] data = new byte[TestShapes.count(dataShape) * elementBytes];
        random.nextBytes(data);
        if (dataType == ElementType.BOOL) {
            for (int i = 0; i < data.length; i++) {
                data[i] &= 1;
            }
        }

        GatherNdNode node = GatherNdNode.onnx(Frontend.ONNX_GATHER_ND_13, TestShapes.longs(dataShape), dataType,
                TestShapes.longs(indicesShape), ElementType.INT64).withBatchDims(batch);
        BufferLoweringResult result = node.lowerWithBuffers(level, LANES, ByteBuffer.wrap(data),
                LittleEndian.int64s(indexValues));
        LoweringRule expected = expectedRefusal(rank, indicesRank, batch, tuple, elementBytes == 8, level);
        if (result instanceof Refused refused) {
            Statistics.label("outcome").collect(refused.rule().name());
            assertEquals(expected, refused.rule(), refused.message());
            return;
        }
        Statistics.label("outcome").collect("lowered");
        assertEquals(null, expected, "expected " + expected);
        LoweredBuffers buffers = (LoweredBuffers) result;
        Lowered lowered = buffers.lowered();
        assertTrue(VALIDATOR.validate(lowered.desc(), level).isValid());
        Statistics.label("operator").collect(lowered.desc().operatorType());
        lowered.note(FrameworkTensor.DATA).adjustments().forEach(a -> Statistics.label("adjustment").collect(a));

        ByteBuffer output = buffers.newOutputBuffer();
        DocsGatherNd.execute(lowered.desc(), buffers.input(), buffers.indices(), output);
        byte[] expectedOutput = NaiveOnnxGatherNd.gatherNd(data, dataShape, elementBytes, indexValues, indicesShape,
                batch);
        assertArrayEquals(expectedOutput, LittleEndian.bytes(buffers.frameworkOutput(output)));
        List<Long> expectedShape = new ArrayList<>(TestShapes.longs(indicesShape).subList(0, indicesRank - 1));
        expectedShape.addAll(TestShapes.longs(dataShape).subList(batch + tuple, rank));
        assertEquals(expectedShape, lowered.outputShape());
    }

    /**
     * The documented limits, restated: GATHER_ND from 2_1, GATHER_ND1 (batch_dims > 0) from 3_0; exactly 4
     * dimensions below 3_0, at most 8 from it, where merging leaves one dimension for the batches, one per tuple
     * coordinate and one for the slice (a lane dimension joins the slice), and the indices at most three.
     */
    private static LoweringRule expectedRefusal(int rank, int indicesRank, int batch, int tuple, boolean wide,
            FeatureLevel level) {
        if (level.isBelow(FeatureLevel.LEVEL_2_1)) {
            return LoweringRule.OPERATOR_NEEDS_2_1;
        }
        if (batch > 0 && level.isBelow(FeatureLevel.LEVEL_3_0)) {
            return LoweringRule.BATCH_DIMS_NEED_3_0;
        }
        boolean lanes = wide && level.isBelow(FeatureLevel.LEVEL_4_1);
        boolean slice = batch + tuple < rank || lanes;
        int mergedData = (batch > 0 ? 1 : 0) + tuple + (slice ? 1 : 0);
        int mergedIndices = (batch > 0 ? 1 : 0) + (indicesRank - 1 > batch ? 1 : 0) + 1;
        int mergedOutput = mergedIndices - 1 + (slice ? 1 : 0);
        int needed = Math.max(mergedData, Math.max(mergedIndices, mergedOutput));
        if (level.isBelow(FeatureLevel.LEVEL_3_0) && needed > 4) {
            return needed <= 8 ? LoweringRule.RANK_ABOVE_4_NEEDS_3_0 : LoweringRule.RANK_ABOVE_8;
        }
        return needed > 8 ? LoweringRule.RANK_ABOVE_8 : null;
    }
}
