package dev.dmlemu.nativebridge.host;

/** The step a CREATE or EXECUTE failed at, as the host reports it. */
public enum HostStage {
    NONE(0, "none"),
    CREATE(1, "CreateOperator"),
    COMPILE(2, "CompileOperator"),
    INITIALIZE(3, "operator initialization"),
    BIND(4, "binding and recording"),
    EXECUTE(5, "execution"),
    READBACK(6, "read-back");

    private final int code;
    private final String call;

    HostStage(int code, String call) {
        this.code = code;
        this.call = call;
    }

    /** What failed, in words: {@code CreateOperator}. */
    public String call() {
        return call;
    }

    /** The stage of a {@code dmlemu_stage} code. */
    public static HostStage fromCode(int code) {
        for (HostStage stage : values()) {
            if (stage.code == code) {
                return stage;
            }
        }
        throw new HostProtocolException("the host reported unknown stage " + Integer.toUnsignedString(code));
    }
}
