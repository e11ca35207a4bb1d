package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;

/**
 * How the selection kernels compare two elements of one data type, on raw bits as {@link ElementBits} reads them
 * (zero-extended). FLOAT32 compares as IEEE floats do: every comparison with a NaN is false and -0.0 equals +0.0, which
 * is what the real DLL's ARGMAX, REDUCE and TOP_K results follow (docs/directml-behaviour.md §16.7). Integers compare
 * signed or unsigned by type: a signed element's sign bit is flipped so that the unsigned order of the bits is the
 * signed order of the values.
 *
 * @param floating FLOAT32 (the only floating type these kernels run: FLOAT16 was not measured)
 * @param signBit for a signed integer type its sign bit, else 0
 */
record ElementOrder(boolean floating, long signBit) {

    static ElementOrder of(OperatorType operator, TensorDataType type) {
        if (type == TensorDataType.FLOAT32) {
            return new ElementOrder(true, 0);
        }
        if (type.isFloatingPoint() || !type.isByteAddressable()) {
            throw Shapes.refuse(operator, "comparing " + type + " elements is not modelled: the measuring device lacks"
                    + " FLOAT16 and the tables list no other floating type");
        }
        boolean signed = type.name().startsWith("INT");
        return new ElementOrder(false, signed ? 1L << (8 * type.sizeInBytes() - 1) : 0);
    }

    boolean greater(long a, long b) {
        return floating ? asFloat(a) > asFloat(b) : Long.compareUnsigned(a ^ signBit, b ^ signBit) > 0;
    }

    boolean greaterOrEqual(long a, long b) {
        return floating ? asFloat(a) >= asFloat(b) : Long.compareUnsigned(a ^ signBit, b ^ signBit) >= 0;
    }

    boolean less(long a, long b) {
        return greater(b, a);
    }

    boolean lessOrEqual(long a, long b) {
        return greaterOrEqual(b, a);
    }

    boolean isNan(long a) {
        return floating && Float.isNaN(asFloat(a));
    }

    private static float asFloat(long bits) {
        return Float.intBitsToFloat((int) bits);
    }
}
