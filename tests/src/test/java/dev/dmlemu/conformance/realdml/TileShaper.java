package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * TILE probes: the output takes the input's DimensionCount, input sizes 1 to 3, Repeats 1 to 3, the output their
 * product (docs/directml-behaviour.md §14.3); broken by an output size, the output's DimensionCount or RepeatsCount.
 */
final class TileShaper extends OperatorShaper {

    TileShaper() {
        super(OperatorType.TILE);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        int rank = (int) input.dimensionCount();
        long[] in = new long[rank];
        long[] out = new long[rank];
        List<Long> repeats = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            in[i] = 1 + random.nextInt(3);
            repeats.add(1L + random.nextInt(3));
            out[i] = in[i] * repeats.get(i);
        }
        values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), in));
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
        values.put("Repeats", List.copyOf(repeats));
        values.put("RepeatsCount", (long) rank);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        long[] out = output.sizes().stream().mapToLong(Long::longValue).toArray();
        switch (random.nextInt(3)) {
            case 0 -> {
                int i = random.nextInt(out.length);
                out[i] += 1;
                values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
                return Optional.of("OutputTensor.Sizes[" + i + "] one above the product");
            }
            case 1 -> {
                long[] longer = java.util.Arrays.copyOf(out, out.length + 1);
                longer[out.length] = 1;
                values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(),
                        out.length == 8 ? java.util.Arrays.copyOf(out, 7) : longer));
                return Optional.of("OutputTensor of another DimensionCount");
            }
            default -> {
                List<Long> repeats = new ArrayList<>(((List<?>) values.get("Repeats")).stream()
                        .map(value -> (Long) value).toList());
                repeats.add(1L);
                values.put("Repeats", List.copyOf(repeats));
                values.put("RepeatsCount", (long) repeats.size());
                return Optional.of("RepeatsCount " + repeats.size() + " for " + out.length + " dimensions");
            }
        }
    }
}
