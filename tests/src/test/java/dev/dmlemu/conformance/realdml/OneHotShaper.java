package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * ONE_HOT probes: output sizes 2 to 4, a random Axis, the indices the output's sizes with 1 along it, the values two
 * elements in the last dimension (docs/directml-behaviour.md §14.3); broken by Axis, an indices size or one value.
 */
final class OneHotShaper extends OperatorShaper {

    OneHotShaper() {
        super(OperatorType.ONE_HOT);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        int rank = (int) output.dimensionCount();
        long[] out = ProbeSizes.random(rank, 2, random);
        int axis = random.nextInt(rank);
        long[] indices = out.clone();
        indices[axis] = 1;
        long[] onOff = new long[rank];
        java.util.Arrays.fill(onOff, 1);
        onOff[rank - 1] = 2;
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), out));
        values.put("IndicesTensor", BufferTensorDesc.packed(((BufferTensorDesc) values.get("IndicesTensor"))
                .dataType(), indices));
        values.put("ValuesTensor", BufferTensorDesc.packed(((BufferTensorDesc) values.get("ValuesTensor"))
                .dataType(), onOff));
        values.put("Axis", (long) axis);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        switch (random.nextInt(3)) {
            case 0 -> {
                values.put("Axis", output.dimensionCount());
                return Optional.of("Axis " + output.dimensionCount() + " of " + output.dimensionCount()
                        + " dimensions");
            }
            case 1 -> {
                BufferTensorDesc indices = (BufferTensorDesc) values.get("IndicesTensor");
                long[] sizes = indices.sizes().stream().mapToLong(Long::longValue).toArray();
                int i = random.nextInt(sizes.length);
                sizes[i] += 1;
                values.put("IndicesTensor", BufferTensorDesc.packed(indices.dataType(), sizes));
                return Optional.of("IndicesTensor.Sizes[" + i + "] one above");
            }
            default -> {
                BufferTensorDesc onOff = (BufferTensorDesc) values.get("ValuesTensor");
                long[] ones = new long[(int) onOff.dimensionCount()];
                java.util.Arrays.fill(ones, 1);
                values.put("ValuesTensor", BufferTensorDesc.packed(onOff.dataType(), ones));
                return Optional.of("ValuesTensor of one element");
            }
        }
    }
}
