package dev.dmlemu.desc;

/** How the bits of a tensor element are read as a number. */
public enum NumericKind {
    /** IEEE 754 binary16/32/64. */
    FLOATING_POINT,
    /** Two's complement integer. */
    SIGNED_INTEGER,
    /** Unsigned integer. */
    UNSIGNED_INTEGER,
    /** {@link TensorDataType#UNKNOWN}: no interpretation. */
    NONE
}
