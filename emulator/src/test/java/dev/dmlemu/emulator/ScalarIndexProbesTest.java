package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.RecordedScalarIndexProbes;
import dev.dmlemu.testkit.RecordedScalarIndexProbes.Execution;
import java.nio.ByteBuffer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * GATHER with IndexDimensions 0, most with one index per output element (docs/directml-behaviour.md §10.4), through
 * the validator and the emulator as an application runs it: every desc of {@link RecordedScalarIndexProbes} that
 * DirectML.dll 1.15.4 ran is valid, and the emulator writes DirectML's output bit for bit, reads of the indices past
 * their TotalTensorSizeInBytes included.
 */
class ScalarIndexProbesTest {

    private static final Emulator EMULATOR = new Emulator();
    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    @AfterAll
    static void close() {
        EMULATOR.close();
    }

    static Stream<Execution> recorded() {
        return RecordedScalarIndexProbes.executions().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recorded")
    void writesDirectMlsOutput(Execution probe) {
        ValidationResult result = VALIDATOR.validate(probe.desc(), FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), result::toString);
        byte[] output = probe.freshOutput();
        try (PreparedOperator prepared = EMULATOR.prepare(result.validated())) {
            prepared.execute(Bindings.of(BufferBinding.of(ByteBuffer.wrap(probe.input().clone())),
                    BufferBinding.of(ByteBuffer.wrap(probe.indices().clone())),
                    BufferBinding.of(ByteBuffer.wrap(output))));
        }
        assertArrayEquals(probe.expected(), output);
    }
}
