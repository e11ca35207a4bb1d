package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;

/**
 * The arithmetic the sequence and scan kernels do on raw element bits, per data type, as measured on the real DLL
 * (docs/directml-behaviour.md §16): FLOAT32 in binary32 with each operation rounded to nearest (no fused
 * multiply-add), integers modulo 2^width (two's complement, so signed and unsigned alike). FLOAT16, which the measuring
 * device lacks, is not modelled.
 */
enum Arithmetic {
    FLOAT32 {
        @Override
        long add(long a, long b) {
            return Float.floatToRawIntBits(Float.intBitsToFloat((int) a) + Float.intBitsToFloat((int) b))
                    & 0xFFFF_FFFFL;
        }

        @Override
        long multiply(long a, long b) {
            return Float.floatToRawIntBits(Float.intBitsToFloat((int) a) * Float.intBitsToFloat((int) b))
                    & 0xFFFF_FFFFL;
        }

        @Override
        long fromIndex(long index) {
            // Rounded to nearest, as the index is converted before it is multiplied.
            return Float.floatToRawIntBits((float) index) & 0xFFFF_FFFFL;
        }

        @Override
        long one() {
            return Float.floatToRawIntBits(1f);
        }
    },
    INTEGER {
        @Override
        long add(long a, long b) {
            return a + b;
        }

        @Override
        long multiply(long a, long b) {
            return a * b;
        }

        @Override
        long fromIndex(long index) {
            return index;
        }

        @Override
        long one() {
            return 1;
        }
    };

    /** The sum of two elements' bits (only the element's width of the result counts). */
    abstract long add(long a, long b);

    abstract long multiply(long a, long b);

    /** An element index as an element of this arithmetic. */
    abstract long fromIndex(long index);

    abstract long one();

    /** 0 in every type: all bits clear. */
    long zero() {
        return 0;
    }

    static Arithmetic of(OperatorType operator, TensorDataType type) {
        if (type == TensorDataType.FLOAT32) {
            return FLOAT32;
        }
        if (!type.isFloatingPoint() && type.isByteAddressable()) {
            return INTEGER;
        }
        throw Shapes.refuse(operator, type + " arithmetic is not modelled: it has not been measured on the real DLL"
                + " (the measuring device lacks FLOAT16)");
    }
}
