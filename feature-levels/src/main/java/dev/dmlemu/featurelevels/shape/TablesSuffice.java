package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * The operators whose documented tables and constraint lines are all that CreateOperator checks: every tensor in one
 * SAME-Sizes group, and scalar fields that DirectML takes whatever their value (NaN, infinities, negatives, zero,
 * CLIP's Min above Max, every enum constant, any ScaleBias). Measured on DirectML.dll 1.15.4 by the probe campaign
 * with random fields, edge values and shapes (docs/directml-behaviour.md §14.6): nothing the tables accept was
 * refused, so these rules check nothing and say so.
 */
public final class TablesSuffice implements ShapeRules<OperatorDesc> {

    /** The operators, as data; one entry each. */
    public static final List<OperatorType> OPERATORS = List.of(
            // Activations with free float fields (or none).
            OperatorType.ACTIVATION_CELU, OperatorType.ACTIVATION_ELU, OperatorType.ACTIVATION_GELU,
            OperatorType.ACTIVATION_HARD_SIGMOID, OperatorType.ACTIVATION_HARD_SWISH,
            OperatorType.ACTIVATION_IDENTITY, OperatorType.ACTIVATION_LEAKY_RELU, OperatorType.ACTIVATION_LINEAR,
            OperatorType.ACTIVATION_PARAMETERIZED_RELU, OperatorType.ACTIVATION_PARAMETRIC_SOFTPLUS,
            OperatorType.ACTIVATION_RELU, OperatorType.ACTIVATION_RELU_GRAD, OperatorType.ACTIVATION_SCALED_ELU,
            OperatorType.ACTIVATION_SCALED_TANH, OperatorType.ACTIVATION_SHRINK, OperatorType.ACTIVATION_SIGMOID,
            OperatorType.ACTIVATION_SOFTPLUS, OperatorType.ACTIVATION_SOFTSIGN, OperatorType.ACTIVATION_SWISH,
            OperatorType.ACTIVATION_TANH, OperatorType.ACTIVATION_THRESHOLDED_RELU,
            OperatorType.CAST,
            // Element-wise unary operators (most with a ScaleBias).
            OperatorType.ELEMENT_WISE_ACOS, OperatorType.ELEMENT_WISE_ACOSH,
            OperatorType.ELEMENT_WISE_ASIN, OperatorType.ELEMENT_WISE_ASINH, OperatorType.ELEMENT_WISE_ATAN,
            OperatorType.ELEMENT_WISE_ATANH, OperatorType.ELEMENT_WISE_BIT_COUNT, OperatorType.ELEMENT_WISE_BIT_NOT,
            OperatorType.ELEMENT_WISE_CEIL, OperatorType.ELEMENT_WISE_CLIP_GRAD,
            OperatorType.ELEMENT_WISE_CONSTANT_POW, OperatorType.ELEMENT_WISE_COS, OperatorType.ELEMENT_WISE_COSH,
            OperatorType.ELEMENT_WISE_ERF, OperatorType.ELEMENT_WISE_EXP, OperatorType.ELEMENT_WISE_FLOOR,
            OperatorType.ELEMENT_WISE_IS_INFINITY,
            OperatorType.ELEMENT_WISE_IS_NAN, OperatorType.ELEMENT_WISE_LOG, OperatorType.ELEMENT_WISE_LOGICAL_NOT,
            OperatorType.ELEMENT_WISE_NEGATE, OperatorType.ELEMENT_WISE_RECIP, OperatorType.ELEMENT_WISE_ROUND,
            OperatorType.ELEMENT_WISE_SIGN, OperatorType.ELEMENT_WISE_SIN, OperatorType.ELEMENT_WISE_SINH,
            OperatorType.ELEMENT_WISE_SQRT, OperatorType.ELEMENT_WISE_TAN, OperatorType.ELEMENT_WISE_TANH,
            OperatorType.ELEMENT_WISE_THRESHOLD,
            // Element-wise operators of two or three inputs.
            OperatorType.ELEMENT_WISE_ADD, OperatorType.ELEMENT_WISE_ADD1, OperatorType.ELEMENT_WISE_ATAN_YX,
            OperatorType.ELEMENT_WISE_BIT_AND, OperatorType.ELEMENT_WISE_BIT_OR,
            OperatorType.ELEMENT_WISE_BIT_SHIFT_LEFT, OperatorType.ELEMENT_WISE_BIT_SHIFT_RIGHT,
            OperatorType.ELEMENT_WISE_BIT_XOR, OperatorType.ELEMENT_WISE_DIFFERENCE_SQUARE,
            OperatorType.ELEMENT_WISE_DIVIDE, OperatorType.ELEMENT_WISE_IF, OperatorType.ELEMENT_WISE_LOGICAL_AND,
            OperatorType.ELEMENT_WISE_LOGICAL_EQUALS, OperatorType.ELEMENT_WISE_LOGICAL_GREATER_THAN,
            OperatorType.ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL, OperatorType.ELEMENT_WISE_LOGICAL_LESS_THAN,
            OperatorType.ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL, OperatorType.ELEMENT_WISE_LOGICAL_OR,
            OperatorType.ELEMENT_WISE_LOGICAL_XOR, OperatorType.ELEMENT_WISE_MAX, OperatorType.ELEMENT_WISE_MEAN,
            OperatorType.ELEMENT_WISE_MIN, OperatorType.ELEMENT_WISE_MODULUS_FLOOR,
            OperatorType.ELEMENT_WISE_MODULUS_TRUNCATE, OperatorType.ELEMENT_WISE_MULTIPLY,
            OperatorType.ELEMENT_WISE_POW, OperatorType.ELEMENT_WISE_SUBTRACT,
            // Quantizing element-wise: scale and zero point of the input's Sizes (broadcast by zero Strides).
            OperatorType.ELEMENT_WISE_QUANTIZE_LINEAR, OperatorType.ELEMENT_WISE_DEQUANTIZE_LINEAR);

    private final OperatorType type;

    private TablesSuffice(OperatorType type) {
        this.type = type;
    }

    static List<ShapeRules<?>> all() {
        return OPERATORS.stream().<ShapeRules<?>>map(TablesSuffice::new).toList();
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Class<OperatorDesc> descType() {
        return (Class<OperatorDesc>) OperatorDescs.schema(type).orElseThrow().descType();
    }

    @Override
    public Coverage coverage() {
        return Coverage.COMPLETE;
    }

    /** Nothing beyond the tables: the probes found no refusal they do not explain. */
    @Override
    public void check(OperatorDesc desc, ShapeCheck check) {
    }
}
