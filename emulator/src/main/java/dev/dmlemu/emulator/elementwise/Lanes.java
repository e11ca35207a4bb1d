package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * One row of one tensor as the element-wise bodies see it: an integer element is its exact value in {@code bits}
 * (sign- or zero-extended; UINT64 as its 64 bits), a float element is its exact value in {@code values} and its raw
 * bits in {@code bits}. An output row says which of the two its body filled.
 */
final class Lanes {

    /** Which array of an output row holds what is written. */
    enum Carrier {
        /** {@code values}, rounded to the output type to nearest even. */
        VALUES,
        /** {@code bits}, written as they are (an integer output is always written from them, modulo its width). */
        BITS
    }

    final TensorDataType type;
    final long[] bits;
    final double[] values;
    Carrier carrier = Carrier.BITS;

    Lanes(TensorDataType type, int length) {
        this.type = type;
        this.bits = new long[length];
        this.values = new double[length];
    }

    boolean isFloat() {
        return type.isFloatingPoint();
    }
}
