package dev.dmlemu.emulator.elementwise;

import static dev.dmlemu.emulator.elementwise.Bodies.binary;
import static dev.dmlemu.emulator.elementwise.Bodies.compare;
import static dev.dmlemu.emulator.elementwise.Bodies.ieee;
import static dev.dmlemu.emulator.elementwise.Bodies.onBits;
import static dev.dmlemu.emulator.elementwise.Bodies.signBit;
import static dev.dmlemu.emulator.elementwise.Bodies.unary;

import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseAdd1OperatorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.ElementWiseCeilOperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseMaxOperatorDesc;
import dev.dmlemu.desc.ElementWiseMinOperatorDesc;
import dev.dmlemu.desc.ElementWiseMultiplyOperatorDesc;
import dev.dmlemu.desc.ElementWiseNegateOperatorDesc;
import dev.dmlemu.desc.ElementWiseSubtractOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.elementwise.ElementWiseKernel.Parts;
import java.util.List;

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
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(), onBits((x, t) -> x))));
    }

    /** Floats: the sign bit cleared, NaNs included. Integers: the absolute value, wrapping at the minimum. */
    public static OperatorKernel abs() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_ABS, ElementWiseAbsOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(), onBits((x, t) ->
                        t.isFloatingPoint() ? x & ~signBit(t) : Math.abs(x)))));
    }

    /** Floats: the sign bit flipped, NaNs included. Integers: the negation, wrapping at the minimum. */
    public static OperatorKernel negate() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_NEGATE, ElementWiseNegateOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, onBits((x, t) -> t.isFloatingPoint() ? x ^ signBit(t) : -x)));
    }

    public static OperatorKernel add() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_ADD, ElementWiseAddOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary(ieee((a, b) -> a + b), (a, b, t) -> a + b)));
    }

    /** ADD and then the fused activation, on the sum rounded to the output type. */
    public static OperatorKernel add1() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_ADD1, ElementWiseAdd1OperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, FusedActivations.after(d.fusedActivation(),
                        binary(ieee((a, b) -> a + b), (a, b, t) -> a + b))));
    }

    public static OperatorKernel subtract() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_SUBTRACT, ElementWiseSubtractOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary(ieee((a, b) -> a - b), (a, b, t) -> a - b)));
    }

    public static OperatorKernel multiply() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_MULTIPLY, ElementWiseMultiplyOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary(ieee((a, b) -> a * b), (a, b, t) -> a * b)));
    }

    /** Floats: the smaller; a NaN operand gives the other one (IEEE minNum). Integers: the smaller. */
    public static OperatorKernel min() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_MIN, ElementWiseMinOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary((a, b) -> a != a ? b : b != b ? a : a <= b ? a : b,
                        (a, b, t) -> compare(a, b, t) <= 0 ? a : b)));
    }

    /** Floats: the larger; a NaN operand gives the other one (IEEE maxNum). Integers: the larger. */
    public static OperatorKernel max() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_MAX, ElementWiseMaxOperatorDesc.class,
                d -> new Parts(List.of(A, B), OUTPUT, binary((a, b) -> a != a ? b : b != b ? a : a >= b ? a : b,
                        (a, b, t) -> compare(a, b, t) >= 0 ? a : b)));
    }

    /** Measured: a NaN becomes Max; -0.0 and denormals inside the range stay as they are. */
    public static OperatorKernel clip() {
        return new ElementWiseKernel<>(OperatorType.ELEMENT_WISE_CLIP, ElementWiseClipOperatorDesc.class,
                d -> new Parts(List.of(INPUT), OUTPUT, ScaleBiasStep.before(d.scaleBias(),
                        Clamp.of(d.min(), d.max(), Long.MIN_VALUE, Long.MAX_VALUE))));
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
}
