package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** ELEMENT_WISE_CLIP_GRAD1: MinMaxDataType is the tensors' DataType (docs/directml-behaviour.md §14.5). */
final class ClipGrad1Shaper extends OperatorShaper {

    ClipGrad1Shaper() {
        super(OperatorType.ELEMENT_WISE_CLIP_GRAD1);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        putMinMax(values, ((BufferTensorDesc) values.get("InputTensor")).dataType());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        TensorDataType tensors = ((BufferTensorDesc) values.get("InputTensor")).dataType();
        TensorDataType other = tensors == TensorDataType.FLOAT32 ? TensorDataType.INT32 : TensorDataType.FLOAT32;
        putMinMax(values, other);
        return Optional.of("MinMaxDataType " + other + " for " + tensors + " tensors");
    }

    private static void putMinMax(Map<String, Object> values, TensorDataType type) {
        values.put("MinMaxDataType", type);
        values.put("Min", ScalarUnion.ofInteger(type, 0));
        values.put("Max", ScalarUnion.ofInteger(type, 1));
    }
}
