package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.GeneratedCaseChecks.assertFits;
import static dev.dmlemu.testkit.GeneratedCaseChecks.assertOutputDoesNotAlias;
import static dev.dmlemu.testkit.GeneratedCaseChecks.note;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.IndexValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The generator: a function of its seed, structurally valid, covering what it promises, narrowed by its options. */
class GatherElementsCasesTest extends CaseGeneratorContractTest {

    private static final int CASES = 3000;
    private static final GatherElementsCases DEFAULTS = new GatherElementsCases(CaseOptions.defaults());

    @Override
    GatherElementsCases defaults() {
        return DEFAULTS;
    }

    /** The rules of docs/directml-behaviour.md §5 and §6.3 that a generator could break, checked by hand here. */
    @Test
    void everyCaseIsStructurallyValid() {
        for (CaseOptions options : List.of(CaseOptions.defaults(), CaseOptions.defaults().withShapes(2_000, 12),
                CaseOptions.defaults().with(Layout.PACKED).with(Placement.EXACT).with(ElementValues.FINITE))) {
            GatherElementsCases cases = new GatherElementsCases(options);
            for (long seed : seeds(CASES)) {
                GatherElementsCase c = cases.generate(seed);
                BufferTensorDesc in = c.inputTensor();
                BufferTensorDesc idx = c.indicesTensor();
                BufferTensorDesc out = c.outputTensor();
                assertEquals(c.dataType(), out.dataType(), c::toString);
                assertEquals(idx.sizes(), out.sizes(), c::toString);
                for (int d = 0; d < c.rank(); d++) {
                    assertTrue(d == c.axis() || in.sizes().get(d).equals(idx.sizes().get(d)), c::toString);
                }
                for (BufferTensorDesc t : List.of(in, idx, out)) {
                    assertEquals(t.sizes().size(), t.dimensionCount(), c::toString);
                    assertTrue(t.totalTensorSizeInBytes() >= BufferTensorMath.calcBufferTensorSize(t.dataType(),
                            t.sizes(), t.strides()), c::toString);
                    t.strides().ifPresent(s -> s.forEach(x -> assertTrue(x >= 0 && x < (1L << 32), c::toString)));
                }
                assertOutputDoesNotAlias(c.outputTensor(), c.rank(), c::toString);
                assertFits(c.input(), in, c::toString);
                assertFits(c.indices(), idx, c::toString);
                assertFits(c.output(), out, c::toString);
            }
        }
    }

