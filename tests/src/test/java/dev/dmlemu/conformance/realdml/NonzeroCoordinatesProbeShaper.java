package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * NONZERO_COORDINATES' probes: random input sizes, a one-element count tensor and coordinates {@code [1, ..., N, r]}
 * of the drawn DimensionCounts; broken: a count size above 1, or N or r off by one (docs/directml-behaviour.md §14.4).
 */
final class NonzeroCoordinatesProbeShaper extends OperatorShaper {

    NonzeroCoordinatesProbeShaper() {
        super(OperatorType.NONZERO_COORDINATES);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc in = (BufferTensorDesc) values.get("InputTensor");
        BufferTensorDesc coordinates = (BufferTensorDesc) values.get("OutputCoordinatesTensor");
        int rank = (int) in.dimensionCount();
        long[] sizes = new long[rank];
        long elements = 1;
        for (int i = 0; i < rank; i++) {
            sizes[i] = 1 + random.nextInt(3);
            elements *= sizes[i];
        }
        long[] shape = new long[(int) coordinates.dimensionCount()];
        java.util.Arrays.fill(shape, 1);
        shape[shape.length - 2] = elements;
        shape[shape.length - 1] = rank;
        values.put("InputTensor", BufferTensorDesc.packed(in.dataType(), sizes));
        values.put("OutputCoordinatesTensor", BufferTensorDesc.packed(coordinates.dataType(), shape));
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        String field = random.nextBoolean() ? "OutputCountTensor" : "OutputCoordinatesTensor";
        BufferTensorDesc tensor = (BufferTensorDesc) values.get(field);
        long[] sizes = tensor.sizes().stream().mapToLong(Long::longValue).toArray();
        int at = field.equals("OutputCountTensor") ? random.nextInt(sizes.length)
                : sizes.length - 1 - random.nextInt(Math.min(2, sizes.length));
        sizes[at] += 1;
        values.put(field, BufferTensorDesc.packed(tensor.dataType(), sizes));
        return Optional.of(field + ".Sizes[" + at + "] " + sizes[at]);
    }
}
