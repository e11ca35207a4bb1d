package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * ACTIVATION_SOFTMAX1, ACTIVATION_LOG_SOFTMAX1, ACTIVATION_HARDMAX1: Axes (with AxisCount) are dimensions of
 * InputTensor (docs/directml-behaviour.md §14.5). Valid draws take distinct axes in random order.
 */
final class AxesShaper extends OperatorShaper {

    private AxesShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new AxesShaper(OperatorType.ACTIVATION_SOFTMAX1),
                new AxesShaper(OperatorType.ACTIVATION_LOG_SOFTMAX1),
                new AxesShaper(OperatorType.ACTIVATION_HARDMAX1));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        putAxes(values, randomAxes(((BufferTensorDesc) values.get("InputTensor")).dimensionCount(), random));
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long rank = ((BufferTensorDesc) values.get("InputTensor")).dimensionCount();
        List<Long> axes = new ArrayList<>(randomAxes(rank, random));
        int at = random.nextInt(axes.size());
        axes.set(at, rank + random.nextInt(3));
        putAxes(values, axes);
        return Optional.of("Axes " + axes + " of a " + rank + "-D input");
    }

    /** One to {@code rank} distinct axes of {@code [0, rank)}, in random order. */
    static List<Long> randomAxes(long rank, Random random) {
        List<Long> all = new ArrayList<>();
        for (long axis = 0; axis < rank; axis++) {
            all.add(axis);
        }
        Collections.shuffle(all, random);
        return List.copyOf(all.subList(0, 1 + random.nextInt(all.size())));
    }

    static void putAxes(Map<String, Object> values, List<Long> axes) {
        values.put("Axes", axes);
        values.put("AxisCount", (long) axes.size());
    }
}
