package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * DIAGONAL_MATRIX1 probes: output sizes 1 to 4, the input (when present) the same, the value in the output's data
 * type, a random diagonal range (docs/directml-behaviour.md §14.3); broken by the value's data type or an input size.
 */
final class DiagonalMatrixShaper extends OperatorShaper {

    DiagonalMatrixShaper() {
        super(OperatorType.DIAGONAL_MATRIX1);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        long[] sizes = new long[(int) output.dimensionCount()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 1 + random.nextInt(4);
        }
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), sizes));
        if (values.get("InputTensor") instanceof BufferTensorDesc input) {
            values.put("InputTensor", BufferTensorDesc.packed(input.dataType(), sizes));
        }
        values.put("ValueDataType", output.dataType());
        values.put("Value", ScalarUnion.of(output.dataType(), 1 + random.nextInt(5)));
        values.put("DiagonalFillBegin", random.nextInt(7) - 3);
        values.put("DiagonalFillEnd", random.nextInt(7) - 3);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        Object input = values.get("InputTensor");
        if (random.nextBoolean() && input instanceof BufferTensorDesc present && input != TensorDesc.NULL) {
            long[] sizes = present.sizes().stream().mapToLong(Long::longValue).toArray();
            int i = random.nextInt(sizes.length);
            sizes[i] += 1;
            values.put("InputTensor", BufferTensorDesc.packed(present.dataType(), sizes));
            return Optional.of("InputTensor.Sizes[" + i + "] one above the output's");
        }
        TensorDataType output = ((BufferTensorDesc) values.get("OutputTensor")).dataType();
        TensorDataType other = output == TensorDataType.FLOAT32 ? TensorDataType.INT32 : TensorDataType.FLOAT32;
        values.put("ValueDataType", other);
        values.put("Value", ScalarUnion.of(other, 1));
        return Optional.of("ValueDataType " + other + " for " + output);
    }
}
