package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.MatrixMultiplyIntegerToFloatOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Optional;

/**
 * QUANTIZED_LINEAR_MATRIX_MULTIPLY and MATRIX_MULTIPLY_INTEGER_TO_FLOAT: {@code Output = A x B} as
 * {@link MatrixProduct}; A's scale of one value or one per row of A, B's of one value or one per column of B, the
 * output's (QUANTIZED_LINEAR_MATRIX_MULTIPLY) of one value or one per row of the output; each zero point with its
 * scale's Sizes; MATRIX_MULTIPLY_INTEGER_TO_FLOAT's bias with the output's Sizes, DimensionCount included (the tensors
 * may otherwise differ in DimensionCount, docs/directml-behaviour.md §14.2). The two descs name their shared fields
 * alike.
 *
 * @param <D> the operator's desc record
 */
final class QuantizedMatrixMultiplyShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private static final String A = "ATensor";
    private static final String B = "BTensor";

    private final Optional<String> outputScaleField;
    private final Optional<String> biasField;

    private QuantizedMatrixMultiplyShapeRules(OperatorType type, Class<D> descType, Optional<String> outputScaleField,
            Optional<String> biasField) {
        super(type, descType);
        this.outputScaleField = outputScaleField;
        this.biasField = biasField;
    }

    /** The two operators' rules. */
    static List<ShapeRules<?>> all() {
        return List.of(
                new QuantizedMatrixMultiplyShapeRules<>(OperatorType.QUANTIZED_LINEAR_MATRIX_MULTIPLY,
                        QuantizedLinearMatrixMultiplyOperatorDesc.class,
                        Optional.of(QuantizedLinearMatrixMultiplyOperatorDesc.OUTPUT_SCALE_TENSOR), Optional.empty()),
                new QuantizedMatrixMultiplyShapeRules<>(OperatorType.MATRIX_MULTIPLY_INTEGER_TO_FLOAT,
                        MatrixMultiplyIntegerToFloatOperatorDesc.class, Optional.empty(),
                        Optional.of(MatrixMultiplyIntegerToFloatOperatorDesc.BIAS_TENSOR)));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        MatrixProduct.check(check, A, false, B, false, "OutputTensor");
        List<Long> a = check.required(A).sizes();
        List<Long> b = check.required(B).sizes();
        long rows = a.get(a.size() - 2);
        MatrixProduct.checkPerRowOrColumn(check, "AScaleTensor", true, rows);
        MatrixProduct.checkPerRowOrColumn(check, "BScaleTensor", false, b.get(b.size() - 1));
        QuantizationTensors.zeroPointMatchesScale(check, "AZeroPointTensor", "AScaleTensor");
        QuantizationTensors.zeroPointMatchesScale(check, "BZeroPointTensor", "BScaleTensor");
        outputScaleField.ifPresent(scale -> {
            MatrixProduct.checkPerRowOrColumn(check, scale, true, rows);
            QuantizationTensors.zeroPointMatchesScale(check, "OutputZeroPointTensor", scale);
        });
        List<Long> output = check.required("OutputTensor").sizes();
        biasField.flatMap(check::tensor).ifPresent(bias -> {
            if (!bias.sizes().equals(output)) {
                check.report(RuleId.SIZES_MISMATCH, biasField.get() + ".Sizes", bias.sizes()
                        + " but must be OutputTensor's, " + output);
            }
        });
    }
}
