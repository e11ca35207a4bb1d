package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxUnpoolingOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * MAX_UNPOOLING: IndicesTensor has InputTensor's Sizes. DirectML.dll 1.15.4 checks nothing of OutputTensor's Sizes
 * beyond the tables (another batch or channel count, or fewer elements than the input, are accepted), so neither does
 * this (docs/directml-behaviour.md §14.2).
 */
final class MaxUnpoolingShapeRules extends OperatorShapeRules<MaxUnpoolingOperatorDesc> {

    MaxUnpoolingShapeRules() {
        super(OperatorType.MAX_UNPOOLING, MaxUnpoolingOperatorDesc.class);
    }

    @Override
    public void check(MaxUnpoolingOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required(MaxUnpoolingOperatorDesc.INPUT_TENSOR);
        BufferTensorDesc indices = check.required(MaxUnpoolingOperatorDesc.INDICES_TENSOR);
        if (!indices.sizes().equals(input.sizes())) {
            check.report(RuleId.SIZES_MISMATCH, "IndicesTensor.Sizes", indices.sizes() + " but must be "
                    + "InputTensor's, " + input.sizes());
        }
    }
}
