package dev.dmlemu.nativebridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.IndexValues;
import dev.dmlemu.testkit.CaseOptions.Layout;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.GatherElementsCase;
import dev.dmlemu.testkit.GatherElementsCases;
import dev.dmlemu.testkit.NaiveGatherElements;
import dev.dmlemu.testkit.OutOfRangeModel;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The kit's seeded random GatherElements cases through the real DirectML, compared byte for byte (gather moves bits)
 * with (1) the kit's naive reference and (2) the emulator. Cases use every data type the device reports as supported
 * (others are counted and the reason printed), ranks 1–6, every axis, every index type, packed tensors, in-range
 * indices, negative ones for signed types: out-of-range reads are measured on one DirectML shader path only
 * (docs/directml-behaviour.md §7.3). Floating-point inputs are ordinary finite values: whether a GPU keeps NaN
 * payloads and subnormals through a gather is not what this checks. Windows only, but for the check of the cases.
 */
@Tag("directml")
@ExtendWith(PrintSkipReason.class)
class CrossBackendParityTest {

    private static final String NEEDS_WINDOWS = "DirectML needs Windows (x64/arm64)";
    private static final long SEED = 0x5EED_0006L;
    private static final int CASES = 60;

    /** Every data type (the device's support decides per case), buffers of exactly TotalTensorSizeInBytes. */
    private static final GatherElementsCases GENERATOR = new GatherElementsCases(CaseOptions.defaults()
            .withMaxRank(6).withShapes(4096, 4).with(Layout.PACKED).with(IndexValues.IN_RANGE)
            .with(ElementValues.FINITE).with(Placement.EXACT));

    record Case(String name, ValidatedOperator operator, GatherElementsCase data) {

