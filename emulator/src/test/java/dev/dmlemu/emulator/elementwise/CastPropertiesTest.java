package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseCases;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CAST on every pair of the eleven element-wise data types (FLOAT16, INT16, UINT16 and the 64-bit pairs included,
 * which the referee cannot run), {@link #CASES_PER_PAIR} seeded cases each, against the kit's naive reference, on two
 * threads.
 */
class CastPropertiesTest {

    private static final int CASES_PER_PAIR = 6;

    @Test
    void matchesTheNaiveReferenceOnEveryPair() {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<String> differing = new ArrayList<>();
        int compared = 0;
        Random random = new Random(0xCA57L);
        try (Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (TensorDataType from : ElementWiseCases.CAST_TYPES) {
                for (TensorDataType to : ElementWiseCases.CAST_TYPES) {
                    for (int i = 0; i < CASES_PER_PAIR; i++) {
                        long seed = random.nextLong();
                        ElementWiseCase c = ElementWiseCases.cast(from, to, seed);
                        ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
                        assertTrue(result.isValid(), () -> from + " to " + to + ": " + result.errors());
                        byte[] out = new byte[(int) c.outputTensor().totalTensorSizeInBytes()];
                        List<TensorBinding> bindings = new ArrayList<>();
                        c.inputs().stream().map(TensorBytes::toBuffer).forEach(b -> bindings.add(BufferBinding.of(b)));
                        bindings.add(BufferBinding.of(ByteBuffer.wrap(out)));
                        try (PreparedOperator prepared = emulator.prepare(result.validated())) {
                            prepared.execute(new Bindings(bindings));
                        }
                        if (!Arrays.equals(NaiveElementWise.run(c), out)) {
                            differing.add(from + " to " + to + " seed " + seed + ": " + c.desc());
                        }
                        compared++;
                    }
                }
            }
        }
        assertTrue(differing.isEmpty(), () -> differing.size() + " cases differ from the naive reference:\n"
                + String.join("\n", differing.subList(0, Math.min(20, differing.size()))));
        assertEquals(11 * 11 * CASES_PER_PAIR, compared);
    }
}
