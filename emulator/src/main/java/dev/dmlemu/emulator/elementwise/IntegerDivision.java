package dev.dmlemu.emulator.elementwise;

/**
 * Integer DIVIDE, MODULUS_TRUNCATE and MODULUS_FLOOR as DirectML computes them for 8-, 16- and 32-bit types, in 32-bit
 * arithmetic (measured, docs/directml-behaviour.md §15.7). The unsigned quotient and remainder by zero are all ones,
 * as D3D's {@code udiv} defines; a signed quotient is the unsigned quotient of the magnitudes, negated when the signs
 * differ (so 5 / 0 is -1, -5 / 0 is 1 and INT32_MIN / -1 is INT32_MIN); the truncated remainder is
 * {@code a - b * (a / b)} (5 % 0 is 5); the floored remainder comes from the magnitudes' remainder and the signs
 * (5 mod 0 is -1, -5 mod 0 is 1).
 */
final class IntegerDivision {

    private IntegerDivision() {}

    static int unsignedQuotient(int a, int b) {
        return b == 0 ? -1 : Integer.divideUnsigned(a, b);
    }

    static int unsignedRemainder(int a, int b) {
        return b == 0 ? -1 : Integer.remainderUnsigned(a, b);
    }

    static int signedQuotient(int a, int b) {
        int q = unsignedQuotient(Math.abs(a), Math.abs(b));
        return (a ^ b) < 0 ? -q : q;
    }

    static int signedTruncatedRemainder(int a, int b) {
        return a - b * signedQuotient(a, b);
    }

    static int signedFlooredRemainder(int a, int b) {
        int m = unsignedRemainder(Math.abs(a), Math.abs(b));
        boolean negativeA = a < 0;
        boolean negativeB = b < 0;
        if (negativeA == negativeB) {
            return negativeA ? -m : m;
        }
        if (m == 0) {
            return 0;
        }
        return negativeA ? Math.abs(b) - m : m - Math.abs(b);
    }
}
