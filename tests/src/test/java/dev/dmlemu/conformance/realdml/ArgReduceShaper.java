package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * ARGMIN and ARGMAX probes: input sizes 2 to 4, one to DimensionCount random axes, the output the input with 1 on
 * them (docs/directml-behaviour.md §14.3); broken by an axis past the input or an output size.
 */
final class ArgReduceShaper extends OperatorShaper {

    private ArgReduceShaper(OperatorType type) {
        super(type);
    }

    static ArgReduceShaper argmin() {
        return new ArgReduceShaper(OperatorType.ARGMIN);
    }

    static ArgReduceShaper argmax() {
        return new ArgReduceShaper(OperatorType.ARGMAX);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        int rank = (int) input.dimensionCount();
        long[] in = ProbeSizes.random(rank, 2, random);
        long[] out = in.clone();
        List<Long> axes = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            if (axes.isEmpty() && i == rank - 1 || random.nextBoolean()) {
                axes.add((long) i);
                out[i] = 1;
            }
        }
        values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), in));
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
        values.put("Axes", List.copyOf(axes));
        values.put("AxisCount", (long) axes.size());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        if (random.nextBoolean()) {
            List<Long> axes = new ArrayList<>(((List<?>) values.get("Axes")).stream().map(a -> (Long) a).toList());
            axes.set(0, input.dimensionCount());
            values.put("Axes", List.copyOf(axes));
            return Optional.of("Axes[0] " + input.dimensionCount() + " of " + input.dimensionCount() + " dimensions");
        }
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        long[] out = output.sizes().stream().mapToLong(Long::longValue).toArray();
        int i = random.nextInt(out.length);
        out[i] += 1;
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
        return Optional.of("OutputTensor.Sizes[" + i + "] one above");
    }
}
