package dev.dmlemu.nativebridge.host;

/** A response's {@code status}: whether the host could make the call, not what DirectML answered. */
public enum HostStatus {
    OK(0, "ok"),
    CALL_FAILED(1, "a DirectML/D3D call failed"),
    MALFORMED_REQUEST(2, "malformed request"),
    REQUEST_TOO_LARGE(3, "request too large"),
    UNKNOWN_HANDLE(4, "unknown operator handle"),
    OUT_OF_MEMORY(5, "out of memory");

    private final int code;
    private final String meaning;

    HostStatus(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }

    static HostStatus fromCode(int code) {
        for (HostStatus status : values()) {
            if (status.code == code) {
                return status;
            }
        }
        throw new HostProtocolException("the host answered with unknown status " + Integer.toUnsignedString(code));
    }
}
