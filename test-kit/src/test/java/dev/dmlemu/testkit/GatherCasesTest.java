package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.GeneratedCaseChecks.assertTensorsValid;
import static dev.dmlemu.testkit.GeneratedCaseChecks.note;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherCaseOptions.HeapBugShapes;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The generator: a function of its seed, structurally valid, covering what it promises, narrowed by its options. */
class GatherCasesTest extends CaseGeneratorContractTest {

    private static final int CASES = 3000;
    private static final GatherCases DEFAULTS = new GatherCases(GatherCaseOptions.defaults());

    @Override
    GatherCases defaults() {
        return DEFAULTS;
    }

    /**
     * The shape rules written out here from the formula (R = rank, k = IndexDimensions), apart from the kit's own
     * reference, and the tensor rules of docs/directml-behaviour.md §5 and §6.3 a generator could break.
     */
    @Test
    void everyCaseIsStructurallyValid() {
        for (GatherCaseOptions options : List.of(GatherCaseOptions.defaults(),
                GatherCaseOptions.defaults().withShapes(2_000, 12).with(HeapBugShapes.INCLUDED),
                GatherCaseOptions.defaults().with(Layout.PACKED).with(Placement.EXACT).with(ElementValues.FINITE))) {
            GatherCases cases = new GatherCases(options);
            for (long seed : seeds(CASES)) {
                GatherCase c = cases.generate(seed);
                assertFormulaShapes(c);
                assertTensorsValid(c);
            }
        }
    }

    /**
     * IndexDimensions 0: one index, or (docs/directml-behaviour.md §10.4) after their leading 1s the input's first
     * sizes after its own leading 1s, at most Axis of them.
     */
    private static void assertScalarIndices(GatherCase c, List<Long> in, List<Long> idx) {
        int idxFirst = 0;
        while (idxFirst < idx.size() && idx.get(idxFirst) == 1) {
            idxFirst++;
        }
        int inFirst = 0;
        while (inFirst < in.size() && in.get(inFirst) == 1) {
            inFirst++;
        }
        List<Long> significant = idx.subList(idxFirst, idx.size());
        assertTrue(significant.size() <= c.axis(), c::toString);
        assertEquals(in.subList(inFirst, inFirst + significant.size()), significant, c::toString);
    }

    /** Draws of the default options include IndexDimensions 0 with one index per output element, a fair share. */
    @Test
    void indexDimensions0SometimesGivesEachOutputElementItsOwnIndex() {
        GatherCases cases = new GatherCases(GatherCaseOptions.defaults());
        int k0 = 0;
        int perElement = 0;
        for (long seed : seeds(CASES)) {
            GatherCase c = cases.generate(seed);
            if (c.indexDimensions() == 0) {
                k0++;
                perElement += c.indicesTensor().sizes().stream().anyMatch(size -> size != 1) ? 1 : 0;
            }
        }
        assertTrue(perElement > k0 / 5, perElement + " of " + k0);
        GatherCases scalar = new GatherCases(GatherCaseOptions.defaults().with(GatherCaseOptions.ScalarIndices.ONE));
        for (long seed : seeds(CASES)) {
            GatherCase c = scalar.generate(seed);
            assertTrue(c.indexDimensions() > 0 || c.indicesTensor().sizes().stream().allMatch(size -> size == 1),
                    c::toString);
        }
    }

    private static void assertFormulaShapes(GatherCase c) {
        int rank = c.rank();
        int k = c.indexDimensions();
        int axis = c.axis();
        assertTrue(axis >= 0 && axis < rank && k >= 0 && k <= rank, c::toString);
        List<Long> in = c.inputTensor().sizes();
        List<Long> idx = c.indicesTensor().sizes();
        List<Long> out = c.outputTensor().sizes();
        if (k == 0) {
            assertScalarIndices(c, in, idx);
        } else {
            for (int d = 0; d < rank - k; d++) {
                assertEquals(1L, idx.get(d), () -> "indices outside the last k are 1: " + c);
            }
        }
        List<Long> formula = new ArrayList<>(in.subList(0, axis));
        formula.addAll(idx.subList(rank - k, rank));
        formula.addAll(in.subList(axis + 1, rank));
        assertEquals(rank - 1 + k, formula.size(), c::toString);
        if (k == 0) {
            assertEquals(1L, out.get(0), () -> "the padding dimension is 1: " + c);
            assertEquals(formula, out.subList(1, rank), c::toString);
        } else {
            for (int d = 0; d < k - 1; d++) {
                long cropped = formula.get(d);
                long most = d < axis ? 3 : 1;
                assertTrue(cropped >= 1 && cropped <= most, () -> "a cropped entry is 1 to 3 from the input, 1 from"
                        + " the indices: " + c);
            }
            assertEquals(formula.subList(k - 1, formula.size()), out, c::toString);
        }
    }

