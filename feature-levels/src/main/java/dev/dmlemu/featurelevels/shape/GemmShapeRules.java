package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;

/** GEMM: {@code Output = A x B (+ C)} with equal batch sizes (docs/directml-behaviour.md §14.2). */
final class GemmShapeRules extends OperatorShapeRules<GemmOperatorDesc> {

    GemmShapeRules() {
        super(OperatorType.GEMM, GemmOperatorDesc.class);
    }

    @Override
    public void check(GemmOperatorDesc desc, ShapeCheck check) {
        // CTensor's Sizes equal the output's: a constraint line of the tables, checked before this runs.
        MatrixProduct.check(check, GemmOperatorDesc.A_TENSOR, desc.transA() == MatrixTransform.TRANSPOSE,
                GemmOperatorDesc.B_TENSOR, desc.transB() == MatrixTransform.TRANSPOSE, GemmOperatorDesc.OUTPUT_TENSOR);
    }
}
