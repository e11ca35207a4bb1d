package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * MAX_UNPOOLING (§14.2): random input sizes, the indices the same, the output the input's batch and channels with
 * random spatial sizes at least the input's (DirectML checks none of the output's sizes). Broken: an indices size.
 */
final class MaxUnpoolingProbeShaper extends OperatorShaper {

    MaxUnpoolingProbeShaper() {
        super(OperatorType.MAX_UNPOOLING);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] input = ProbeSizes.random(4, random);
        ProbeSizes.put(values, input, "InputTensor", "IndicesTensor");
        List<Long> output = new ArrayList<>();
        for (int i = 0; i < input.length; i++) {
            output.add(i < 2 ? input[i] : input[i] + random.nextInt(3));
        }
        ShapedValues.resize(values, "OutputTensor", output);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        List<Long> indices = ShapedValues.sizes(values, "IndicesTensor");
        int dimension = random.nextInt(indices.size());
        indices.set(dimension, ShapedValues.other(random, indices.get(dimension)));
        ShapedValues.resize(values, "IndicesTensor", indices);
        return Optional.of("IndicesTensor.Sizes[" + dimension + "] " + indices.get(dimension));
    }
}
