package dev.dmlemu.emulator.elementwise;

import static dev.dmlemu.emulator.elementwise.Bodies.binary;
import static dev.dmlemu.emulator.elementwise.Bodies.compare;
import static dev.dmlemu.emulator.elementwise.Bodies.ieee;
import static dev.dmlemu.emulator.elementwise.Bodies.onBits;
import static dev.dmlemu.emulator.elementwise.Bodies.signBit;
import static dev.dmlemu.emulator.elementwise.Bodies.unary;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CastOperatorDesc;
import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseAdd1OperatorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitAndOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitCountOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitNotOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitOrOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftLeftOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftRightOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitXorOperatorDesc;
import dev.dmlemu.desc.ElementWiseCeilOperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.ElementWiseIfOperatorDesc;
import dev.dmlemu.desc.ElementWiseIsInfinityOperatorDesc;
import dev.dmlemu.desc.ElementWiseIsNanOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalAndOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalEqualsOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalGreaterThanOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalGreaterThanOrEqualOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalLessThanOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalLessThanOrEqualOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalNotOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalOrOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalXorOperatorDesc;
import dev.dmlemu.desc.ElementWiseMaxOperatorDesc;
import dev.dmlemu.desc.ElementWiseMinOperatorDesc;
import dev.dmlemu.desc.ElementWiseMultiplyOperatorDesc;
import dev.dmlemu.desc.ElementWiseNegateOperatorDesc;
import dev.dmlemu.desc.ElementWiseSignOperatorDesc;
import dev.dmlemu.desc.ElementWiseSubtractOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.elementwise.ElementWiseKernel.Parts;
import java.util.List;
import java.util.Optional;

/**
 * The element-wise operators the emulator runs: each is its fields and its body (docs/directml-behaviour.md §15 for
 * the measured arithmetic). {@code EmulatorKernels} registers each one.
 */
public final class ElementWiseKernels {

    private static final String INPUT = "InputTensor";
    private static final String A = "ATensor";
    private static final String B = "BTensor";
    private static final String OUTPUT = "OutputTensor";

    private ElementWiseKernels() {}

