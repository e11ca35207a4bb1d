package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherNdCase;
import dev.dmlemu.testkit.GatherNdCaseOptions;
import dev.dmlemu.testkit.GatherNdCaseOptions.BatchSizes;
import dev.dmlemu.testkit.GatherNdCases;
import dev.dmlemu.testkit.NaiveGatherNd;
import dev.dmlemu.testkit.OutOfRangeModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DML_GATHER_ND and GATHER_ND1 against the real DirectML.dll, bit for bit, on the kit's seeded random valid cases
 * ({@link GatherNdCases}): every data type the harness device supports (FLOAT16/INT16/UINT16 are unsupported there),
 * every index type, ranks 1-8, every count, batch count and tuple length, padded/transposed/zero strides, strided
 * outputs, padded TotalTensorSizeInBytes, indices that are in range, negative, just out of range or huge, and GATHER_ND1
 * batch sizes that differ (docs/directml-behaviour.md §11.4). For each operator both the emulator (default policy,
 * through its public API after the validator) and the kit's naive reference (DIRECTML model) are held to the DLL's
 * outputs. Both operators' cases go through the DLL in one harness run.
 */
class GatherNdParityTest {

    private static final int CASES_PER_OPERATOR = 320;
    private static final long SEED = 0x6A7E_4D0DL;

    /**
     * Whole buffers of exactly TotalTensorSizeInBytes (the harness uploads every element, padding included) holding
     * finite floats (its text format cannot carry NaN payloads), with batch sizes that differ both ways: both sides use
     * DirectML's own behaviour here.
     */
    private static final GatherNdCaseOptions OPTIONS = GatherNdCaseOptions.defaults()
            .withDataTypes(DllOutputs.DEVICE_DATA_TYPES).with(ElementValues.FINITE).with(Placement.EXACT)
            .with(BatchSizes.SOMETIMES_DIFFERENT);

    /** The DLL's results for {@link #cases()}, computed once for both operators. */
    private static Map<String, HarnessResult> dllResults;

    @ParameterizedTest
    @EnumSource(value = OperatorType.class, names = {"GATHER_ND", "GATHER_ND1"})
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit(OperatorType operator) throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("GatherNdParityTest (" + operator.name() + ")");
        List<GatherParityCase<GatherNdCase>> all = cases();
        Map<String, HarnessResult> results = dllResults(real, all);
        List<GatherParityCase<GatherNdCase>> cases = all.stream()
                .filter(c -> c.data().desc().operatorType() == operator).toList();
        FeatureLevelValidator validator = new FeatureLevelValidator();
        int compared = 0;
        try (Emulator emulator = new Emulator()) {
            for (GatherParityCase<GatherNdCase> c : cases) {
                HarnessResult result = c.executed(results);
                byte[] output = EmulatorOnCase.output(emulator, validator, c.name(), c.data().desc(),
                        c.data()::toString, c.data().output(), c.data().input(), c.data().indices());
                c.assertSameAsTheDll(c.name() + " (the emulator)", result, output);
                c.assertSameAsTheDll(c.name() + " (NaiveGatherNd)", result,
                        NaiveGatherNd.run(c.data(), OutOfRangeModel.DIRECTML).output());
                compared++;
            }
        }
        System.out.println("GatherNdParityTest: the emulator and NaiveGatherNd (DIRECTML) are bit-identical with the "
                + "real DirectML.dll on " + compared + " " + operator.name() + " cases; " + shares(cases));
        assertEquals(CASES_PER_OPERATOR, compared);
    }

    private static synchronized Map<String, HarnessResult> dllResults(RealDirectMl real,
            List<GatherParityCase<GatherNdCase>> cases) throws Exception {
        if (dllResults == null) {
            dllResults = GatherParityCase.runAll(real, cases);
        }
        return dllResults;
    }

    /** {@value #CASES_PER_OPERATOR} cases of each operator, drawn from one seed. */
    private static List<GatherParityCase<GatherNdCase>> cases() {
        Random random = new Random(SEED);
        List<GatherParityCase<GatherNdCase>> cases = new ArrayList<>();
        for (OperatorType operator : List.of(OperatorType.GATHER_ND, OperatorType.GATHER_ND1)) {
            GatherNdCases generator = new GatherNdCases(OPTIONS.withOperators(List.of(operator)));
            String prefix = operator == OperatorType.GATHER_ND ? "nd" : "nd1_";
            for (int n = 0; n < CASES_PER_OPERATOR; n++) {
                cases.add(new GatherParityCase<>(prefix + n, generator.generate(random.nextLong())));
            }
        }
        return cases;
    }

    /** What the cases hold: out-of-range, negative and differing-batch shares, and cases by tuple length. */
    private static String shares(List<GatherParityCase<GatherNdCase>> cases) {
        int outOfRange = 0;
        int negative = 0;
        int sizeOneDimensionOutOfRange = 0;
        int batchesDiffer = 0;
        int batchesPastInput = 0;
        TreeMap<Integer, Integer> byTupleLength = new TreeMap<>();
        for (GatherParityCase<GatherNdCase> c : cases) {
            GatherNdCase data = c.data();
            boolean out = data.hasOutOfRangeIndex();
            outOfRange += out ? 1 : 0;
            negative += data.hasNegativeInRangeIndex() ? 1 : 0;
            boolean sizeOne = false;
            for (int t = 0; t < data.tupleLength(); t++) {
                sizeOne |= data.tupleDimensionSize(t) == 1;
            }
            sizeOneDimensionOutOfRange += out && sizeOne ? 1 : 0;
            batchesDiffer += data.batchSizesDiffer() ? 1 : 0;
            batchesPastInput += data.batchPastInput() ? 1 : 0;
            byTupleLength.merge(data.tupleLength(), 1, Integer::sum);
        }
        return String.format("%d (%d%%) with out-of-range indices (%d of them with a size-1 tuple dimension), %d "
                + "(%d%%) with negative in-range indices, %d with batch sizes that differ (%d past the input's); "
                + "cases by tuple length %s", outOfRange, 100 * outOfRange / cases.size(), sizeOneDimensionOutOfRange,
                negative, 100 * negative / cases.size(), batchesDiffer, batchesPastInput, byTupleLength);
    }
}
