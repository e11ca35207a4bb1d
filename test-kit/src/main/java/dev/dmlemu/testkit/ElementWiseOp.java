package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;

/** The element-wise operators the kit's generator and naive reference cover, with their number of inputs. */
public enum ElementWiseOp {
    IDENTITY(1),
    ABS(1),
    NEGATE(1),
    ADD(2),
    ADD1(2),
    SUBTRACT(2),
    MULTIPLY(2),
    MIN(2),
    MAX(2),
    CLIP(1),
    CLIP1(1),
    CEIL(1),
    FLOOR(1),
    LOGICAL_EQUALS(2),
    LOGICAL_GREATER_THAN(2),
    LOGICAL_GREATER_THAN_OR_EQUAL(2),
    LOGICAL_LESS_THAN(2),
    LOGICAL_LESS_THAN_OR_EQUAL(2),
    LOGICAL_AND(2),
    LOGICAL_OR(2),
    LOGICAL_XOR(2),
    LOGICAL_NOT(1),
    IS_NAN(1),
    IS_INFINITY(1),
    BIT_AND(2),
    BIT_OR(2),
    BIT_XOR(2),
    BIT_NOT(1),
    BIT_COUNT(1),
    BIT_SHIFT_LEFT(2),
    BIT_SHIFT_RIGHT(2),
    SIGN(1),
    IF(3),
    DIVIDE(2),
    MEAN(2),
    DIFFERENCE_SQUARE(2),
    MODULUS_TRUNCATE(2),
    MODULUS_FLOOR(2),
    ROUND(1),
    THRESHOLD(1),
    CLIP_GRAD(2),
    CLIP_GRAD1(2),
    /** Generated with {@code type} the quantized type: FLOAT32 input and scale. */
    QUANTIZE_LINEAR(3),
    /** Generated with {@code type} the quantized type: FLOAT32 scale and output. */
    DEQUANTIZE_LINEAR(3),
    /** The output's data type differs from the input's: {@link ElementWiseCases#cast} draws both. */
    CAST(1),
    ACTIVATION_IDENTITY(1),
    ACTIVATION_RELU(1),
    ACTIVATION_LEAKY_RELU(1),
    ACTIVATION_LINEAR(1),
    ACTIVATION_THRESHOLDED_RELU(1),
    ACTIVATION_SHRINK(1),
    ACTIVATION_HARD_SIGMOID(1),
    ACTIVATION_PARAMETERIZED_RELU(2),
    ACTIVATION_RELU_GRAD(2),
    ACTIVATION_HARD_SWISH(1);

    private final int arity;

    ElementWiseOp(int arity) {
        this.arity = arity;
    }

    public int arity() {
        return arity;
    }

    /**
     * Whether the emulator refuses the operator on {@code type} although the tables allow it: DIVIDE and the MODULUS
     * operators on 64-bit integers (docs/directml-behaviour.md §15.7).
     */
    public boolean emulatorRefuses(TensorDataType type) {
        return (this == DIVIDE || name().startsWith("MODULUS")) && !type.isFloatingPoint() && type.sizeInBits() == 64;
    }

    /**
     * The data type of input {@code index} when the operator works on {@code type}: IF's condition is UINT8;
     * QUANTIZE_LINEAR's input and scale and DEQUANTIZE_LINEAR's scale are FLOAT32.
     */
    public TensorDataType inputType(int index, TensorDataType type) {
        if (this == QUANTIZE_LINEAR && index < 2 || this == DEQUANTIZE_LINEAR && index == 1) {
            return TensorDataType.FLOAT32;
        }
        return this == IF && index == 0 ? TensorDataType.UINT8 : type;
    }

    /** The output's data type for inputs of {@code input}: UINT8 for truth values and bit counts. */
    public TensorDataType outputType(TensorDataType input) {
        if (this == DEQUANTIZE_LINEAR) {
            return TensorDataType.FLOAT32;
        }
        return name().startsWith("LOGICAL_") || name().startsWith("IS_") || this == BIT_COUNT ? TensorDataType.UINT8
                : input;
    }
}
