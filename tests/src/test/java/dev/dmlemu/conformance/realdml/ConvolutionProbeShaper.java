package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.ConvolutionDirection;
import dev.dmlemu.desc.ConvolutionMode;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The convolutions (§14.2): input {@code [N, C, spatial...]}, filter {@code [M, C / G, window...]} ({@code [C, M / G,
 * window...]} backward), bias {@code [1, M, 1...]}, output {@code [N, M, window formula...]}, window arrays as long as
 * the spatial dimensions with random strides, dilations and paddings, OutputPadding below the output sizes.
 */
final class ConvolutionProbeShaper extends OperatorShaper {

    private final boolean hasDirection;

    ConvolutionProbeShaper(OperatorType type, boolean hasDirection) {
        super(type);
        this.hasDirection = hasDirection;
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        boolean backward = hasDirection && random.nextBoolean();
        if (hasDirection) {
            values.put("Direction", backward ? ConvolutionDirection.BACKWARD : ConvolutionDirection.FORWARD);
            values.put("Mode", random.nextBoolean() ? ConvolutionMode.CONVOLUTION : ConvolutionMode.CROSS_CORRELATION);
        }
        int spatial = ShapedValues.sizes(values, "InputTensor").size() - 2;
        long groups = 1 + random.nextInt(3);
        long batch = ShapedValues.size(random, 3);
        long inChannels = groups * (1 + random.nextInt(2));
        long outChannels = groups * (1 + random.nextInt(2));
        List<Long> strides = new ArrayList<>();
        List<Long> dilations = new ArrayList<>();
        List<Long> startPadding = new ArrayList<>();
        List<Long> endPadding = new ArrayList<>();
        List<Long> outputPadding = new ArrayList<>();
        List<Long> input = new ArrayList<>(List.of(batch, inChannels));
        List<Long> filter = new ArrayList<>(backward ? List.of(inChannels, outChannels / groups)
                : List.of(outChannels, inChannels / groups));
        List<Long> output = new ArrayList<>(List.of(batch, outChannels));
        List<Long> bias = new ArrayList<>(List.of(1L, outChannels));
        for (int i = 0; i < spatial; i++) {
            long window = 1 + random.nextInt(3);
            long stride = 1 + random.nextInt(2);
            long dilation = 1 + random.nextInt(2);
            long extent = (window - 1) * dilation + 1;
            long start = random.nextInt((int) extent);
            long end = random.nextInt((int) extent);
            long in = extent + random.nextInt(4);
            long out = backward ? (in - 1) * stride + extent - start - end : (in + start + end - extent) / stride + 1;
            long padding = backward ? random.nextInt((int) stride) : 0;
            strides.add(stride);
            dilations.add(dilation);
            startPadding.add(start);
            endPadding.add(end);
            outputPadding.add(padding);
            input.add(in);
            filter.add(window);
            output.add(out + padding);
            bias.add(1L);
        }
        ShapedValues.resize(values, "InputTensor", input);
        ShapedValues.resize(values, "FilterTensor", filter);
        ShapedValues.resize(values, "BiasTensor", bias);
        ShapedValues.resize(values, "OutputTensor", output);
        values.put("DimensionCount", (long) spatial);
        values.put("GroupCount", groups);
        values.put("Strides", strides);
        values.put("Dilations", dilations);
        values.put("StartPadding", startPadding);
        values.put("EndPadding", endPadding);
        if (hasDirection) {
            values.put("OutputPadding", outputPadding);
        }
        zeroPoints(values, random, outChannels);
    }

    /** CONVOLUTION_INTEGER's zero points: one value for the input; one value or one per output channel (Sizes[1]). */
    private static void zeroPoints(Map<String, Object> values, Random random, long outChannels) {
        for (String field : List.of("InputZeroPointTensor", "FilterZeroPointTensor")) {
            if (ShapedValues.tensor(values, field) != null) {
                List<Long> sizes = ShapedValues.sizes(values, field);
                sizes.replaceAll(size -> 1L);
                if (field.startsWith("Filter") && sizes.size() >= 2 && random.nextBoolean()) {
                    sizes.set(1, outChannels);
                }
                ShapedValues.resize(values, field, sizes);
            }
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int choice = random.nextInt(5);
        boolean zeroPoint = ShapedValues.tensor(values, "InputZeroPointTensor") != null
                || ShapedValues.tensor(values, "FilterZeroPointTensor") != null;
        if (choice == 3 && ShapedValues.tensor(values, "BiasTensor") == null) {
            choice = 4;
        }
        if (choice == 4 && !hasDirection) {
            choice = zeroPoint ? 5 : 0;
        }
        switch (choice) {
            case 0 -> {
                long groups = (Long) values.get("GroupCount");
                long broken = random.nextBoolean() ? 0 : groups + 1 + ShapedValues.sizes(values, "InputTensor").get(1);
                values.put("GroupCount", broken);
                return Optional.of("GroupCount " + broken);
            }
            case 1 -> {
                return Optional.of(offBy(values, random, "FilterTensor", random.nextInt(2)));
            }
            case 2 -> {
                return Optional.of(offBy(values, random, "OutputTensor", 0));
            }
            case 3 -> {
                List<Long> bias = ShapedValues.sizes(values, "BiasTensor");
                return Optional.of(offBy(values, random, "BiasTensor", random.nextInt(bias.size())));
            }
            case 5 -> {
                String field = ShapedValues.tensor(values, "InputZeroPointTensor") != null ? "InputZeroPointTensor"
                        : "FilterZeroPointTensor";
                List<Long> sizes = ShapedValues.sizes(values, field);
                int dimension = field.startsWith("Input") || sizes.size() == 1 ? sizes.size() - 1 : 0;
                sizes.set(dimension, 2L);
                ShapedValues.resize(values, field, sizes);
                return Optional.of(field + ".Sizes[" + dimension + "] 2");
            }
            default -> {
                List<Long> padding = new ArrayList<>(castLongs(values.get("OutputPadding")));
                List<Long> output = ShapedValues.sizes(values, "OutputTensor");
                int i = random.nextInt(padding.size());
                padding.set(i, output.get(2 + i) + random.nextInt(2));
                values.put("OutputPadding", padding);
                return Optional.of("OutputPadding[" + i + "] " + padding.get(i) + " not below the output size");
            }
        }
    }

    private static String offBy(Map<String, Object> values, Random random, String field, int dimension) {
        List<Long> sizes = ShapedValues.sizes(values, field);
        sizes.set(dimension, ShapedValues.other(random, sizes.get(dimension)));
        ShapedValues.resize(values, field, sizes);
        return field + ".Sizes[" + dimension + "] " + sizes.get(dimension);
    }

    @SuppressWarnings("unchecked")
    private static List<Long> castLongs(Object list) {
        return (List<Long>) list;
    }
}
