package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * ACTIVATION_SOFTMAX, ACTIVATION_LOG_SOFTMAX, ACTIVATION_HARDMAX: InputTensor (and OutputTensor, same Sizes) has at
 * most two dimensions after its leading 1s (docs/directml-behaviour.md §14.5).
 */
final class EffectiveRankShaper extends OperatorShaper {

    private EffectiveRankShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new EffectiveRankShaper(OperatorType.ACTIVATION_SOFTMAX),
                new EffectiveRankShaper(OperatorType.ACTIVATION_LOG_SOFTMAX),
                new EffectiveRankShaper(OperatorType.ACTIVATION_HARDMAX));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        long[] sizes = ProbeSizes.of(input);
        // Keep 1 or 2 trailing dimensions as drawn, and 1s before them.
        int kept = Math.min(sizes.length, 1 + random.nextInt(2));
        for (int i = 0; i < sizes.length - kept; i++) {
            sizes[i] = 1;
        }
        ProbeSizes.put(values, sizes, "InputTensor", "OutputTensor");
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long[] sizes = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        long[] broken = new long[Math.max(3, sizes.length)];
        System.arraycopy(sizes, 0, broken, broken.length - sizes.length, sizes.length);
        // A size above 1 at least three dimensions from the end.
        int at = random.nextInt(broken.length - 2);
        broken[at] = 2 + random.nextInt(2);
        ProbeSizes.put(values, broken, "InputTensor", "OutputTensor");
        return Optional.of("InputTensor.Sizes " + Arrays.toString(broken) + ": effective rank above 2");
    }
}
