package dev.dmlemu.desc;

/**
 * A Java constant that stands for one value of a C enum in {@code directml.h}.
 *
 * <p>The numeric {@link #code()} is the value in the header, never the Java ordinal: the header grew
 * several of these enums over the years, and codes must stay what DirectML expects on the wire.
 */
public interface DmlEnum {

    /** The value of the constant in {@code directml.h}. */
    int code();

    /** The C spelling, e.g. {@code DML_TENSOR_DATA_TYPE_FLOAT32}. */
    String cName();
}