        int outputBytes() {
            return Math.toIntExact(data.outputTensor().totalTensorSizeInBytes());
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void directMlMatchesANaiveReferenceBitForBit() {
        try (DirectMlBackend directMl = WindowsBackends.openOrSkip(DirectMlOptions.defaults())) {
            List<Case> cases = casesFor(directMl);
            for (Case c : cases) {
                byte[] expected = naiveGatherElements(c.data());
                assertArrayEquals(expected, run(directMl, c), c.name());
            }
            System.out.println("parity (naive reference): " + cases.size() + " cases identical");
        }
    }

    /** The same bad bindings get the same verdict, word for word, from both backends' pre-dispatch check. */
    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void bothBackendsRefuseTheSameBindingsAlike() {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3)
                .withGuaranteedBaseOffsetAlignment(16);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3);
        ValidatedOperator operator = TestOperators.validated(new GatherElementsOperatorDesc(input, indices, output, 2),
                FeatureLevel.LEVEL_3_0, IndexSemantics.UNSIGNED);
        ByteBuffer data = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer index = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        List<Bindings> bad = List.of(
                Bindings.of(new BufferBinding(data, 0, 32), BufferBinding.of(index), BufferBinding.of(
                        ByteBuffer.allocate(24))),
                Bindings.of(new BufferBinding(data, 4, 40), BufferBinding.of(index), BufferBinding.of(
                        ByteBuffer.allocate(24))),
                Bindings.of(BufferBinding.of(data), BufferBinding.of(index), BufferBinding.of(
                        ByteBuffer.allocate(24).asReadOnlyBuffer())),
                Bindings.of(BufferBinding.of(data), BufferBinding.of(index)));
        try (ExecutionBackend emulator = new Emulator();
                DirectMlBackend directMl = WindowsBackends.openOrSkip(DirectMlOptions.defaults());
                PreparedOperator onEmulator = emulator.prepare(operator);
                PreparedOperator onDirectMl = directMl.prepare(operator)) {
            for (Bindings bindings : bad) {
                String expected = org.junit.jupiter.api.Assertions.assertThrows(
                        dev.dmlemu.execution.OperatorExecutionException.class, () -> onEmulator.execute(bindings))
                        .getMessage();
                assertEquals(expected, org.junit.jupiter.api.Assertions.assertThrows(
                        dev.dmlemu.execution.OperatorExecutionException.class, () -> onDirectMl.execute(bindings))
                        .getMessage());
            }
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void directMlMatchesTheEmulatorBitForBit() {
        try (ExecutionBackend reference = new Emulator();
                DirectMlBackend directMl = WindowsBackends.openOrSkip(DirectMlOptions.defaults())) {
            List<Case> cases = casesFor(directMl);
            for (Case c : cases) {
                assertArrayEquals(run(reference, c), run(directMl, c), c.name());
            }
            System.out.println("parity (" + reference.name() + " vs directml): " + cases.size() + " cases identical");
        }
    }

    private static byte[] run(ExecutionBackend backend, Case c) {
        try (PreparedOperator prepared = backend.prepare(c.operator())) {
            ByteBuffer output = ByteBuffer.allocate(c.outputBytes());
            prepared.execute(Bindings.of(BufferBinding.of(c.data().input().toBuffer()),
                    BufferBinding.of(c.data().indices().toBuffer()), BufferBinding.of(output)));
            return output.array();
        }
    }

    /** Cases legal at the device's level with its data types; needs 4_1 (1–8 dims, 64-bit types). */
    private static List<Case> casesFor(DirectMlBackend backend) {
        FeatureLevel level = backend.maxFeatureLevel();
        Assumptions.assumeTrue(level.isAtLeast(FeatureLevel.LEVEL_4_1), "the random parity cases need "
                + FeatureLevel.LEVEL_4_1.cName() + " (1-8 dims, 64-bit types); the device reports " + level.cName());
        List<Case> cases = new ArrayList<>();
        TreeMap<String, Integer> skipped = new TreeMap<>();
        for (Case c : cases(level)) {
            TensorDataType dataType = c.data().dataType();
            if (backend.deviceInfo().supportedDataTypes().contains(dataType)) {
                cases.add(c);
            } else {
                skipped.merge(dataType.cName(), 1, Integer::sum);
            }
        }
        skipped.forEach((type, count) -> System.out.println("SKIPPED " + count + " parity cases: " + type
                + " not supported by the device (CheckFeatureSupport)"));
        return cases;
    }

    /** The seeded cases, validated at {@code level} with the index semantics the test expects of their type. */
    private static List<Case> cases(FeatureLevel level) {
        SplittableRandom seeds = new SplittableRandom(SEED);
        List<Case> cases = new ArrayList<>();
        for (int n = 0; n < CASES; n++) {
            GatherElementsCase data = GENERATOR.generate(seeds.nextLong());
            IndexSemantics semantics = data.indexType().isSignedInteger() ? IndexSemantics.SIGNED_WRAP
                    : IndexSemantics.UNSIGNED;
            ValidatedOperator operator = TestOperators.validated(data.desc(), level, semantics);
            cases.add(new Case("seed " + Long.toHexString(SEED) + " case " + n + " " + data, operator, data));
        }
        return cases;
    }

    /** The kit's reference, into a zeroed output as the backends get; in range, so any out-of-range model agrees. */
    private static byte[] naiveGatherElements(GatherElementsCase c) {
        byte[] zeros = new byte[Math.toIntExact(c.outputTensor().totalTensorSizeInBytes())];
        return NaiveGatherElements.run(c.desc(), OutOfRangeModel.DIRECTML, c.input(), c.indices(),
                TensorBytes.of(zeros)).output();
    }

    /**
     * Guards the cases on every OS, since the parity tests above run only on Windows: each is valid at 4_1 (the
     * lowest level they ask for) with the expected index semantics, and the reference finds every index in range.
     */
    @Test
    void theParityCasesAreValidAt4_1AndInRange() {
        List<Case> cases = cases(FeatureLevel.LEVEL_4_1);
        assertEquals(CASES, cases.size());
        for (Case c : cases) {
            assertEquals(Optional.empty(), NaiveGatherElements.run(c.data(), OutOfRangeModel.STRICT).refusal(),
                    c.name());
        }
    }
}
