package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * RANDOM_GENERATOR: the state tensors have Sizes [1, ..., 1, 6]; OutputTensor random sizes
 * (docs/directml-behaviour.md §14.5).
 */
final class RandomGeneratorShaper extends OperatorShaper {

    RandomGeneratorShaper() {
        super(OperatorType.RANDOM_GENERATOR);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] state = new long[((BufferTensorDesc) values.get("InputStateTensor")).sizes().size()];
        Arrays.fill(state, 1);
        state[state.length - 1] = 6;
        ProbeSizes.put(values, state, "InputStateTensor", "OutputStateTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        ProbeSizes.put(values, ProbeSizes.random(output.sizes().size(), random), "OutputTensor");
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long[] state = ProbeSizes.of((BufferTensorDesc) values.get("InputStateTensor"));
        if (state.length > 1 && random.nextBoolean()) {
            state[random.nextInt(state.length - 1)] = 2;
        } else {
            state[state.length - 1] = random.nextBoolean() ? 5 : 12;
        }
        ProbeSizes.put(values, state, "InputStateTensor", "OutputStateTensor");
        return Optional.of("state Sizes " + Arrays.toString(state));
    }
}
