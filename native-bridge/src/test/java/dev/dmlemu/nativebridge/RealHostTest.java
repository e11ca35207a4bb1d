package dev.dmlemu.nativebridge;

import static dev.dmlemu.nativebridge.LittleEndianBuffers.floats;
import static dev.dmlemu.nativebridge.LittleEndianBuffers.readFloats;
import static dev.dmlemu.nativebridge.LittleEndianBuffers.uints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.nativebridge.host.HostSetup;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;

/** The real DirectML.dll in the project's host under Wine, when {@code dmlemu setup-directml} has been run. */
@ExtendWith(PrintSkipReason.class)
@EnabledOnOs(value = OS.LINUX, disabledReason = "the DirectML host runs under Wine on Linux")
class RealHostTest {

    private static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    private static DirectMlBackend openOrSkip() {
        DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults());
        if (found instanceof DirectMlAvailability.Unavailable unavailable) {
            // A setup whose host does not start is a failure: a skip would pass a build that checked nothing.
            if (HostSetup.find(System.getenv(), new StringBuilder()).isPresent()) {
                Assertions.fail("the DirectML setup is present but the host could not be used: " + unavailable.reason());
            }
            Assumptions.abort(unavailable.reason());
        }
        return ((DirectMlAvailability.Available) found).backend();
    }

    @Test
    void theDocsExampleGivesTheDocumentedOutputAndDispatchesAreCheap() {
        try (DirectMlBackend backend = openOrSkip();
                PreparedOperator prepared = backend.prepare(new FeatureLevelValidator()
                        .validate(DOCS_EXAMPLE, FeatureLevel.LEVEL_6_4).validated())) {
            System.out.println("real DirectML host: " + backend.deviceInfo().summary());
            ByteBuffer output = ByteBuffer.allocate(24);
            prepared.execute(Bindings.of(BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                    BufferBinding.of(uints(1, 2, 0, 2, 0, 0)), BufferBinding.of(output)));
            // The DirectML documentation's output.
            assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, readFloats(output));
            int runs = 50;
            long start = System.nanoTime();
            for (int i = 0; i < runs; i++) {
                prepared.execute(Bindings.of(BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                        BufferBinding.of(uints(1, 2, 0, 2, 0, 0)), BufferBinding.of(output)));
            }
            System.out.printf("real DirectML host: %.2f ms per dispatch of the docs example (%d dispatches)%n",
                    (System.nanoTime() - start) / 1e6 / runs, runs);
        }
    }

    @Test
    void theScatterNdFailFastEndsTheHostAndTheNextDescGetsANewOne() {
        ScatterNdOperatorDesc failFast = new ScatterNdOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3), 1, 2);
        try (DirectMlBackend backend = openOrSkip()) {
            CreateVerdict verdict = backend.createOperator(failFast);
            System.out.println("real DirectML host, SCATTER_ND fail-fast: " + verdict.describe());
            assertEquals(CreateVerdict.Outcome.ENDED_PROCESS, verdict.outcome());
            assertTrue(verdict.detail().contains("known DirectML bug: SCATTER_ND"), verdict.detail());
            assertEquals(CreateVerdict.accepted(), backend.createOperator(DOCS_EXAMPLE));
        }
    }
}
