package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * MEAN_VARIANCE_NORMALIZATION1 and 2: OutputTensor has InputTensor's random sizes, Axes are input dimensions, and
 * ScaleTensor and BiasTensor broadcast to InputTensor, each size 1 or the input's (docs/directml-behaviour.md §14.5).
 */
final class NormalizationOverAxesShaper extends OperatorShaper {

    private static final List<String> BROADCAST = List.of("ScaleTensor", "BiasTensor");

    private NormalizationOverAxesShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new NormalizationOverAxesShaper(OperatorType.MEAN_VARIANCE_NORMALIZATION1),
                new NormalizationOverAxesShaper(OperatorType.MEAN_VARIANCE_NORMALIZATION2));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        long[] sizes = ProbeSizes.random(input.sizes().size(), random);
        ProbeSizes.put(values, sizes, "InputTensor", "OutputTensor");
        for (String field : BROADCAST) {
            ProbeSizes.put(values, ProbeSizes.broadcastFrom(sizes, random), field);
        }
        AxesShaper.putAxes(values, AxesShaper.randomAxes(sizes.length, random));
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long[] input = ProbeSizes.of((BufferTensorDesc) values.get("InputTensor"));
        List<String> present = new ArrayList<>();
        BROADCAST.stream().filter(field -> values.get(field) instanceof BufferTensorDesc).forEach(present::add);
        if (present.isEmpty() || random.nextBoolean()) {
            List<Long> axes = new ArrayList<>(AxesShaper.randomAxes(input.length, random));
            axes.set(random.nextInt(axes.size()), input.length + (long) random.nextInt(3));
            AxesShaper.putAxes(values, axes);
            return Optional.of("Axes " + axes + " of a " + input.length + "-D input");
        }
        String field = present.get(random.nextInt(present.size()));
        long[] sizes = ProbeSizes.of((BufferTensorDesc) values.get(field));
        int at = random.nextInt(sizes.length);
        sizes[at] = input[at] + 1;
        ProbeSizes.put(values, sizes, field);
        return Optional.of(field + ".Sizes[" + at + "] " + sizes[at] + " against the input's " + input[at]);
    }
}
