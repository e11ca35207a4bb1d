package dev.dmlemu.desc;

/** Whether a tensor's sizes and strides give every element its own memory (see {@link BufferTensorMath#addressing}). */
public enum ElementAddressing {
    /** Every coordinate maps to a different element offset. */
    DISTINCT,
    /** At least two coordinates map to the same element offset. */
    OVERLAPPING,
    /** Too many elements to decide by enumeration, and the strides are not nested; treat as possibly overlapping. */
    UNDECIDED
}
