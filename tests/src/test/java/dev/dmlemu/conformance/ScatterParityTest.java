package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.NaiveScatter;
import dev.dmlemu.testkit.OutOfRangeModel;
import dev.dmlemu.testkit.ScatterCase;
import dev.dmlemu.testkit.ScatterCases;
import dev.dmlemu.testkit.ScatterCases.Kind;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DML_SCATTER_ELEMENTS and SCATTER_ND against the real DirectML.dll, bit for bit, on the kit's seeded random valid
 * cases ({@link ScatterCases}): every data type the harness device supports, every index type, ranks 1-8, every axis,
 * count and tuple length, padded/transposed/zero strides, strided outputs, padded TotalTensorSizeInBytes, SCATTER_ND
 * indices and updates of other DimensionCounts, indices that are in range, negative, duplicate, just out of range or
 * huge. For each operator both the emulator (default policy, through its public API after the validator) and the
 * kit's naive reference (DIRECTML model) are held to the DLL's output, and the duplicate writes the emulator reports
 * are the reference's.
 *
 * <p>An output element that several updates write is held to "one of those updates": DirectML promises no winner and
 * its device does not always keep the last write (docs/directml-behaviour.md §12.4); how often it did is printed.
 * Every other element must be equal. Both operators' cases go through the DLL in one harness run.
 */
class ScatterParityTest {

    private static final int CASES_PER_OPERATOR = 320;
    private static final long SEED = 0x5CA7_7E12L;

    private static final CaseOptions OPTIONS = CaseOptions.defaults()
            .withDataTypes(DllOutputs.DEVICE_DATA_TYPES).with(ElementValues.FINITE).with(Placement.EXACT);

    private static Map<String, HarnessResult> dllResults;

    private record ParityCase(String name, ScatterCase data, long overwrites) {

        HarnessCase harnessCase() {
            return HarnessCase.fromScatterDesc(name, data.desc(), data.input().toBuffer(), data.indices().toBuffer(),
                    data.updates().toBuffer());
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit(Kind kind) throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ScatterParityTest (" + kind + ")");
        List<ParityCase> all = cases();
        Map<String, HarnessResult> results = dllResults(real, all);
        List<ParityCase> cases = all.stream().filter(c -> c.data().isElements() == (kind == Kind.ELEMENTS))
                .toList();
        FeatureLevelValidator validator = new FeatureLevelValidator();
        AtomicLong reported = new AtomicLong();
        int compared = 0;
        int outOfRange = 0;
        int withDuplicates = 0;
        int otherRanks = 0;
        Contests tally = new Contests();
        EmulatorOptions options = EmulatorOptions.builder()
                .listener(found -> reported.addAndGet(found.overwrites())).build();
        try (Emulator emulator = new Emulator(options)) {
            for (ParityCase c : cases) {
                HarnessResult result = DllOutputs.executed(results, c.name(), () -> c.harnessCase().toCaseText());
                reported.set(0);
                byte[] output = EmulatorOnCase.output(emulator, validator, c.name(), c.data().desc(),
                        c.data()::toString, c.data().output(), c.data().input(), c.data().indices(),
                        c.data().updates());
                NaiveScatter.Outcome naive = NaiveScatter.run(c.data().desc(), OutOfRangeModel.DIRECTML,
                        c.data().input(), c.data().indices(), c.data().updates(), c.data().output());
                tally.add(compare(c, result, "the emulator", output, naive));
                compare(c, result, "NaiveScatter", naive.output(), naive);
                assertEquals(naive.overwrites(), reported.get(), () -> c.name() + ": duplicate writes reported");
                compared++;
                outOfRange += hasOutOfRangeIndex(c) ? 1 : 0;
                withDuplicates += c.overwrites() > 0 ? 1 : 0;
                otherRanks += otherRank(c.data()) ? 1 : 0;
            }
        }
        System.out.println("ScatterParityTest: the emulator and NaiveScatter (DIRECTML) are bit-identical with the "
                + "real DirectML.dll on " + compared + " SCATTER_" + kind + " cases; " + outOfRange + " with "
                + "out-of-range indices, " + withDuplicates + " with duplicate targets (last write wins), "
                + otherRanks + " with indices or updates of another DimensionCount; of " + tally.elements
                + " elements written by several updates, DirectML kept the last write on " + tally.lastWon
                + " and an earlier one on " + (tally.elements - tally.lastWon) + " (both accepted)");
        assertEquals(CASES_PER_OPERATOR, compared);
    }

