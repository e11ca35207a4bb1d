package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseCases;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every element-wise operator of the kit on every data type its tables allow at 6_4 (FLOAT16, INT16 and UINT16
 * included, which the referee's device lacks), against the kit's naive reference, on two threads.
 */
class ElementWisePropertiesTest {

    private static final int CASES_PER_TYPE = 12;

    @Test
    void matchesTheNaiveReferenceOnEveryDataType() {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        EnumSet<TensorDataType> types = EnumSet.complementOf(EnumSet.of(TensorDataType.UNKNOWN, TensorDataType.UINT4,
                TensorDataType.INT4));
        int compared = 0;
        List<String> differing = new ArrayList<>();
        try (Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (ElementWiseOp op : ElementWiseOp.values()) {
                Random random = new Random(op.ordinal() * 7919L);
                for (TensorDataType type : types) {
                    if (op.emulatorRefuses(type)) {
                        continue; // docs/directml-behaviour.md §15.7
                    }
                    for (int i = 0; i < CASES_PER_TYPE; i++) {
                        long seed = random.nextLong();
                        ElementWiseCase c = ElementWiseCases.generate(op, type, seed);
                        ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
                        if (!result.isValid()) {
                            break; // the type is not in the operator's table
                        }
                        byte[] out = new byte[(int) c.outputTensor().totalTensorSizeInBytes()];
                        List<TensorBinding> bindings = new ArrayList<>();
                        c.inputs().stream().map(TensorBytes::toBuffer).forEach(b -> bindings.add(BufferBinding.of(b)));
                        bindings.add(BufferBinding.of(ByteBuffer.wrap(out)));
                        try (PreparedOperator prepared = emulator.prepare(result.validated())) {
                            prepared.execute(new Bindings(bindings));
                        }
                        if (!Arrays.equals(NaiveElementWise.run(c), out)) {
                            differing.add(op + " " + type + " seed " + seed + ": " + c.desc());
                        }
                        compared++;
                    }
                }
            }
        }
        assertTrue(differing.isEmpty(), () -> differing.size() + " cases differ from the naive reference:\n"
                + String.join("\n", differing.subList(0, Math.min(20, differing.size()))));
        assertTrue(compared >= ElementWiseOp.values().length * CASES_PER_TYPE * 4, "compared " + compared);
    }
}
