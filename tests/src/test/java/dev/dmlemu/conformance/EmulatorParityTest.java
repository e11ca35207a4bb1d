package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherElementsCase;
import dev.dmlemu.testkit.GatherElementsCases;
import dev.dmlemu.testkit.NaiveGatherElements;
import dev.dmlemu.testkit.OutOfRangeModel;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The emulator (default DirectML index policy) against the real DirectML.dll, bit for bit, on the kit's seeded random
 * valid cases: every data type the harness device supports (FLOAT16/INT16/UINT16 are unsupported there), every index
 * type, ranks 1-8, every axis, padded/transposed/zero strides, padded TotalTensorSizeInBytes, and indices that are
 * in range, negative, just out of range or huge. The kit's naive reference is held to the same DLL outputs. All
 * cases go through the DLL in one harness run per test.
 */
class EmulatorParityTest {

    private static final int CASES = 400;
    private static final long SEED = 0x5EED_4D4CL;

    /**
     * Whole buffers of exactly TotalTensorSizeInBytes (the harness uploads every element, padding included) holding
     * finite floats (its text format cannot carry NaN payloads).
     */
    private static final GatherElementsCases GENERATOR = new GatherElementsCases(CaseOptions.defaults()
            .withDataTypes(DllOutputs.DEVICE_DATA_TYPES).with(ElementValues.FINITE).with(Placement.EXACT));

    /** A generated case, its harness name and its validation at 6_4. */
    private record ParityCase(String name, GatherElementsCase data, ValidatedOperator operator) {

        HarnessCase harnessCase() {
            return HarnessCase.fromDesc(name, data.desc(), data.input().toBuffer(), data.indices().toBuffer());
        }
    }

    @Test
    void matchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("EmulatorParityTest");
        List<ParityCase> cases = cases();
        Map<String, HarnessResult> results = real.execute(cases.stream().map(ParityCase::harnessCase).toList());

        int compared = 0;
        int withOutOfRange = 0;
        int withNegative = 0;
        try (Emulator emulator = new Emulator()) {
            for (ParityCase c : cases) {
                HarnessResult result = executed(results, c);
                ByteBuffer output = ByteBuffer.allocate((int) c.data().outputTensor().totalTensorSizeInBytes());
                try (PreparedOperator prepared = emulator.prepare(c.operator())) {
                    prepared.execute(Bindings.of(BufferBinding.of(c.data().input().toBuffer()),
                            BufferBinding.of(c.data().indices().toBuffer()), BufferBinding.of(output)));
                }
                assertSameAsTheDll(c, result, output.array());
                compared++;
                withOutOfRange += anyOutOfRange(c.data()) ? 1 : 0;
                withNegative += anyNegativeInRange(c.data()) ? 1 : 0;
            }
        }
        System.out.println("EmulatorParityTest: " + compared + " cases bit-identical with the real DirectML.dll ("
                + withOutOfRange + " with out-of-range indices, " + withNegative + " with negative in-range indices)");
        assertEquals(CASES, compared);
    }

    /** The reference the emulator's own tests trust, on the same cases: it must agree with the DLL too. */
    @Test
    void theNaiveReferenceMatchesTheRealDirectMlBitForBit() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("EmulatorParityTest");
        List<ParityCase> cases = cases();
        Map<String, HarnessResult> results = real.execute(cases.stream().map(ParityCase::harnessCase).toList());
        for (ParityCase c : cases) {
            HarnessResult result = executed(results, c);
            byte[] zeros = new byte[(int) c.data().outputTensor().totalTensorSizeInBytes()];
            byte[] expected = NaiveGatherElements.run(c.data().desc(), OutOfRangeModel.DIRECTML, c.data().input(),
                    c.data().indices(), TensorBytes.of(zeros)).output();
            assertSameAsTheDll(c, result, expected);
        }
        System.out.println("EmulatorParityTest: the naive reference agrees with the real DirectML.dll on "
                + cases.size() + " cases");
    }

    private static List<ParityCase> cases() {
        Random random = new Random(SEED);
        List<ParityCase> cases = new ArrayList<>();
        FeatureLevelValidator validator = new FeatureLevelValidator();
        while (cases.size() < CASES) {
            String name = "p" + cases.size();
            GatherElementsCase c = GENERATOR.generate(random.nextLong());
            ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
            assertTrue(result.isValid(), () -> name + " must be valid by construction: " + result + "\n" + c);
            cases.add(new ParityCase(name, c, result.validated()));
        }
        return cases;
    }

    private static HarnessResult executed(Map<String, HarnessResult> results, ParityCase c) {
        return DllOutputs.executed(results, c.name(), () -> c.harnessCase().toCaseText());
    }

    private static void assertSameAsTheDll(ParityCase c, HarnessResult result, byte[] output) {
        DllOutputs.assertSameAsTheDll(c.name(), c.data().dataType(), c.data().outputTensor(), result, output,
                () -> c.harnessCase().toCaseText());
    }

    private static boolean anyOutOfRange(GatherElementsCase c) {
        boolean signed = c.indexType().isSignedInteger();
        long n = c.axisSize();
        for (long v : c.indexValues()) {
            if (signed ? v < -n || v >= n : Long.compareUnsigned(v, n) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyNegativeInRange(GatherElementsCase c) {
        long n = c.axisSize();
        for (long v : c.indexValues()) {
            if (c.indexType().isSignedInteger() && v < 0 && v >= -n) {
                return true;
            }
        }
        return false;
    }
}
