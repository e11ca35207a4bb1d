package dev.dmlemu.nativebridge.host;

/**
 * CREATE's answer.
 *
 * @param failedAt the stage whose HRESULT failed, or {@link HostStage#NONE}
 * @param hresult that stage's HRESULT, or S_OK
 * @param handle the prepared operator, 0 unless {@link CreateMode#PREPARE} succeeded
 */
public record CreateOutcome(HostStage failedAt, int hresult, long handle, long persistentResourceSize,
        long temporaryResourceSize) {

    static CreateOutcome read(byte[] payload) {
        PayloadReader in = new PayloadReader(payload, "CREATE");
        CreateOutcome outcome = new CreateOutcome(HostStage.fromCode(in.u32()), in.u32(), in.u64(), in.u64(),
                in.u64());
        in.end();
        return outcome;
    }

    /** Every stage asked for returned S_OK. */
    public boolean succeeded() {
        return failedAt == HostStage.NONE && hresult >= 0;
    }

    /** {@code CompileOperator returned 0x80070057}. */
    public String describe() {
        return succeeded() ? "S_OK" : failedAt.call() + " returned " + String.format("0x%08x", hresult);
    }
}