    /**
     * Every case is one the reference models, under every model; and every index is read by some output element, so
     * STRICT refuses exactly the cases holding an out-of-range index.
     */
    @Test
    void theReferenceTakesEveryCaseAndReadsEveryIndex() {
        GatherCases cases = new GatherCases(GatherCaseOptions.defaults().with(HeapBugShapes.INCLUDED));
        for (long seed : seeds(1000)) {
            GatherCase c = cases.generate(seed);
            assertEquals(c.hasOutOfRangeIndex(), NaiveGather.run(c, OutOfRangeModel.STRICT).refusal().isPresent(),
                    c::toString);
            assertTrue(NaiveGather.run(c, OutOfRangeModel.DIRECTML).refusal().isEmpty(), c::toString);
            assertTrue(NaiveGather.run(c, OutOfRangeModel.CLAMP_AXIS).refusal().isEmpty(), c::toString);
        }
    }

    @Test
    void paddingRowsAreOneByDefaultAndSometimesMoreWhenAsked() {
        GatherCases padded =
                new GatherCases(GatherCaseOptions.defaults().with(GatherCaseOptions.PaddingRows.SOMETIMES_MORE));
        int more = 0;
        for (long seed : seeds(CASES)) {
            GatherCase c = padded.generate(seed);
            long rows = c.outputTensor().sizes().get(0);
            if (c.indexDimensions() == 0 && rows > 1) {
                assertTrue(rows <= 3, c::toString);
                more++;
            }
        }
        int drawn = more;
        assertTrue(drawn >= 100, () -> "cases with padding rows above 1: " + drawn);
    }

    @Test
    void theHeapBugShapesAreExcludedByDefaultAndDrawnWhenIncluded() {
        GatherCases withHeapBug = new GatherCases(GatherCaseOptions.defaults().with(HeapBugShapes.INCLUDED));
        int included = 0;
        for (long seed : seeds(CASES)) {
            GatherCase c = DEFAULTS.generate(seed);
            assertFalse(c.indexDimensions() - 1 > c.axis(), c::toString);
            assertFalse(c.isHeapBugShape(), c::toString);
            included += withHeapBug.generate(seed).isHeapBugShape() ? 1 : 0;
        }
        int drawn = included;
        assertTrue(drawn >= 300, () -> "heap-bug shapes when included: " + drawn);
    }

    @Test
    void theDefaultsCoverWhatTheyPromise() {
        TreeMap<String, Integer> seen = new TreeMap<>();
        int outOfRange = 0;
        for (long seed : seeds(CASES)) {
            GatherCase c = DEFAULTS.generate(seed);
            note(seen, "data " + c.dataType());
            note(seen, "index " + c.indexType());
            note(seen, "rank " + c.rank());
            note(seen, "axis " + c.axis());
            note(seen, "k " + c.indexDimensions());
            note(seen, "rank " + c.rank() + " k " + c.indexDimensions());
            if (c.axisSize() == 1) {
                note(seen, "size-1 axis");
            }
            if (c.indexDimensions() > 1) {
                note(seen, "cropped formula");
            }
            if (c.inputTensor().strides().isEmpty()) {
                note(seen, "no input strides");
            }
            List<Long> sizes = c.inputTensor().sizes();
            List<Long> strides = c.inputTensor().effectiveStrides();
            for (int d = 0; d < c.rank(); d++) {
                if (sizes.get(d) > 1 && strides.get(d) == 0) {
                    note(seen, "broadcast input");
                }
                if (d > 0 && sizes.get(d) > 1 && sizes.get(d - 1) > 1 && strides.get(d) > strides.get(d - 1)) {
                    note(seen, "transposed input");
                }
            }
            if (c.inputTensor().sizes().get(c.axis()) == 1 && strides.get(c.axis()) >= (1L << 31)) {
                note(seen, "size-1 axis with a stride of 2^31 or more");
            }
            if (c.outputTensor().strides().isPresent()
                    && !c.outputTensor().effectiveStrides().equals(BufferTensorMath.packedStrides(
                            c.outputTensor().sizes()))) {
                note(seen, "strided output");
            }
            long total = c.inputTensor().totalTensorSizeInBytes();
            if (total > BufferTensorMath.calcBufferTensorSize(c.dataType(), sizes, c.inputTensor().strides())) {
                note(seen, "padded total");
            }
            if (c.input().offset() % c.dataType().sizeInBytes() != 0) {
                note(seen, "input offset off its element size");
            }
            for (long v : c.indexValues()) {
                if (v >= (1L << 32) || v < -(1L << 31)) {
                    note(seen, "beyond 32 bits");
                }
            }
            if (c.hasNegativeInRangeIndex()) {
                note(seen, "negative in range");
            }
            outOfRange += c.hasOutOfRangeIndex() ? 1 : 0;
        }
        for (TensorDataType type : CaseOptions.ALL_DATA_TYPES) {
            assertTrue(seen.containsKey("data " + type), () -> type + ": " + seen);
        }
        for (TensorDataType type : CaseOptions.ALL_INDEX_TYPES) {
            assertTrue(seen.containsKey("index " + type), () -> type + ": " + seen);
        }
        for (int rank = 1; rank <= 8; rank++) {
            assertTrue(seen.containsKey("axis " + (rank - 1)), seen::toString);
            for (int k = 0; k <= rank; k++) {
                assertTrue(seen.containsKey("rank " + rank + " k " + k), "rank " + rank + " k " + k + ": " + seen);
            }
        }
        for (String feature : List.of("size-1 axis", "cropped formula", "no input strides", "broadcast input",
                "transposed input", "size-1 axis with a stride of 2^31 or more", "strided output", "padded total",
                "input offset off its element size", "beyond 32 bits", "negative in range")) {
            assertTrue(seen.getOrDefault(feature, 0) >= 20, () -> feature + ": " + seen);
        }
        // 40% drawn out of range, every one of them holding at least one such index.
        int drawn = outOfRange;
        assertTrue(drawn > CASES * 0.35 && drawn < CASES * 0.45, () -> "out of range: " + drawn + " of " + CASES);
    }

