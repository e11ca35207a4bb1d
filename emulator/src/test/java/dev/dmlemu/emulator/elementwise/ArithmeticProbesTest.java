package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseDivideOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusFloorOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ArithmeticProbes;
import dev.dmlemu.testkit.ArithmeticProbes.Probe;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The probes of docs/directml-behaviour.md §15.7 (outputs recorded from the real DirectML.dll) replayed on the emulator
 * and on the kit's naive reference, which must give the recorded outputs; and the 64-bit divisions the emulator
 * refuses because the referee could not run them.
 */
class ArithmeticProbesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    @Test
    void theEmulatorAndTheNaiveReferenceGiveTheRecordedOutputs() {
        List<Probe> probes = ArithmeticProbes.all();
        assertTrue(probes.size() >= 40, "probes: " + probes.size());
        try (Emulator emulator = new Emulator()) {
            for (Probe probe : probes) {
                ValidationResult result = validator.validate(probe.desc(), FeatureLevel.LEVEL_6_4);
                assertTrue(result.isValid(), probe.name() + ": " + result);
                byte[] out = new byte[(int) probe.outputTensor().totalTensorSizeInBytes()];
                List<TensorBinding> bindings = new ArrayList<>();
                probe.inputs().stream().map(TensorBytes::toBuffer).forEach(b -> bindings.add(BufferBinding.of(b)));
                bindings.add(BufferBinding.of(ByteBuffer.wrap(out)));
                try (PreparedOperator prepared = emulator.prepare(result.validated())) {
                    prepared.execute(new Bindings(bindings));
                }
                assertArrayEquals(probe.expected(), elements(probe.outputTensor(), out), probe.name() + " (emulator)");
                ElementWiseOp op = ElementWiseOp.valueOf(
                        probe.desc().operatorType().name().substring("ELEMENT_WISE_".length()));
                byte[] naive = NaiveElementWise.run(new ElementWiseCase(op, probe.desc(), probe.inputTensors(),
                        probe.outputTensor(), probe.inputs()));
                assertArrayEquals(probe.expected(), elements(probe.outputTensor(), naive),
                        probe.name() + " (naive reference)");
            }
        }
    }

    @Test
    void sixtyFourBitDivisionIsRefusedAtPrepare() {
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.INT64, 3);
        try (Emulator emulator = new Emulator()) {
            for (OperatorDesc desc : List.of(new ElementWiseDivideOperatorDesc(t, t, t),
                    new ElementWiseModulusFloorOperatorDesc(t, t, t))) {
                ValidationResult result = validator.validate(desc, FeatureLevel.LEVEL_6_4);
                assertTrue(result.isValid());
                OperatorExecutionException refused = assertThrows(OperatorExecutionException.class,
                        () -> emulator.prepare(result.validated()));
                assertTrue(refused.getMessage().contains("64-bit"), refused.getMessage());
            }
        }
    }

    /** The packed output's elements, each as its bits zero-extended (the probes' form). */
    private static long[] elements(BufferTensorDesc tensor, byte[] bytes) {
        int width = tensor.dataType().sizeInBytes();
        int count = (int) tensor.sizes().stream().mapToLong(Long::longValue).reduce(1, (a, b) -> a * b);
        long[] v = new long[count];
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < width; k++) {
                v[i] |= (bytes[i * width + k] & 0xFFL) << (8 * k);
            }
        }
        return v;
    }
}
