package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.GeneratedCaseChecks.assertTensorsValid;
import static dev.dmlemu.testkit.GeneratedCaseChecks.note;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherNdCaseOptions.BatchSizes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The generator: a function of its seed, structurally valid, covering what it promises, narrowed by its options. */
class GatherNdCasesTest extends CaseGeneratorContractTest {

    private static final int CASES = 3000;
    private static final GatherNdCases DEFAULTS = new GatherNdCases(GatherNdCaseOptions.defaults());
    private static final GatherNdCases DIFFERENT =
            new GatherNdCases(GatherNdCaseOptions.defaults().with(BatchSizes.SOMETIMES_DIFFERENT));

    @Override
    GatherNdCases defaults() {
        return DEFAULTS;
    }

    /**
     * The shape rules of docs/directml-behaviour.md §11.3 written out here, apart from the kit's own reference, and
     * the tensor rules of §5 and §6.3 a generator could break.
     */
    @Test
    void everyCaseIsStructurallyValid() {
        for (GatherNdCaseOptions options : List.of(GatherNdCaseOptions.defaults(),
                GatherNdCaseOptions.defaults().withShapes(2_000, 12).with(BatchSizes.SOMETIMES_DIFFERENT),
                GatherNdCaseOptions.defaults().with(Layout.PACKED).with(Placement.EXACT).with(ElementValues.FINITE))) {
            GatherNdCases cases = new GatherNdCases(options);
            for (long seed : seeds(CASES)) {
                GatherNdCase c = cases.generate(seed);
                assertFormulaShapes(c);
                assertTensorsValid(c);
            }
        }
    }

    private static void assertFormulaShapes(GatherNdCase c) {
        int rank = c.rank();
        int ci = c.inputDimensionCount();
        int cx = c.indicesDimensionCount();
        int b = c.batchDimensionCount();
        int q = c.tupleLength();
        assertTrue(ci >= 1 && ci <= rank && cx >= 1 && cx <= rank && b < ci && b < cx, c::toString);
        assertTrue(q >= 1 && q <= ci - b, c::toString);
        if (c.desc().operatorType() == OperatorType.GATHER_ND) {
            assertEquals(0, b, c::toString);
        }
        List<Long> in = c.inputTensor().sizes();
        List<Long> idx = c.indicesTensor().sizes();
        for (int d = 0; d < rank - ci; d++) {
            assertEquals(1L, in.get(d), () -> "input sizes before the counted ones are 1: " + c);
        }
        for (int d = 0; d < rank - cx; d++) {
            assertEquals(1L, idx.get(d), () -> "indices sizes before the counted ones are 1: " + c);
        }
        List<Long> formula = new ArrayList<>(idx.subList(rank - cx, rank - 1));
        formula.addAll(in.subList(rank - ci + b + q, rank));
        assertTrue(formula.size() <= rank, c::toString);
        List<Long> aligned = new ArrayList<>();
        while (aligned.size() + formula.size() < rank) {
            aligned.add(1L);
        }
        aligned.addAll(formula);
        assertEquals(aligned, c.outputTensor().sizes(), c::toString);
    }

    /**
     * Every case is one the reference models, under every model it answers; and every index is read by some output
     * element, so STRICT refuses exactly the cases holding an out-of-range index.
     */
    @Test
    void theReferenceTakesEveryCaseAndReadsEveryIndex() {
        for (long seed : seeds(1000)) {
            GatherNdCase c = DEFAULTS.generate(seed);
            assertEquals(c.hasOutOfRangeIndex(), NaiveGatherNd.run(c, OutOfRangeModel.STRICT).refusal().isPresent(),
                    c::toString);
            assertTrue(NaiveGatherNd.run(c, OutOfRangeModel.DIRECTML).refusal().isEmpty(), c::toString);
            assertTrue(NaiveGatherNd.run(c, OutOfRangeModel.CLAMP_AXIS).refusal().isEmpty(), c::toString);
            assertTrue(NaiveGatherNd.run(DIFFERENT.generate(seed), OutOfRangeModel.DIRECTML).refusal().isEmpty(),
                    c::toString);
        }
    }

    @Test
    void batchSizesDifferOnlyWhenAsked() {
        GatherNdCases equal = new GatherNdCases(GatherNdCaseOptions.defaults().with(BatchSizes.EQUAL));
        int smaller = 0;
        int past = 0;
        for (long seed : seeds(CASES)) {
            assertFalse(equal.generate(seed).batchSizesDiffer());
            GatherNdCase byDefault = DEFAULTS.generate(seed);
            assertFalse(byDefault.batchPastInput(), byDefault::toString);
            smaller += byDefault.batchSizesDiffer() ? 1 : 0;
            past += DIFFERENT.generate(seed).batchPastInput() ? 1 : 0;
        }
        int drawnSmaller = smaller;
        int drawnPast = past;
        assertTrue(drawnSmaller >= 100, () -> "input batches larger than the indices': " + drawnSmaller);
        assertTrue(drawnPast >= 50, () -> "indices batches larger than the input's: " + drawnPast);
    }