    @Test
    void optionsNarrowTheCases() {
        List<TensorDataType> types = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64);
        GatherCases narrow = new GatherCases(GatherCaseOptions.defaults().withDataTypes(types)
                .withIndexTypes(List.of(TensorDataType.INT64)).withMaxRank(3).with(Layout.PACKED)
                .withOutOfRangeShare(0).withNegativeShare(0).with(ElementValues.FINITE).with(Placement.EXACT));
        for (long seed : seeds(CASES)) {
            GatherCase c = narrow.generate(seed);
            assertTrue(types.contains(c.dataType()) && c.indexType() == TensorDataType.INT64 && c.rank() <= 3,
                    c::toString);
            for (TensorBytes bytes : List.of(c.input(), c.indices(), c.output())) {
                assertEquals(0, bytes.offset(), c::toString);
            }
            assertEquals(c.inputTensor().totalTensorSizeInBytes(), c.input().bytes().length, c::toString);
            assertEquals(c.outputTensor().totalTensorSizeInBytes(), c.output().bytes().length, c::toString);
            for (BufferTensorDesc t : List.of(c.inputTensor(), c.indicesTensor(), c.outputTensor())) {
                assertEquals(BufferTensorDesc.packed(t.dataType(), t.sizes().stream().mapToLong(x -> x).toArray()), t,
                        c::toString);
            }
            for (long v : c.indexValues()) {
                assertTrue(v >= 0 && v < c.axisSize(), c::toString);
            }
            assertFinite(c.dataType(), c.input().bytes(), c);
            assertFinite(c.dataType(), c.output().bytes(), c);
        }
    }

    @Test
    void theSharesAreHonoured() {
        GatherCases allOut = new GatherCases(GatherCaseOptions.defaults().withOutOfRangeShare(1));
        GatherCases allNegative = new GatherCases(GatherCaseOptions.defaults().withOutOfRangeShare(0)
                .withNegativeShare(1).withIndexTypes(List.of(TensorDataType.INT32, TensorDataType.INT64)));
        for (long seed : seeds(500)) {
            GatherCase out = allOut.generate(seed);
            assertTrue(out.hasOutOfRangeIndex(), out::toString);
            GatherCase negative = allNegative.generate(seed);
            for (long v : negative.indexValues()) {
                assertTrue(v < 0 && v >= -negative.axisSize(), negative::toString);
            }
        }
    }

    /** Every whole element is a normal number or a zero: no NaN, infinity or subnormal. */
    private static void assertFinite(TensorDataType type, byte[] bytes, GatherCase c) {
        int es = type.sizeInBytes();
        for (int at = 0; at + es <= bytes.length; at += es) {
            long bits = LittleEndian.bits(bytes, at, es);
            boolean finite = type == TensorDataType.FLOAT32 ? isNormalOrZero(Float.intBitsToFloat((int) bits))
                    : isNormalOrZero(Double.longBitsToDouble(bits));
            int where = at;
            assertTrue(finite, () -> c + " element at " + where);
        }
    }

    private static boolean isNormalOrZero(double value) {
        return value == 0 || Double.isFinite(value) && Math.abs(value) >= Double.MIN_NORMAL;
    }

    private static boolean isNormalOrZero(float value) {
        return value == 0 || Float.isFinite(value) && Math.abs(value) >= Float.MIN_NORMAL;
    }

    @Override
    long[] seeds(int count) {
        return GeneratedCaseChecks.seeds(0x6A7E_C45EL, count);
    }
}
