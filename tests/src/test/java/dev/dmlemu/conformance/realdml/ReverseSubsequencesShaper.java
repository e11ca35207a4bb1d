package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * REVERSE_SUBSEQUENCES probes: input sizes 1 to 3, a random Axis, the sequence lengths the input's sizes with 1 along
 * it, the output the input's sizes (docs/directml-behaviour.md §14.4); broken by Axis, a sequence-lengths size or an
 * output size.
 */
final class ReverseSubsequencesShaper extends OperatorShaper {

    ReverseSubsequencesShaper() {
        super(OperatorType.REVERSE_SUBSEQUENCES);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        int rank = (int) input.dimensionCount();
        long[] sizes = ProbeSizes.random(rank, random);
        int axis = random.nextInt(rank);
        long[] lengths = sizes.clone();
        lengths[axis] = 1;
        values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), sizes));
        values.put("SequenceLengthsTensor", BufferTensorDesc.packed(((BufferTensorDesc) values
                .get("SequenceLengthsTensor")).dataType(), lengths));
        values.put("OutputTensor", BufferTensorDesc.packed(((BufferTensorDesc) values.get("OutputTensor"))
                .dataType(), sizes));
        values.put("Axis", (long) axis);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc input = (BufferTensorDesc) values.get("InputTensor");
        switch (random.nextInt(3)) {
            case 0 -> {
                values.put("Axis", input.dimensionCount());
                return Optional.of("Axis " + input.dimensionCount() + " of " + input.dimensionCount()
                        + " dimensions");
            }
            case 1 -> {
                return Optional.of(grow(values, "SequenceLengthsTensor", random));
            }
            default -> {
                return Optional.of(grow(values, "OutputTensor", random));
            }
        }
    }

    private static String grow(Map<String, Object> values, String field, Random random) {
        BufferTensorDesc tensor = (BufferTensorDesc) values.get(field);
        long[] sizes = tensor.sizes().stream().mapToLong(Long::longValue).toArray();
        int i = random.nextInt(sizes.length);
        sizes[i] += 1;
        values.put(field, BufferTensorDesc.packed(tensor.dataType(), sizes));
        return field + ".Sizes[" + i + "] one above";
    }
}