    @Test
    void theDefaultsCoverWhatTheyPromise() {
        TreeMap<String, Integer> seen = new TreeMap<>();
        for (long seed : seeds(CASES)) {
            GatherElementsCase c = DEFAULTS.generate(seed);
            note(seen, "data " + c.dataType());
            note(seen, "index " + c.indexType());
            note(seen, "rank " + c.rank());
            note(seen, "axis " + c.axis());
            if (c.axisSize() == 1) {
                note(seen, "size-1 axis");
            }
            if (c.inputTensor().strides().isEmpty()) {
                note(seen, "no input strides");
            }
            List<Long> strides = c.inputTensor().effectiveStrides();
            for (int d = 0; d < c.rank(); d++) {
                if (c.inputTensor().sizes().get(d) > 1 && strides.get(d) == 0) {
                    note(seen, "broadcast input");
                }
                if (d > 0 && c.inputTensor().sizes().get(d) > 1 && c.inputTensor().sizes().get(d - 1) > 1
                        && strides.get(d) > strides.get(d - 1)) {
                    note(seen, "transposed input");
                }
            }
            long total = c.inputTensor().totalTensorSizeInBytes();
            if (total > BufferTensorMath.calcBufferTensorSize(c.dataType(), c.inputTensor().sizes(),
                    c.inputTensor().strides())) {
                note(seen, "padded total");
            }
            if (total % 4 != 0) {
                note(seen, "total off a multiple of 4");
            }
            if (c.input().offset() % c.dataType().sizeInBytes() != 0) {
                note(seen, "input offset off its element size");
            }
            boolean anyOut = false;
            for (long v : c.indexValues()) {
                boolean signed = c.indexType().isSignedInteger();
                boolean in = signed ? v >= -c.axisSize() && v < c.axisSize() : v >= 0 && v < c.axisSize();
                anyOut |= !in;
                if (signed && v < 0 && in) {
                    note(seen, "negative in range");
                }
                if (v >= (1L << 32) || v < -(1L << 31)) {
                    note(seen, "beyond 32 bits");
                }
            }
            note(seen, anyOut ? "cases out of range" : "cases in range");
        }
        for (TensorDataType type : CaseOptions.ALL_DATA_TYPES) {
            assertTrue(seen.containsKey("data " + type), () -> type + ": " + seen);
        }
        for (TensorDataType type : CaseOptions.ALL_INDEX_TYPES) {
            assertTrue(seen.containsKey("index " + type), () -> type + ": " + seen);
        }
        for (int rank = 1; rank <= 8; rank++) {
            assertTrue(seen.containsKey("rank " + rank) && seen.containsKey("axis " + (rank - 1)), seen::toString);
        }
        for (String feature : List.of("size-1 axis", "no input strides", "broadcast input", "transposed input",
                "padded total", "total off a multiple of 4", "input offset off its element size", "negative in range",
                "beyond 32 bits", "cases out of range", "cases in range")) {
            assertTrue(seen.getOrDefault(feature, 0) >= 20, () -> feature + ": " + seen);
        }
    }

    @Test
    void optionsNarrowTheCases() {
        List<TensorDataType> types = List.of(TensorDataType.FLOAT16, TensorDataType.FLOAT32, TensorDataType.FLOAT64);
        GatherElementsCases narrow = new GatherElementsCases(CaseOptions.defaults().withDataTypes(types)
                .withMaxRank(3).with(Layout.PACKED).with(IndexValues.IN_RANGE).with(ElementValues.FINITE)
                .with(Placement.EXACT));
        for (long seed : seeds(CASES)) {
            GatherElementsCase c = narrow.generate(seed);
            assertTrue(types.contains(c.dataType()) && c.rank() <= 3, c::toString);
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
                long from = c.indexType().isSignedInteger() ? -c.axisSize() : 0;
                assertTrue(v >= from && v < c.axisSize(), c::toString);
            }
            assertFinite(c.dataType(), c.input().bytes(), c);
            assertFinite(c.dataType(), c.output().bytes(), c);
        }
    }

    /** Every whole element is a normal number or a zero: no NaN, infinity or subnormal. */
    private static void assertFinite(TensorDataType type, byte[] bytes, GatherElementsCase c) {
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int es = type.sizeInBytes();
        for (int at = 0; at + es <= bytes.length; at += es) {
            int exponent = switch (type) {
                case FLOAT16 -> b.getShort(at) >> 10 & 0x1F;
                case FLOAT32 -> b.getInt(at) >>> 23 & 0xFF;
                default -> (int) (b.getLong(at) >>> 52 & 0x7FF);
            };
            int max = type == TensorDataType.FLOAT16 ? 0x1F : type == TensorDataType.FLOAT32 ? 0xFF : 0x7FF;
            long magnitude = switch (type) {
                case FLOAT16 -> b.getShort(at) & 0x7FFF;
                case FLOAT32 -> b.getInt(at) & 0x7FFF_FFFF;
                default -> b.getLong(at) & Long.MAX_VALUE;
            };
            int where = at;
            assertTrue(exponent != max && (exponent != 0 || magnitude == 0), () -> c + " element at " + where);
        }
    }

    @Override
    long[] seeds(int count) {
        return GeneratedCaseChecks.seeds(0x7E57_C45EL, count);
    }
}