    /** A copy of the bits; with a ScaleBias, {@code scale * x + bias} (two roundings). */
    public static OperatorKernel identity() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_IDENTITY, ElementWiseIdentityOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(), onBits((x, t) -> x)),
                        identityLanes(d.scaleBias())));
    }

    /**
     * IDENTITY on packed rows: a byte copy, or with a ScaleBias on FLOAT32 its two roundings in float arithmetic
     * (Java never fuses them); integer tensors take no scale-bias, so they are copied.
     */
    private static PackedLanes identityLanes(Optional<ScaleBias> scaleBias) {
        if (scaleBias.isEmpty() || scaleBias.get().scale() == 1f && scaleBias.get().bias() == 0f) {
            return PackedLanes.copy();
        }
        float scale = scaleBias.get().scale();
        float bias = scaleBias.get().bias();
        PackedLane.Floats scaled = (in, out, n) -> {
            float[] x = in[0];
            for (int i = 0; i < n; i++) {
                out[i] = scale * x[i] + bias;
            }
        };
        return type -> type == TensorDataType.FLOAT32 ? scaled : type.isFloatingPoint() ? null
                : PackedLane.Copy.BYTES;
    }

    /**
     * A signed result of ABS or NEGATE as DirectML writes it (measured): INT8 and INT16 saturate (-128 gives 127),
     * INT32 and INT64 wrap (their minimum gives itself).
     */
    private static long saturate(long v, TensorDataType t) {
        if (!t.isSignedInteger() || t.sizeInBits() >= 32) {
            return v;
        }
        return Math.min(v, (1L << (t.sizeInBits() - 1)) - 1);
    }

    /** Floats: the sign bit cleared, NaNs included. Signed integers: the absolute value ({@code saturate}). */
    public static OperatorKernel abs() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_ABS, ElementWiseAbsOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(), onBits((x, t) ->
                        t.isFloatingPoint() ? x & ~signBit(t) : saturate(Math.abs(x), t)))));
    }

    /** Floats: the sign bit flipped, NaNs included. Signed integers: the negation ({@code saturate}). */
    public static OperatorKernel negate() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_NEGATE, ElementWiseNegateOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, onBits((x, t) -> t.isFloatingPoint() ? x ^ signBit(t)
                        : saturate(-x, t))));
    }

    public static OperatorKernel add() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_ADD, ElementWiseAddOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary(ieee((a, b) -> a + b), (a, b, t) -> a + b), ADD_LANES));
    }

    private static final PackedLanes ADD_LANES = PackedLanes.arithmetic(PackedLane.FloatArithmetic.ADD,
            PackedLane.IntArithmetic.ADD);

    private static final PackedLanes SUBTRACT_LANES = PackedLanes.arithmetic(PackedLane.FloatArithmetic.SUBTRACT,
            PackedLane.IntArithmetic.SUBTRACT);

    private static final PackedLanes MULTIPLY_LANES = PackedLanes.arithmetic(PackedLane.FloatArithmetic.MULTIPLY,
            PackedLane.IntArithmetic.MULTIPLY);

    /** ADD and then the fused activation, on the sum rounded to the output type. */
    public static OperatorKernel add1() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_ADD1, ElementWiseAdd1OperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, FusedActivations.after(d.fusedActivation(),
                        binary(ieee((a, b) -> a + b), (a, b, t) -> a + b)),
                        d.fusedActivation().isEmpty() ? ADD_LANES : PackedLanes.NONE));
    }

    public static OperatorKernel subtract() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_SUBTRACT, ElementWiseSubtractOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary(ieee((a, b) -> a - b), (a, b, t) -> a - b),
                        SUBTRACT_LANES));
    }

    public static OperatorKernel multiply() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_MULTIPLY, ElementWiseMultiplyOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary(ieee((a, b) -> a * b), (a, b, t) -> a * b),
                        MULTIPLY_LANES));
    }

    /**
     * The smaller, A on a tie; on floats a NaN operand gives the other one, and two NaNs give B's bits unchanged
     * (measured: MIN of FFA00001 and 7F800001 is 7F800001). The bits of the chosen operand are copied.
     */
    public static OperatorKernel min() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_MIN, ElementWiseMinOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Bodies.select((a, b) -> a != a || b == b && b < a,
                        (a, b, t) -> compare(a, b, t) > 0)));
    }

    /** The larger, with MIN's rules for ties and NaNs. */
    public static OperatorKernel max() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_MAX, ElementWiseMaxOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Bodies.select((a, b) -> a != a || b == b && b > a,
                        (a, b, t) -> compare(a, b, t) < 0)));
    }

    private static TensorDataType typeOf(TensorDesc tensor) {
        return ((BufferTensorDesc) tensor).dataType();
    }

    /**
     * Measured: a NaN becomes Max, a NaN bound clamps nothing; -0.0 and denormals inside the range stay as they are.
     * Integer tensors clamp to Min and Max truncated toward zero and saturated to the type, a NaN bound as
     * {@link Cast#nanOf} gives it ({@link Clamp}).
     */
    public static OperatorKernel clip() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_CLIP, ElementWiseClipOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(),
                        Clamp.of(d.min(), d.max(), Cast.toInteger(d.min(), typeOf(d.inputTensor())),
                                Cast.toInteger(d.max(), typeOf(d.inputTensor()))))));
    }

    /** CLIP with Min and Max in MinMaxDataType: integers clamp exactly, floats as CLIP. */
    public static OperatorKernel clip1() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_CLIP1, ElementWiseClip1OperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(), Clamp.of(
                        d.min().asDouble(d.minMaxDataType()), d.max().asDouble(d.minMaxDataType()),
                        d.minMaxDataType().isFloatingPoint() ? Long.MIN_VALUE : d.min().asLong(d.minMaxDataType()),
                        d.minMaxDataType().isFloatingPoint() ? Long.MAX_VALUE
                                : d.max().asLong(d.minMaxDataType())))));
    }

    /** Floats round up (Math.ceil: -0.0 below 0, NaN quiet with its payload); integers stay. */
    public static OperatorKernel ceil() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_CEIL, ElementWiseCeilOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(),
                        unary(Math::ceil, (x, t) -> x))));
    }

    public static OperatorKernel floor() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_FLOOR, ElementWiseFloorOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(),
                        unary(Math::floor, (x, t) -> x))));
    }

    public static OperatorKernel logicalEquals() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_EQUALS,
                ElementWiseLogicalEqualsOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a == b, (a, b, t) -> a == b)));
    }

    public static OperatorKernel logicalGreaterThan() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_GREATER_THAN,
                ElementWiseLogicalGreaterThanOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a > b,
                        (a, b, t) -> compare(a, b, t) > 0)));
    }

    public static OperatorKernel logicalGreaterThanOrEqual() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_GREATER_THAN_OR_EQUAL,
                ElementWiseLogicalGreaterThanOrEqualOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a >= b,
                        (a, b, t) -> compare(a, b, t) >= 0)));
    }

    public static OperatorKernel logicalLessThan() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_LESS_THAN,
                ElementWiseLogicalLessThanOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a < b,
                        (a, b, t) -> compare(a, b, t) < 0)));
    }

    public static OperatorKernel logicalLessThanOrEqual() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_LESS_THAN_OR_EQUAL,
                ElementWiseLogicalLessThanOrEqualOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a <= b,
                        (a, b, t) -> compare(a, b, t) <= 0)));
    }

    public static OperatorKernel logicalAnd() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_AND, ElementWiseLogicalAndOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a != 0 && b != 0,
                        (a, b, t) -> a != 0 && b != 0)));
    }

    public static OperatorKernel logicalOr() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_OR, ElementWiseLogicalOrOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> a != 0 || b != 0,
                        (a, b, t) -> a != 0 || b != 0)));
    }

    public static OperatorKernel logicalXor() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_XOR, ElementWiseLogicalXorOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, Predicates.of((a, b) -> (a != 0) != (b != 0),
                        (a, b, t) -> (a != 0) != (b != 0))));
    }

    public static OperatorKernel logicalNot() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_LOGICAL_NOT, ElementWiseLogicalNotOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, onBits((x, t) -> x == 0 ? 1 : 0)));
    }

    public static OperatorKernel isNan() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_IS_NAN, ElementWiseIsNanOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, Predicates.ofFloat(x -> x != x)));
    }

    public static OperatorKernel isInfinity() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_IS_INFINITY, ElementWiseIsInfinityOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, Predicates.ofFloat(switch (d.infinityMode()) {
                    case POSITIVE -> x -> x == Double.POSITIVE_INFINITY;
                    case NEGATIVE -> x -> x == Double.NEGATIVE_INFINITY;
                    default -> Double::isInfinite;
                })));
    }

    public static OperatorKernel bitAnd() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_AND, ElementWiseBitAndOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, onBits((a, b, t) -> a & b)));
    }

    public static OperatorKernel bitOr() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_OR, ElementWiseBitOrOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, onBits((a, b, t) -> a | b)));
    }

    public static OperatorKernel bitXor() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_XOR, ElementWiseBitXorOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, onBits((a, b, t) -> a ^ b)));
    }

    public static OperatorKernel bitNot() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_NOT, ElementWiseBitNotOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, onBits((x, t) -> ~x)));
    }

    /** The number of set bits among the input type's own bits (a signed value's extension is not counted). */
    public static OperatorKernel bitCount() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_COUNT, ElementWiseBitCountOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, onBits((x, t) -> Long.bitCount(t.sizeInBits() == 64 ? x
                        : x & ((1L << t.sizeInBits()) - 1)))));
    }

    /** Floats: -1, +1, or 0 for ±0 and NaN (the shader's integer sign, converted). Integers: their sign. */
    public static OperatorKernel sign() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_SIGN, ElementWiseSignOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, unary(x -> x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0,
                        (x, t) -> Long.signum(x) < 0 && t == TensorDataType.UINT64 ? 1 : Long.signum(x))));
    }

    /** The element of A where the condition is not 0, else of B: bits copied as they are. */
    public static OperatorKernel ifThenElse() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_IF, ElementWiseIfOperatorDesc.class,
                d -> new Parts(List.of("ConditionTensor", A, B), OUTPUT, (in, out, n) -> {
                    for (int i = 0; i < n; i++) {
                        out.bits[i] = in[0].bits[i] != 0 ? in[1].bits[i] : in[2].bits[i];
                    }
                    out.carrier = Lanes.Carrier.BITS;
                }));
    }

    /**
     * The input converted to the output's data type by the family of the pair (§15.6: integers through a 32-bit
     * register, saturated into narrower outputs; floats truncated; floats rounded to nearest even).
     */
    public static OperatorKernel cast() {
        return new ElementWiseKernel<>(OperatorType.CAST, CastOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, CastFamily.body(typeOf(d.inputTensor()),
                        typeOf(d.outputTensor())), castLanes(typeOf(d.outputTensor()))));
    }

    /** FLOAT32 to INT32 on packed rows: Java's truncation, which is the exact one inside the INT32 range. */
    private static PackedLanes castLanes(TensorDataType to) {
        return from -> from == TensorDataType.FLOAT32 && to == TensorDataType.INT32 ? PackedLane.Truncation.TO_INT32
                : null;
    }

    /**
     * A shifted left by B's count (measured on UINT32: 7 shifted by 0xD97FAB27 is {@code 7 << 7}; on UINT64: 1 shifted
     * by 0x40 is {@code 1 << 32}): see {@code shiftCount}.
     */
    public static OperatorKernel bitShiftLeft() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_SHIFT_LEFT,
                ElementWiseBitShiftLeftOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, onBits((a, b, t) -> a << shiftCount(b, t))));
    }

    /** A shifted right by B's count, with the sign for signed types and zeros for the others. */
    public static OperatorKernel bitShiftRight() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_BIT_SHIFT_RIGHT,
                ElementWiseBitShiftRightOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, onBits((a, b, t) -> t.isSignedInteger()
                        ? a >> shiftCount(b, t) : a >>> shiftCount(b, t))));
    }

    /**
     * The count the shader shifts by (measured, docs/directml-behaviour.md §15.7): B modulo 32 for 8-, 16- and 32-bit
     * types, which the shader shifts as 32-bit values; for 64-bit types only B's low 32 bits count, and a count of 32
     * or more shifts by {@code 32 + count % 32} (64 shifts by 32, 0x5DDC2615 by 53), as a shift built from two 32-bit
     * halves does.
     */
    private static int shiftCount(long b, TensorDataType type) {
        if (type.sizeInBits() < 64) {
            return (int) (b & 31);
        }
        long count = b & 0xFFFF_FFFFL;
        return count < 32 ? (int) count : 32 + (int) (count & 31);
    }
}
