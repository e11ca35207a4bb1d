package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherCase;
import dev.dmlemu.testkit.GatherCaseOptions;
import dev.dmlemu.testkit.GatherCases;
import dev.dmlemu.testkit.NaiveGather;
import dev.dmlemu.testkit.OutOfRangeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * DML_GATHER against the real DirectML.dll, bit for bit, on the kit's seeded random valid cases: every data type the
 * harness device supports (FLOAT16/INT16/UINT16 are unsupported there), every index type, ranks 1-8, every axis,
 * IndexDimensions 0 to the rank, padded/transposed/zero strides, strided outputs, padded TotalTensorSizeInBytes, and
 * indices that are in range, negative, just out of range or huge, and IndexDimensions 0 with one index per output
 * element (docs/directml-behaviour.md §10.4; {@value #ONE_PER_ELEMENT_CASES} more cases drawn among those shapes
 * only). The heap-bug shapes (IndexDimensions - 1 > Axis)
 * are left out: they corrupt the DLL's heap and spoil the cases after them. The kit's naive reference (DIRECTML
 * model) and the emulator (default policy) are each held to the DLL's outputs. All cases go through the DLL in one
 * harness run, shared by both tests.
 */
class GatherParityTest {

    private static final int CASES = 320;
    /** Cases added to {@link #CASES} from the draws with IndexDimensions 0 and one index per output element. */
    private static final int ONE_PER_ELEMENT_CASES = 100;
    private static final long SEED = 0x6A7E_4D4CL;

    /**
     * Whole buffers of exactly TotalTensorSizeInBytes (the harness uploads every element, padding included) holding
     * finite floats (its text format cannot carry NaN payloads); the heap-bug shapes excluded, as by default; and with
     * IndexDimensions 0, sometimes 2 or 3 of the padding rows DirectML does not check (both sides use DirectML's
     * own behaviour here).
     */
    private static final GatherCases GENERATOR = new GatherCases(GatherCaseOptions.defaults()
            .withDataTypes(DllOutputs.DEVICE_DATA_TYPES).with(ElementValues.FINITE).with(Placement.EXACT)
            .with(GatherCaseOptions.PaddingRows.SOMETIMES_MORE));

    /** The DLL's results for {@link #cases()}, computed once for both tests. */
    private static Map<String, HarnessResult> dllResults;

    @Test
    void theNaiveReferenceMatchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GatherParityTest");
        List<GatherParityCase<GatherCase>> cases = cases();
        Map<String, HarnessResult> results = dllResults(real, cases);
        for (GatherParityCase<GatherCase> c : cases) {
            byte[] expected = NaiveGather.run(c.data(), OutOfRangeModel.DIRECTML).output();
            c.assertSameAsTheDll(c.name(), c.executed(results), expected);
        }
        System.out.println("GatherParityTest: NaiveGather (DIRECTML) is bit-identical with the real DirectML.dll on "
                + cases.size() + " cases; " + shares(cases));
    }

    /**
     * The emulator through its public API, validated at 6_4 first (the cases are valid by construction, and only the
     * validator makes the ValidatedOperator the emulator takes).
     */
    @Test
    void theEmulatorMatchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GatherParityTest");
        List<GatherParityCase<GatherCase>> cases = cases();
        Map<String, HarnessResult> results = dllResults(real, cases);
        FeatureLevelValidator validator = new FeatureLevelValidator();
        int compared = 0;
        try (Emulator emulator = new Emulator()) {
            for (GatherParityCase<GatherCase> c : cases) {
                byte[] output = EmulatorOnCase.output(emulator, validator, c.name(), c.data().desc(),
                        c.data()::toString, c.data().output(), c.data().input(), c.data().indices());
                c.assertSameAsTheDll(c.name(), c.executed(results), output);
                compared++;
            }
        }
        System.out.println("GatherParityTest: the emulator is bit-identical with the real DirectML.dll on " + compared
                + " cases; " + shares(cases));
        assertEquals(CASES + ONE_PER_ELEMENT_CASES, compared);
    }

    private static synchronized Map<String, HarnessResult> dllResults(RealDirectMl real,
            List<GatherParityCase<GatherCase>> cases) throws Exception {
        if (dllResults == null) {
            dllResults = GatherParityCase.runAll(real, cases);
        }
        return dllResults;
    }

    private static List<GatherParityCase<GatherCase>> cases() {
        Random random = new Random(SEED);
        List<GatherParityCase<GatherCase>> cases = new ArrayList<>();
        while (cases.size() < CASES) {
            cases.add(new GatherParityCase<>("g" + cases.size(), GENERATOR.generate(random.nextLong())));
        }
        while (cases.size() < CASES + ONE_PER_ELEMENT_CASES) {
            GatherCase drawn = GENERATOR.generate(random.nextLong());
            if (onePerElement(drawn)) {
                cases.add(new GatherParityCase<>("g" + cases.size(), drawn));
            }
        }
        return cases;
    }

    /** IndexDimensions 0 with indices sizes other than 1. */
    private static boolean onePerElement(GatherCase c) {
        return c.indexDimensions() == 0
                && c.indicesTensor().sizes().stream().anyMatch(size -> size != 1);
    }

    /** What the cases hold: out-of-range and negative shares, and how many of each IndexDimensions. */
    private static String shares(List<GatherParityCase<GatherCase>> cases) {
        int outOfRange = 0;
        int negative = 0;
        int sizeOneAxisOutOfRange = 0;
        int paddingRows = 0;
        int perElement = 0;
        TreeMap<Integer, Integer> byIndexDimensions = new TreeMap<>();
        for (GatherParityCase<GatherCase> c : cases) {
            GatherCase data = c.data();
            boolean out = data.hasOutOfRangeIndex();
            outOfRange += out ? 1 : 0;
            negative += data.hasNegativeInRangeIndex() ? 1 : 0;
            sizeOneAxisOutOfRange += out && data.axisSize() == 1 ? 1 : 0;
            byIndexDimensions.merge(data.indexDimensions(), 1, Integer::sum);
            paddingRows += data.indexDimensions() == 0 && data.outputTensor().sizes().get(0) > 1 ? 1 : 0;
            perElement += onePerElement(data) ? 1 : 0;
        }
        return String.format("%d (%d%%) with out-of-range indices (%d of them on a size-1 axis), %d (%d%%) with "
                + "negative in-range indices, %d with unchecked padding rows, %d with IndexDimensions 0 and one index "
                + "per output element; cases by IndexDimensions %s", outOfRange, 100 * outOfRange / cases.size(),
                sizeOneAxisOutOfRange, negative, 100 * negative / cases.size(), paddingRows, perElement,
                byIndexDimensions);
    }
}