    private static synchronized Map<String, HarnessResult> dllResults(RealDirectMl real, List<ParityCase> cases)
            throws Exception {
        if (dllResults == null) {
            dllResults = real.execute(cases.stream().map(ParityCase::harnessCase).toList());
        }
        return dllResults;
    }

    /** {@value #CASES_PER_OPERATOR} comparable cases of each operator, drawn from one seed. */
    private static synchronized List<ParityCase> cases() {
        Random random = new Random(SEED);
        List<ParityCase> cases = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            ScatterCases generator = new ScatterCases(kind, OPTIONS);
            String prefix = kind == Kind.ELEMENTS ? "se" : "snd";
            int n = 0;
            while (n < CASES_PER_OPERATOR) {
                ScatterCase c = generator.generate(random.nextLong());
                long overwrites = NaiveScatter.run(c.desc(), OutOfRangeModel.DIRECTML, c.input(), c.indices(),
                        c.updates(), c.output()).overwrites();
                cases.add(new ParityCase(prefix + n++, c, overwrites));
            }
        }
        return cases;
    }

    /** Whether some index is outside its dimension (as the index type reads it, negative ones wrapped once). */
    private static boolean hasOutOfRangeIndex(ParityCase c) {
        return NaiveScatter.run(c.data().desc(), OutOfRangeModel.STRICT, c.data().input(), c.data().indices(),
                c.data().updates(), c.data().output()).refusal().isPresent();
    }

    private static boolean otherRank(ScatterCase c) {
        int rank = c.tensor(0).sizes().size();
        return c.tensor(1).sizes().size() != rank || c.tensor(2).sizes().size() != rank;
    }

    /** Elements several updates wrote, and on how many of them the DLL kept the last write. */
    private static final class Contests {
        int elements;
        int lastWon;

        void add(Contests other) {
            elements += other.elements;
            lastWon += other.lastWon;
        }
    }

    /**
     * Compares the logical output elements with the DLL's: equal bytes, or for a contested element one of the values
     * written there.
     */
    private static Contests compare(ParityCase c, HarnessResult result, String who, byte[] output,
            NaiveScatter.Outcome naive) {
        BufferTensorDesc out = c.data().tensor(3);
        int es = out.dataType().sizeInBytes();
        ByteBuffer dll = HarnessCase.HarnessValues.parse(out.dataType(), result.output().orElseThrow());
        List<Long> sizes = out.sizes();
        List<Long> strides = out.effectiveStrides();
        long count = sizes.stream().reduce(1L, Math::multiplyExact);
        Contests contests = new Contests();
        for (long e = 0; e < count; e++) {
            long rest = e;
            long element = 0;
            for (int d = sizes.size() - 1; d >= 0; d--) {
                element += (rest % sizes.get(d)) * strides.get(d);
                rest /= sizes.get(d);
            }
            byte[] expected = new byte[es];
            dll.get((int) (e * es), expected);
            byte[] actual = Arrays.copyOfRange(output, (int) (c.data().output().offset() + element * es),
                    (int) (c.data().output().offset() + (element + 1) * es));
            List<byte[]> candidates = naive.contestedWrites().get(element);
            long logical = e;
            if (candidates == null) {
                assertArrayEquals(expected, actual, () -> c.name() + " (" + who + ") differs from the real DLL at "
                        + "logical element " + logical + "\n" + c.data() + "\n" + c.harnessCase().toCaseText());
                continue;
            }
            assertArrayEquals(candidates.get(candidates.size() - 1), actual, () -> c.name() + " (" + who
                    + ") does not keep the last write at logical element " + logical);
            assertTrue(candidates.stream().anyMatch(candidate -> Arrays.equals(candidate, expected)), () -> c.name()
                    + ": the DLL's value at logical element " + logical + " is none of the updates written there\n"
                    + c.harnessCase().toCaseText());
            contests.elements++;
            contests.lastWon += Arrays.equals(candidates.get(candidates.size() - 1), expected) ? 1 : 0;
        }
        return contests;
    }
}
