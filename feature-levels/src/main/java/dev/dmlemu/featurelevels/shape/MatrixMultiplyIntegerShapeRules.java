package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * MATRIX_MULTIPLY_INTEGER: {@code Output = A x B} as {@link MatrixProduct}, zero points of one value or one per row
 * of A or column of B (docs/directml-behaviour.md §14.2).
 */
final class MatrixMultiplyIntegerShapeRules extends OperatorShapeRules<MatrixMultiplyIntegerOperatorDesc> {

    MatrixMultiplyIntegerShapeRules() {
        super(OperatorType.MATRIX_MULTIPLY_INTEGER, MatrixMultiplyIntegerOperatorDesc.class);
    }

    @Override
    public void check(MatrixMultiplyIntegerOperatorDesc desc, ShapeCheck check) {
        MatrixProduct.check(check, MatrixMultiplyIntegerOperatorDesc.A_TENSOR, false,
                MatrixMultiplyIntegerOperatorDesc.B_TENSOR, false, MatrixMultiplyIntegerOperatorDesc.OUTPUT_TENSOR);
        List<Long> a = check.required(MatrixMultiplyIntegerOperatorDesc.A_TENSOR).sizes();
        List<Long> b = check.required(MatrixMultiplyIntegerOperatorDesc.B_TENSOR).sizes();
        MatrixProduct.checkPerRowOrColumn(check, MatrixMultiplyIntegerOperatorDesc.A_ZERO_POINT_TENSOR, true,
                a.get(a.size() - 2));
        MatrixProduct.checkPerRowOrColumn(check, MatrixMultiplyIntegerOperatorDesc.B_ZERO_POINT_TENSOR, false,
                b.get(b.size() - 1));
    }
}
