package dev.dmlemu.nativebridge.dml;

/** {@code DirectML.h} enum values the bridge passes as plain integers (docs/directml-behaviour.md §2.5). */
public final class DmlConstants {

    public static final int DML_CREATE_DEVICE_FLAG_NONE = 0x0;
    public static final int DML_CREATE_DEVICE_FLAG_DEBUG = 0x1;

    public static final int DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0;
    public static final int DML_FEATURE_FEATURE_LEVELS = 1;

    public static final int DML_BINDING_TYPE_NONE = 0;
    public static final int DML_BINDING_TYPE_BUFFER = 1;
    public static final int DML_BINDING_TYPE_BUFFER_ARRAY = 2;

    /** Alignment of temporary and persistent resource bindings. */
    public static final int DML_TEMPORARY_BUFFER_ALIGNMENT = 256;
    public static final int DML_PERSISTENT_BUFFER_ALIGNMENT = 256;

    private DmlConstants() {
    }
}
