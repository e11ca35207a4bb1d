package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The pooling gradients (§14.2): OutputGradientTensor (and MAX_POOLING_GRAD's InputTensor) the forward input, with
 * random batch, channels and spatial sizes; window arrays as long as its spatial dimensions, with random windows,
 * strides, dilations and paddings; InputGradientTensor the forward output of the window formula. Broken: DimensionCount,
 * an InputGradientTensor batch or channel size, and for MAX_POOLING_GRAD a spatial size or a zero stride, window or
 * dilation.
 */
final class PoolingGradProbeShaper extends OperatorShaper {

    private final boolean windowChecked;

    private PoolingGradProbeShaper(OperatorType type, boolean windowChecked) {
        super(type);
        this.windowChecked = windowChecked;
    }

    /** One per gradient. */
    static List<ProbeShaper> all() {
        return List.of(new PoolingGradProbeShaper(OperatorType.AVERAGE_POOLING_GRAD, false),
                new PoolingGradProbeShaper(OperatorType.MAX_POOLING_GRAD, true));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        int spatial = ShapedValues.sizes(values, "OutputGradientTensor").size() - 2;
        boolean dilated = values.containsKey("Dilations");
        long batch = ShapedValues.size(random, 3);
        long channels = ShapedValues.size(random, 3);
        List<Long> input = new ArrayList<>(List.of(batch, channels));
        List<Long> output = new ArrayList<>(List.of(batch, channels));
        List<Long> strides = new ArrayList<>();
        List<Long> windows = new ArrayList<>();
        List<Long> starts = new ArrayList<>();
        List<Long> ends = new ArrayList<>();
        List<Long> dilations = new ArrayList<>();
        for (int i = 0; i < spatial; i++) {
            long window = 1 + random.nextInt(3);
            long stride = 1 + random.nextInt(2);
            long dilation = dilated ? 1 + random.nextInt(2) : 1;
            long extent = (window - 1) * dilation + 1;
            long start = random.nextInt((int) window);
            long end = random.nextInt((int) window);
            long in = extent + random.nextInt(4);
            input.add(in);
            output.add((in + start + end - extent) / stride + 1);
            strides.add(stride);
            windows.add(window);
            starts.add(start);
            ends.add(end);
            dilations.add(dilation);
        }
        ShapedValues.resize(values, "InputTensor", input);
        ShapedValues.resize(values, "OutputGradientTensor", input);
        ShapedValues.resize(values, "InputGradientTensor", output);
        values.put("Strides", strides);
        values.put("WindowSize", windows);
        values.put("StartPadding", starts);
        values.put("EndPadding", ends);
        if (dilated) {
            values.put("Dilations", dilations);
        }
        values.put("DimensionCount", (long) spatial);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int choice = random.nextInt(windowChecked ? 4 : 2);
        List<Long> gradient = ShapedValues.sizes(values, "InputGradientTensor");
        switch (choice) {
            case 0 -> {
                long count = (Long) values.get("DimensionCount");
                long broken = count == 2 ? 3 : 2;
                for (String name : List.of("Strides", "WindowSize", "StartPadding", "EndPadding", "Dilations")) {
                    if (values.containsKey(name)) {
                        List<Long> array = new ArrayList<>(longs(values.get(name)));
                        while (array.size() < broken) {
                            array.add(name.endsWith("Padding") ? 0L : 1L);
                        }
                        values.put(name, List.copyOf(array.subList(0, (int) broken)));
                    }
                }
                values.put("DimensionCount", broken);
                return Optional.of("DimensionCount " + broken + " for " + count + " spatial dimensions");
            }
            case 1, 2 -> {
                int dimension = choice == 1 ? random.nextInt(2) : 2 + random.nextInt(gradient.size() - 2);
                gradient.set(dimension, ShapedValues.other(random, gradient.get(dimension)));
                ShapedValues.resize(values, "InputGradientTensor", gradient);
                return Optional.of("InputGradientTensor.Sizes[" + dimension + "] " + gradient.get(dimension));
            }
            default -> {
                String name = List.of("Strides", "WindowSize", "Dilations").get(random.nextInt(3));
                List<Long> array = new ArrayList<>(longs(values.get(name)));
                int at = random.nextInt(array.size());
                array.set(at, 0L);
                values.put(name, List.copyOf(array));
                return Optional.of(name + "[" + at + "] 0");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Long> longs(Object list) {
        return (List<Long>) list;
    }
}
