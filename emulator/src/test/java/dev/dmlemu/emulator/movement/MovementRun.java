package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A kit movement case run on the emulator through its public API: validated at 6_4, each tensor bound at its offset
 * in a copy of its array (heap or direct buffers), executed once; the output arrays come back whole.
 */
public final class MovementRun {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private MovementRun() {}

    /**
     * {@code cases} seeded cases of {@code operator} ({@code generate} takes the case's number and seed), run
     * alternately on one thread and on four, every third on direct buffers; every whole output array must equal the
     * reference's.
     */
    public static void matchReference(OperatorType operator, int cases, BiFunction<Integer, Long, MovementCase> generate,
            Function<MovementCase, List<byte[]>> reference) {
        Random seeds = new Random(operator.code() * 7919L);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            for (int n = 0; n < cases; n++) {
                long seed = seeds.nextLong();
                MovementCase c = generate.apply(n, seed);
                List<byte[]> expected = reference.apply(c);
                List<byte[]> actual = outputs(n % 2 == 0 ? one : four, c, n % 3 == 0);
                assertEquals(expected.size(), actual.size());
                for (int o = 0; o < expected.size(); o++) {
                    int output = o;
                    assertArrayEquals(expected.get(o), actual.get(o), () -> "seed " + seed + ", output " + output
                            + ": " + c);
                }
            }
        }
    }

    public static List<byte[]> outputs(Emulator emulator, MovementCase c, boolean direct) {
        ValidationResult validation = VALIDATOR.validate(c.desc(), FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), () -> "valid by construction: " + validation + "\n" + c);
        List<TensorField> fields = c.desc().tensorFields();
        List<TensorBytes> bytes = c.all();
        List<ByteBuffer> buffers = new ArrayList<>();
        List<TensorBinding> bindings = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            TensorBytes tensor = bytes.get(i);
            if (!(fields.get(i).desc() instanceof BufferTensorDesc desc)) {
                // A tensor the desc leaves NULL (an absent optional output) is bound as nothing.
                buffers.add(ByteBuffer.wrap(tensor.bytes().clone()));
                bindings.add(TensorBinding.NONE);
                continue;
            }
            ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(tensor.bytes().length)
                    : ByteBuffer.allocate(tensor.bytes().length);
            // Big-endian on purpose: the emulator reads little-endian whatever the caller's order.
            buffer.put(tensor.bytes()).clear();
            buffers.add(buffer);
            long total = desc.totalTensorSizeInBytes();
            bindings.add(new BufferBinding(buffer, tensor.offset(), Math.min(total,
                    tensor.bytes().length - tensor.offset())));
        }
        try (PreparedOperator prepared = emulator.prepare(validation.validated())) {
            prepared.execute(new Bindings(bindings));
        }
        List<byte[]> outputs = new ArrayList<>();
        for (int i = c.inputs().size(); i < fields.size(); i++) {
            byte[] out = new byte[buffers.get(i).capacity()];
            buffers.get(i).duplicate().order(ByteOrder.LITTLE_ENDIAN).clear().get(out);
            outputs.add(out);
        }
        return outputs;
    }
}
