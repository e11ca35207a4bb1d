package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.LinearResampleCases;
import dev.dmlemu.testkit.NaiveLinearResample;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * LINEAR resampling (docs/directml-behaviour.md §16.11): the kit's seeded cases against its naive reference, and the
 * refusal of the offsets whose outputs the rule does not give.
 */
class LinearResampleTest {

    @Test
    void seededCasesMatchTheNaiveReference() {
        MovementRun.matchReference(OperatorType.RESAMPLE, 200, (n, seed) -> LinearResampleCases.generate(seed),
                NaiveLinearResample::run);
    }

    @Test
    void otherPixelOffsetsAreRefused() {
        // Measured: H scaled by 2 with input offset -0.5 and output offset 0 gave other outputs than the rule.
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 5, 3);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 10, 3);
        ValidationResult validation = new FeatureLevelValidator().validate(new Resample1OperatorDesc(input, output,
                InterpolationMode.LINEAR, 4, List.of(1f, 1f, 2f, 1f), List.of(0f, 0f, -0.5f, 0.5f),
                List.of(0f, 0f, 0f, -0.5f)), FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), validation::toString);
        try (Emulator emulator = new Emulator()) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                    () -> emulator.prepare(validation.validated()));
            assertTrue(e.getMessage().contains("pixel-centre offsets"), e.getMessage());
        }
    }
}
