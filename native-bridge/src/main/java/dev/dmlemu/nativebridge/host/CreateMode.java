package dev.dmlemu.nativebridge.host;

/** CREATE's {@code mode}. */
public enum CreateMode {
    /** CreateOperator only, released at once: DirectML's verdict on a desc. */
    VERDICT(0),
    /** CreateOperator, CompileOperator and initialization, kept under a handle for EXECUTE. */
    PREPARE(1);

    final int code;

    CreateMode(int code) {
        this.code = code;
    }

    /** The {@code mode} argument of {@code dmlemu_core_create}. */
    public int code() {
        return code;
    }
}
