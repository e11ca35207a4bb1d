package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * How the parity tests run a generated case on the emulator: through its public API, validated at 6_4 first (the
 * cases are valid by construction, and only the validator makes the ValidatedOperator the emulator takes).
 */
final class EmulatorOnCase {

    private EmulatorOnCase() {}

    /**
     * The whole output buffer after one execution on copies of the case's buffers.
     *
     * @param inputs the desc's input tensors' bytes in binding order; {@code output} is bound last
     */
    static byte[] output(Emulator emulator, FeatureLevelValidator validator, String name, OperatorDesc desc,
            Supplier<String> describe, TensorBytes output, TensorBytes... inputs) {
        ValidationResult validation = validator.validate(desc, FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), () -> name + " must be valid by construction: " + validation + "\n"
                + describe.get());
        ByteBuffer outputBuffer = output.toBuffer();
        BufferBinding[] bindings = Arrays.copyOf(Arrays.stream(inputs).map(t -> BufferBinding.of(t.toBuffer()))
                .toArray(BufferBinding[]::new), inputs.length + 1);
        bindings[inputs.length] = BufferBinding.of(outputBuffer);
        try (PreparedOperator prepared = emulator.prepare(validation.validated())) {
            prepared.execute(Bindings.of(bindings));
        }
        return outputBuffer.array();
    }

    /** The whole output arrays of a movement case after one execution on copies of its arrays (bound from 0). */
    static List<byte[]> outputs(Emulator emulator, FeatureLevelValidator validator, MovementCase c) {
        ValidationResult validation = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), () -> "valid by construction: " + validation + "\n" + c);
        List<ByteBuffer> buffers = c.all().stream().map(TensorBytes::toBuffer).toList();
        List<TensorBinding> bindings = new ArrayList<>();
        for (int i = 0; i < buffers.size(); i++) {
            // A tensor the desc leaves NULL (an absent optional output) is bound as nothing.
            boolean absent = TensorDesc.NULL.equals(c.desc().tensorFields().get(i).desc());
            bindings.add(absent ? TensorBinding.NONE : BufferBinding.of(buffers.get(i)));
        }
        try (PreparedOperator prepared = emulator.prepare(validation.validated())) {
            prepared.execute(new Bindings(bindings));
        }
        return buffers.subList(c.inputs().size(), buffers.size()).stream().map(ByteBuffer::array).toList();
    }
}
