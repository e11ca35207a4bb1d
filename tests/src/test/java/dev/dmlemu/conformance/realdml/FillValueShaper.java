package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * FILL_VALUE_CONSTANT and FILL_VALUE_SEQUENCE probes: output sizes 1 to 4, the values in the output's data type
 * (docs/directml-behaviour.md §14.3); broken by another ValueDataType.
 */
final class FillValueShaper extends OperatorShaper {

    private final List<String> scalars;

    private FillValueShaper(OperatorType type, List<String> scalars) {
        super(type);
        this.scalars = scalars;
    }

    static FillValueShaper constant() {
        return new FillValueShaper(OperatorType.FILL_VALUE_CONSTANT, List.of("Value"));
    }

    static FillValueShaper sequence() {
        return new FillValueShaper(OperatorType.FILL_VALUE_SEQUENCE, List.of("ValueStart", "ValueDelta"));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        BufferTensorDesc output = (BufferTensorDesc) values.get("OutputTensor");
        long[] sizes = new long[(int) output.dimensionCount()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = 1 + random.nextInt(4);
        }
        values.put("OutputTensor", BufferTensorDesc.packed(output.dataType(), sizes));
        setValues(values, output.dataType(), random);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        TensorDataType output = ((BufferTensorDesc) values.get("OutputTensor")).dataType();
        TensorDataType other = output == TensorDataType.FLOAT32 ? TensorDataType.UINT32 : TensorDataType.FLOAT32;
        setValues(values, other, random);
        return Optional.of("ValueDataType " + other + " for " + output);
    }

    private void setValues(Map<String, Object> values, TensorDataType type, Random random) {
        values.put("ValueDataType", type);
        for (String scalar : scalars) {
            values.put(scalar, ScalarUnion.of(type, random.nextInt(10)));
        }
    }
}
