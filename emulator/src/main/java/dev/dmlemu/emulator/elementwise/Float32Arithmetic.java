package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * FLOAT32 arithmetic one rounding per step, with the NaN rules of DirectML's CPU device (docs/directml-behaviour.md
 * §15.1): a NaN operand, the first if both are, comes out quiet with its payload and sign; an invalid operation on
 * numbers gives the negative quiet NaN {@code FFC00000}. Written on the operands' bits because the JIT may swap the
 * operands of a commutative operation. The multi-step bodies of §15.7 (MEAN, DIFFERENCE_SQUARE, the float modulus,
 * quantization) compute FLOAT16 elements in FLOAT32 too, as a shader holding them in FLOAT32 does [inferred].
 */
final class Float32Arithmetic {

    static final float DEFAULT_NAN = Float.intBitsToFloat(0xFFC0_0000);

    private Float32Arithmetic() {}

    /** A lane's element as a FLOAT32 value (FLOAT16 widened exactly, a NaN keeping its payload). */
    static float of(Lanes lanes, int i) {
        return lanes.type == TensorDataType.FLOAT32 ? Float.intBitsToFloat((int) lanes.bits[i])
                : (float) lanes.values[i];
    }

    static boolean isNaN(float x) {
        return x != x;
    }

    /** The NaN with its quiet bit set. */
    static float quiet(float nan) {
        return Float.intBitsToFloat(Float.floatToRawIntBits(nan) | 0x0040_0000);
    }

    private static float nanOf(float a, float b) {
        return isNaN(a) ? quiet(a) : quiet(b);
    }

    private static float checked(float r) {
        return isNaN(r) ? DEFAULT_NAN : r;
    }

    static float add(float a, float b) {
        return isNaN(a) || isNaN(b) ? nanOf(a, b) : checked(a + b);
    }

    static float subtract(float a, float b) {
        return isNaN(a) || isNaN(b) ? nanOf(a, b) : checked(a - b);
    }

    static float multiply(float a, float b) {
        return isNaN(a) || isNaN(b) ? nanOf(a, b) : checked(a * b);
    }

    static float divide(float a, float b) {
        return isNaN(a) || isNaN(b) ? nanOf(a, b) : checked(a / b);
    }

    /** Toward zero; -0.0 and NaNs (quieted) kept. */
    static float truncate(float x) {
        if (isNaN(x)) {
            return quiet(x);
        }
        return (float) (x < 0 ? Math.ceil(x) : Math.floor(x));
    }

    static float floor(float x) {
        return isNaN(x) ? quiet(x) : (float) Math.floor(x);
    }

    /** To the nearest integer, ties to even. */
    static float roundHalfEven(float x) {
        return isNaN(x) ? quiet(x) : (float) Math.rint(x);
    }
}
