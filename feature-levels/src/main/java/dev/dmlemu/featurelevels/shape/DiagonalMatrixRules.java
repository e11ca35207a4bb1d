package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrix1OperatorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * The diagonal matrices (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3). DIAGONAL_MATRIX checks
 * nothing beyond its table: any Offset (INT_MIN to INT_MAX, the diagonal inside the matrix or not), any Value (NaN,
 * infinities, values an integer output cannot hold) and any output sizes. DIAGONAL_MATRIX1: the value is given in the
 * output's data type, and the optional input has the output's sizes; the diagonal range (DiagonalFillBegin,
 * DiagonalFillEnd) is not checked, an empty or reversed one included.
 */
final class DiagonalMatrixRules {

    private DiagonalMatrixRules() {}

    static List<ShapeRules<?>> all() {
        return List.of(new OffsetDiagonal(), new FillRangeDiagonal());
    }

    /** DIAGONAL_MATRIX: every Offset and Value accepted; only the table judges the output. */
    private static final class OffsetDiagonal extends OperatorShapeRules<DiagonalMatrixOperatorDesc> {

        OffsetDiagonal() {
            super(OperatorType.DIAGONAL_MATRIX, DiagonalMatrixOperatorDesc.class);
        }

        @Override
        public void check(DiagonalMatrixOperatorDesc desc, ShapeCheck check) {
        }
    }

    /** DIAGONAL_MATRIX1: the value's data type and the input's sizes. */
    private static final class FillRangeDiagonal extends OperatorShapeRules<DiagonalMatrix1OperatorDesc> {

        FillRangeDiagonal() {
            super(OperatorType.DIAGONAL_MATRIX1, DiagonalMatrix1OperatorDesc.class);
        }

        @Override
        public void check(DiagonalMatrix1OperatorDesc desc, ShapeCheck check) {
            BufferTensorDesc output = check.required("OutputTensor");
            if (desc.valueDataType() != output.dataType()) {
                check.report(RuleId.VALUE_DATA_TYPE_MISMATCH, "ValueDataType", "expected "
                        + output.dataType().name() + " (OutputTensor.DataType) but got " + desc.valueDataType().name());
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
}
