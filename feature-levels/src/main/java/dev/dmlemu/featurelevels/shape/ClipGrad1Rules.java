package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseClipGrad1OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * ELEMENT_WISE_CLIP_GRAD1: Min and Max are read as MinMaxDataType, which must be the tensors' DataType; DirectML.dll
 * 1.15.4 refuses every other pairing, FLOAT32 Min and Max for UINT64 tensors included (measured,
 * docs/directml-behaviour.md §14.5).
 */
public final class ClipGrad1Rules extends OperatorShapeRules<ElementWiseClipGrad1OperatorDesc> {

    public ClipGrad1Rules() {
        super(OperatorType.ELEMENT_WISE_CLIP_GRAD1, ElementWiseClipGrad1OperatorDesc.class);
    }

    @Override
    public void check(ElementWiseClipGrad1OperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        if (desc.minMaxDataType() != input.dataType()) {
            check.report(RuleId.FIELD_DATA_TYPE_MISMATCH, "MinMaxDataType", desc.minMaxDataType().cName()
                    + " must be InputTensor's " + input.dataType().cName());
        }
    }
}
