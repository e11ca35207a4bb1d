package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * ADAM_OPTIMIZER: TrainingStepTensor all 1s; random hyperparameters, which DirectML takes any of
 * (docs/directml-behaviour.md §14.5).
 */
final class AdamOptimizerShaper extends OperatorShaper {

    AdamOptimizerShaper() {
        super(OperatorType.ADAM_OPTIMIZER);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] step = new long[((BufferTensorDesc) values.get("TrainingStepTensor")).sizes().size()];
        Arrays.fill(step, 1);
        ProbeSizes.put(values, step, "TrainingStepTensor");
        values.put("LearningRate", random.nextFloat());
        values.put("Beta1", random.nextFloat());
        values.put("Beta2", random.nextFloat());
        values.put("Epsilon", random.nextFloat());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long[] step = ProbeSizes.of((BufferTensorDesc) values.get("TrainingStepTensor"));
        step[random.nextInt(step.length)] = 2;
        ProbeSizes.put(values, step, "TrainingStepTensor");
        return Optional.of("TrainingStepTensor.Sizes " + Arrays.toString(step));
    }
}
