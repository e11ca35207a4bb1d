package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The poolings (§14.2): window arrays as long as the input's spatial dimensions, with random windows, strides,
 * dilations and paddings; the output (and the optional indices) with the input's batch and channels and the window
 * formula's spatial sizes.
 */
final class PoolingProbeShaper extends OperatorShaper {

    private static final List<String> WINDOW_ARRAYS = List.of("Strides", "WindowSize", "StartPadding", "EndPadding",
            "Dilations");

    PoolingProbeShaper(OperatorType type) {
        super(type);
    }

    /** One per pooling. */
    static List<ProbeShaper> all() {
        return List.of(OperatorType.AVERAGE_POOLING, OperatorType.AVERAGE_POOLING1, OperatorType.LP_POOLING,
                OperatorType.LP_POOLING1, OperatorType.MAX_POOLING, OperatorType.MAX_POOLING1,
                OperatorType.MAX_POOLING2).stream().<ProbeShaper>map(PoolingProbeShaper::new).toList();
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        int spatial = ShapedValues.sizes(values, "InputTensor").size() - 2;
        boolean dilated = values.containsKey("Dilations");
        long batch = ShapedValues.size(random, 3);
        long channels = ShapedValues.size(random, 3);
        List<Long> input = new ArrayList<>(List.of(batch, channels));
        List<Long> output = new ArrayList<>(List.of(batch, channels));
        Map<String, List<Long>> arrays = Map.of("Strides", new ArrayList<>(), "WindowSize", new ArrayList<>(),
                "StartPadding", new ArrayList<>(), "EndPadding", new ArrayList<>(), "Dilations", new ArrayList<>());
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
            arrays.get("Strides").add(stride);
            arrays.get("WindowSize").add(window);
            arrays.get("StartPadding").add(start);
            arrays.get("EndPadding").add(end);
            arrays.get("Dilations").add(dilation);
        }
        ShapedValues.resize(values, "InputTensor", input);
        ShapedValues.resize(values, "OutputTensor", output);
        ShapedValues.resize(values, "OutputIndicesTensor", output);
        putArrays(values, arrays);
        if (values.containsKey("P")) {
            values.put("P", 1L + random.nextInt(3));
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int choice = random.nextInt(3);
        if (choice == 2 && ShapedValues.tensor(values, "OutputIndicesTensor") == null) {
            choice = random.nextInt(2);
        }
        switch (choice) {
            case 0 -> {
                long count = (Long) values.get("DimensionCount");
                long broken = count == 2 ? 3 : 2;
                Map<String, List<Long>> arrays = new HashMap<>();
                for (String name : WINDOW_ARRAYS) {
                    if (values.containsKey(name)) {
                        List<Long> array = new ArrayList<>(longs(values.get(name)));
                        while (array.size() < broken) {
                            array.add(name.endsWith("Padding") ? 0L : 1L);
                        }
                        arrays.put(name, array.subList(0, (int) broken));
                    }
                }
                putArrays(values, arrays);
                return Optional.of("DimensionCount " + broken + " for " + count + " spatial dimensions");
            }
            case 1 -> {
                List<Long> output = ShapedValues.sizes(values, "OutputTensor");
                int dimension = random.nextInt(2);
                output.set(dimension, ShapedValues.other(random, output.get(dimension)));
                ShapedValues.resize(values, "OutputTensor", output);
                ShapedValues.resize(values, "OutputIndicesTensor", output);
                return Optional.of("OutputTensor.Sizes[" + dimension + "] " + output.get(dimension));
            }
            default -> {
                List<Long> indices = ShapedValues.sizes(values, "OutputIndicesTensor");
                int dimension = random.nextInt(indices.size());
                indices.set(dimension, ShapedValues.other(random, indices.get(dimension)));
                ShapedValues.resize(values, "OutputIndicesTensor", indices);
                return Optional.of("OutputIndicesTensor.Sizes[" + dimension + "] " + indices.get(dimension));
            }
        }
    }

    /** Puts the window arrays the desc has, and DimensionCount as their length. */
    private static void putArrays(Map<String, Object> values, Map<String, List<Long>> arrays) {
        for (String name : WINDOW_ARRAYS) {
            if (values.containsKey(name)) {
                values.put(name, List.copyOf(arrays.get(name)));
                values.put("DimensionCount", (long) arrays.get(name).size());
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Long> longs(Object list) {
        return (List<Long>) list;
    }
}
