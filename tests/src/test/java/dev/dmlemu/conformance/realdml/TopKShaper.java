package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * TOP_K and TOP_K1 probes: input sizes 2 to 4, a random Axis, K from 1 to the axis size, both outputs the input's
 * sizes with K along Axis (docs/directml-behaviour.md §14.3); broken by Axis, K or an output size.
 */
final class TopKShaper extends OperatorShaper {

    private static final List<String> OUTPUTS = List.of("OutputValueTensor", "OutputIndexTensor");

    private TopKShaper(OperatorType type) {
        super(type);
    }

    static TopKShaper topK() {
        return new TopKShaper(OperatorType.TOP_K);
    }

    static TopKShaper topK1() {
        return new TopKShaper(OperatorType.TOP_K1);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        int rank = (int) input.dimensionCount();
        long[] sizes = ProbeSizes.random(rank, 2, random);
        int axis = random.nextInt(rank);
        long k = 1 + random.nextInt((int) sizes[axis]);
        values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), sizes));
        long[] out = sizes.clone();
        out[axis] = k;
        for (String output : OUTPUTS) {
            values.put(output, BufferTensorDesc.packed(((BufferTensorDesc) values.get(output)).dataType(), out));
        }
        values.put("Axis", (long) axis);
        values.put("K", k);
        if (values.containsKey("AxisDirection")) {
            values.put("AxisDirection", AxisDirection.values()[random.nextInt(AxisDirection.values().length)]);
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        long axis = (Long) values.get("Axis");
        switch (random.nextInt(3)) {
            case 0 -> {
                values.put("Axis", input.dimensionCount());
                return Optional.of("Axis " + input.dimensionCount() + " of " + input.dimensionCount()
                        + " dimensions");
            }
            case 1 -> {
                // K above the axis size, the outputs following it.
                long k = input.sizes().get((int) axis) + 1;
                values.put("K", k);
                for (String output : OUTPUTS) {
                    BufferTensorDesc tensor = (BufferTensorDesc) values.get(output);
                    long[] out = tensor.sizes().stream().mapToLong(Long::longValue).toArray();
                    out[(int) axis] = k;
                    values.put(output, BufferTensorDesc.packed(tensor.dataType(), out));
                }
                return Optional.of("K " + k + " above the axis size");
            }
            default -> {
                String output = OUTPUTS.get(random.nextInt(2));
                BufferTensorDesc tensor = (BufferTensorDesc) values.get(output);
                long[] out = tensor.sizes().stream().mapToLong(Long::longValue).toArray();
                int i = random.nextInt(out.length);
                out[i] += 1;
                values.put(output, BufferTensorDesc.packed(tensor.dataType(), out));
                return Optional.of(output + ".Sizes[" + i + "] one above");
            }
        }
    }
}
