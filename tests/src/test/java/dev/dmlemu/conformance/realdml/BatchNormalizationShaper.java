package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * BATCH_NORMALIZATION_GRAD, _TRAINING and _TRAINING_GRAD: the statistics tensors (one Sizes) broadcast to InputTensor,
 * each size 1 or the input's (docs/directml-behaviour.md §14.5).
 */
final class BatchNormalizationShaper extends OperatorShaper {

    private static final List<String> GRAD_STATISTICS = List.of("MeanTensor", "VarianceTensor", "ScaleTensor",
            "OutputScaleGradientTensor", "OutputBiasGradientTensor");
    private static final List<String> TRAINING_STATISTICS = List.of("ScaleTensor", "BiasTensor", "OutputMeanTensor",
            "OutputVarianceTensor");

    private final List<String> statistics;

    private BatchNormalizationShaper(OperatorType type, List<String> statistics) {
        super(type);
        this.statistics = statistics;
    }

    static List<ProbeShaper> all() {
        return List.of(new BatchNormalizationShaper(OperatorType.BATCH_NORMALIZATION_GRAD, GRAD_STATISTICS),
                new BatchNormalizationShaper(OperatorType.BATCH_NORMALIZATION_TRAINING, TRAINING_STATISTICS),
                new BatchNormalizationShaper(OperatorType.BATCH_NORMALIZATION_TRAINING_GRAD, GRAD_STATISTICS));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long[] input = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        ProbeSizes.put(values, ProbeSizes.broadcastFrom(input, random), statistics.toArray(String[]::new));
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long[] input = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        long[] sizes = ProbeSizes.broadcastFrom(input, random);
        int at = random.nextInt(sizes.length);
        sizes[at] = input[at] + 1;
        ProbeSizes.put(values, sizes, statistics.toArray(String[]::new));
        return Optional.of("statistics Sizes " + Arrays.toString(sizes) + " for the input's " + Arrays.toString(input));
    }
}
