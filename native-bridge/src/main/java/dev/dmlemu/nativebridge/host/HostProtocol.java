package dev.dmlemu.nativebridge.host;

/** The host protocol's fixed numbers (version 1): frame magics, opcodes, limits. All integers little-endian. */
final class HostProtocol {

    static final int VERSION = 1;
    /** "DMIQ" as a little-endian u32. */
    static final int REQUEST_MAGIC = 0x51494D44;
    /** "DMIR" as a little-endian u32. */
    static final int RESPONSE_MAGIC = 0x52494D44;
    static final int HEADER_SIZE = 16;
    /** The host refuses a larger payload with status 3, so the client does not send one. */
    static final long MAX_PAYLOAD = 1L << 31;
    /** HELLO's three strings are short; anything longer is a broken host. */
    static final long MAX_HELLO_PAYLOAD = 1 << 20;
    static final int CREATE_RESPONSE_SIZE = 32;
    /** Marks a binding record with no buffer bound. */
    static final int NO_BUFFER = 0xFFFFFFFF;
    static final int UPLOAD = 1;
    static final int READ_BACK = 2;

    private HostProtocol() {
    }

    enum Opcode {
        HELLO(1), CREATE(2), EXECUTE(3), RELEASE(4), QUIT(5);

        final int code;

        Opcode(int code) {
            this.code = code;
        }
    }
}
