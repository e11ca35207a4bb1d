package dev.dmlemu.nativebridge.host;

import java.util.List;
import java.util.Map;

/**
 * EXECUTE's answer.
 *
 * @param failedAt the failing stage, or {@link HostStage#NONE}
 * @param hresult its HRESULT, or S_OK
 * @param readBacks each read-back buffer's bytes, by buffer index
 */
public record ExecuteOutcome(HostStage failedAt, int hresult, Map<Integer, byte[]> readBacks) {

    public ExecuteOutcome {
        readBacks = Map.copyOf(readBacks);
    }

    public boolean succeeded() {
        return failedAt == HostStage.NONE && hresult >= 0;
    }

    public String describe() {
        return succeeded() ? "S_OK" : failedAt.call() + " returned " + String.format("0x%08x", hresult);
    }

    static ExecuteOutcome read(byte[] payload, List<HostBuffer> buffers) {
        PayloadReader in = new PayloadReader(payload, "EXECUTE");
        HostStage stage = HostStage.fromCode(in.u32());
        int hresult = in.u32();
        Map<Integer, byte[]> readBacks = new java.util.HashMap<>();
        if (stage == HostStage.NONE) {
            for (int i = 0; i < buffers.size(); i++) {
                if (buffers.get(i).readBack()) {
                    long size = in.u64();
                    if (size != buffers.get(i).byteSize()) {
                        throw new HostProtocolException("EXECUTE read back " + Long.toUnsignedString(size)
                                + " bytes of buffer " + i + ", which has " + buffers.get(i).byteSize());
                    }
                    readBacks.put(i, in.bytes(size));
                }
            }
            in.end();
        }
        // After a failure the host sends no read-backs; anything more is ignored.
        return new ExecuteOutcome(stage, hresult, readBacks);
    }
}
