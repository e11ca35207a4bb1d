package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The diagonal matrices' probes, output sizes 1 to 4 (docs/directml-behaviour.md §14.3). DIAGONAL_MATRIX: an Offset
 * and a Value drawn from edge values as well as ordinary ones; nothing to break, DirectML takes them all.
 * DIAGONAL_MATRIX1: the input (when present) the output's sizes, the value in the output's data type, a random
 * diagonal range; broken by the value's data type or an input size.
 */
final class DiagonalMatrixShaper extends OperatorShaper {

    /** Offsets at and around the ends of INT's range and of a small matrix's diagonals. */
    private static final int[] OFFSET_EDGES = {Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -5, -1, 0, 1, 5,
        Integer.MAX_VALUE};

    private DiagonalMatrixShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new DiagonalMatrixShaper(OperatorType.DIAGONAL_MATRIX),
                new DiagonalMatrixShaper(OperatorType.DIAGONAL_MATRIX1));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        long[] sizes = new long[(int) output.dimensionCount()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 1 + random.nextInt(4);
        }
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), sizes));
        if (operatorType() == OperatorType.DIAGONAL_MATRIX) {
            values.put("Offset", random.nextBoolean() ? OFFSET_EDGES[random.nextInt(OFFSET_EDGES.length)]
                    : random.nextInt(13) - 6);
            values.put("Value", FreeFieldsShaper.value(random));
            return;
        }
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
        if (operatorType() == OperatorType.DIAGONAL_MATRIX) {
            return Optional.empty();
        }
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
