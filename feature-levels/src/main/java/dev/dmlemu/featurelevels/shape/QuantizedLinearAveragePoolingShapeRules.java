package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizedLinearAveragePoolingOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.Optional;

/**
 * QUANTIZED_LINEAR_AVERAGE_POOLING: the shared {@link PoolingShape}, the output of the input's DataType (which the
 * docs do not say), and each zero point with its scale's Sizes. The scales' own Sizes are not checked (measured:
 * {@code [1, 2, 1, 1]} over three channels is accepted), so neither are they here (docs/directml-behaviour.md §14.2).
 */
final class QuantizedLinearAveragePoolingShapeRules
        extends OperatorShapeRules<QuantizedLinearAveragePoolingOperatorDesc> {

    QuantizedLinearAveragePoolingShapeRules() {
        super(OperatorType.QUANTIZED_LINEAR_AVERAGE_POOLING, QuantizedLinearAveragePoolingOperatorDesc.class);
    }

    @Override
    public void check(QuantizedLinearAveragePoolingOperatorDesc desc, ShapeCheck check) {
        PoolingShape.check(check, desc.dimensionCount(), QuantizedLinearAveragePoolingOperatorDesc.INPUT_TENSOR,
                QuantizedLinearAveragePoolingOperatorDesc.OUTPUT_TENSOR, Optional.empty());
        BufferTensorDesc input = check.required(QuantizedLinearAveragePoolingOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc output = check.required(QuantizedLinearAveragePoolingOperatorDesc.OUTPUT_TENSOR);
        if (input.dataType() != output.dataType()) {
            check.report(RuleId.DATA_TYPE_MISMATCH, "OutputTensor.DataType", output.dataType() + " but must be "
                    + "InputTensor's, " + input.dataType());
        }
        QuantizationTensors.zeroPointMatchesScale(check,
                QuantizedLinearAveragePoolingOperatorDesc.INPUT_ZERO_POINT_TENSOR,
                QuantizedLinearAveragePoolingOperatorDesc.INPUT_SCALE_TENSOR);
        QuantizationTensors.zeroPointMatchesScale(check,
                QuantizedLinearAveragePoolingOperatorDesc.OUTPUT_ZERO_POINT_TENSOR,
                QuantizedLinearAveragePoolingOperatorDesc.OUTPUT_SCALE_TENSOR);
    }
}
