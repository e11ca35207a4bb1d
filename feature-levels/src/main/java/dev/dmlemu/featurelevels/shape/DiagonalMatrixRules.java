package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrix1OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * DIAGONAL_MATRIX1: the value is given in the output's data type, and the optional input has the output's sizes; the
 * diagonal range (DiagonalFillBegin, DiagonalFillEnd) is not checked, an empty or reversed one included (measured on
 * DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
 */
final class DiagonalMatrixRules extends OperatorShapeRules<DiagonalMatrix1OperatorDesc> {

    DiagonalMatrixRules() {
        super(OperatorType.DIAGONAL_MATRIX1, DiagonalMatrix1OperatorDesc.class);
    }

    @Override
    public void check(DiagonalMatrix1OperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc output = check.required("OutputTensor");
        if (desc.valueDataType() != output.dataType()) {
            check.report(RuleId.VALUE_DATA_TYPE_MISMATCH, "ValueDataType", "expected " + output.dataType().name()
                    + " (OutputTensor.DataType) but got " + desc.valueDataType().name());
        }
        check.tensor("InputTensor").ifPresent(input -> {
            List<Long> in = input.sizes();
            for (int i = 0; i < in.size(); i++) {
                if (!in.get(i).equals(output.sizes().get(i))) {
                    check.report(RuleId.SIZES_MISMATCH, "InputTensor.Sizes[" + i + "]", "expected "
                            + output.sizes().get(i) + " (OutputTensor.Sizes[" + i + "]) but got " + in.get(i));
                }
            }
        });
    }
}