    @Test
    void theDefaultsCoverWhatTheyPromise() {
        TreeMap<String, Integer> seen = new TreeMap<>();
        int outOfRange = 0;
        for (long seed : seeds(CASES)) {
            GatherNdCase c = DEFAULTS.generate(seed);
            note(seen, c.desc().operatorType().name());
            note(seen, "data " + c.dataType());
            note(seen, "index " + c.indexType());
            note(seen, "rank " + c.rank());
            note(seen, "rank " + c.rank() + " input count " + c.inputDimensionCount());
            note(seen, "rank " + c.rank() + " indices count " + c.indicesDimensionCount());
            note(seen, "batch " + c.batchDimensionCount());
            note(seen, "tuple " + c.tupleLength());
            if (c.tupleLength() == c.inputDimensionCount() - c.batchDimensionCount()) {
                note(seen, "tuple covers the input: no slice");
            }
            for (int t = 0; t < c.tupleLength(); t++) {
                if (c.tupleDimensionSize(t) == 1) {
                    note(seen, "size-1 tuple dimension");
                }
            }
            List<Long> sizes = c.inputTensor().sizes();
            List<Long> strides = c.inputTensor().effectiveStrides();
            for (int d = 0; d < c.rank(); d++) {
                if (sizes.get(d) > 1 && strides.get(d) == 0) {
                    note(seen, "broadcast input");
                }
            }
            if (c.outputTensor().strides().isPresent()
                    && !c.outputTensor().effectiveStrides().equals(BufferTensorMath.packedStrides(
                            c.outputTensor().sizes()))) {
                note(seen, "strided output");
            }
            if (c.inputTensor().totalTensorSizeInBytes() > BufferTensorMath.calcBufferTensorSize(c.dataType(), sizes,
                    c.inputTensor().strides())) {
                note(seen, "padded total");
            }
            if (c.hasNegativeInRangeIndex()) {
                note(seen, "negative in range");
            }
            outOfRange += c.hasOutOfRangeIndex() ? 1 : 0;
        }
        assertTrue(seen.containsKey("GATHER_ND") && seen.containsKey("GATHER_ND1"), seen::toString);
        for (TensorDataType type : CaseOptions.ALL_DATA_TYPES) {
            assertTrue(seen.containsKey("data " + type), () -> type + ": " + seen);
        }
        for (TensorDataType type : CaseOptions.ALL_INDEX_TYPES) {
            assertTrue(seen.containsKey("index " + type), () -> type + ": " + seen);
        }
        for (int rank = 1; rank <= 8; rank++) {
            for (int count = 1; count <= rank; count++) {
                assertTrue(seen.containsKey("rank " + rank + " input count " + count), seen::toString);
                assertTrue(seen.containsKey("rank " + rank + " indices count " + count), seen::toString);
            }
            assertTrue(seen.containsKey("tuple " + rank), seen::toString);
            assertTrue(seen.containsKey("batch " + (rank - 1)), seen::toString);
        }
        for (String feature : List.of("tuple covers the input: no slice", "size-1 tuple dimension",
                "broadcast input", "strided output", "padded total", "negative in range")) {
            assertTrue(seen.getOrDefault(feature, 0) >= 20, () -> feature + ": " + seen);
        }
        // 40% drawn out of range; a broadcast indices stride can hide an out-of-range value behind another
        // coordinate's larger dimension, so a few drawn cases hold none.
        int drawn = outOfRange;
        assertTrue(drawn > CASES * 0.3 && drawn < CASES * 0.45, () -> "out of range: " + drawn + " of " + CASES);
    }

    @Test
    void optionsNarrowTheCases() {
        List<TensorDataType> types = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64);
        GatherNdCases narrow = new GatherNdCases(GatherNdCaseOptions.defaults()
                .withOperators(List.of(OperatorType.GATHER_ND1)).withDataTypes(types)
                .withIndexTypes(List.of(TensorDataType.INT64)).withMaxRank(3).with(Layout.PACKED)
                .withOutOfRangeShare(0).withNegativeShare(0).with(ElementValues.FINITE).with(Placement.EXACT)
                .with(BatchSizes.EQUAL));
        for (long seed : seeds(CASES)) {
            GatherNdCase c = narrow.generate(seed);
            assertTrue(c.desc().operatorType() == OperatorType.GATHER_ND1 && types.contains(c.dataType())
                    && c.indexType() == TensorDataType.INT64 && c.rank() <= 3, c::toString);
            for (TensorBytes bytes : List.of(c.input(), c.indices(), c.output())) {
                assertEquals(0, bytes.offset(), c::toString);
            }
            assertEquals(c.inputTensor().totalTensorSizeInBytes(), c.input().bytes().length, c::toString);
            for (BufferTensorDesc t : List.of(c.inputTensor(), c.indicesTensor(), c.outputTensor())) {
                assertEquals(BufferTensorDesc.packed(t.dataType(), t.sizes().stream().mapToLong(x -> x).toArray()), t,
                        c::toString);
            }
            assertFalse(c.hasOutOfRangeIndex() || c.hasNegativeInRangeIndex() || c.batchSizesDiffer(), c::toString);
        }
    }

    @Test
    void theSharesAreHonoured() {
        GatherNdCases allNegative = new GatherNdCases(GatherNdCaseOptions.defaults().withOutOfRangeShare(0)
                .withNegativeShare(1).withIndexTypes(List.of(TensorDataType.INT32, TensorDataType.INT64))
                .with(Layout.PACKED));
        GatherNdCases allOut = new GatherNdCases(GatherNdCaseOptions.defaults().withOutOfRangeShare(1)
                .with(Layout.PACKED));
        for (long seed : seeds(500)) {
            GatherNdCase out = allOut.generate(seed);
            assertTrue(out.hasOutOfRangeIndex(), out::toString);
            GatherNdCase negative = allNegative.generate(seed);
            assertTrue(negative.hasNegativeInRangeIndex() && !negative.hasOutOfRangeIndex(), negative::toString);
        }
    }

    @Override
    long[] seeds(int count) {
        return GeneratedCaseChecks.seeds(0x6A7E_4D0CL, count);
    }
}
