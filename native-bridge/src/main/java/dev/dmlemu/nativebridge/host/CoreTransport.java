package dev.dmlemu.nativebridge.host;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.nativebridge.blob.DescBlob;
import dev.dmlemu.nativebridge.blob.DescBlobWriter;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The requests the native core answers ({@code dml_core.h}), whichever way they travel: over the pipe to
 * {@code dmlemu-host.exe} under Wine ({@link HostSession}) or as calls into {@code dmlemu-core.dll} loaded in this
 * process on Windows ({@code core.InProcessCore}). The backend and its prepared operators are written once against it.
 */
public interface CoreTransport extends AutoCloseable {

    /**
     * CREATE: the core relocates the blob and creates the operator (and, for {@link CreateMode#PREPARE}, compiles
     * and initializes it under a handle).
     *
     * @param knownBug the DirectML bug the desc triggers, if any, to explain (or avoid) an ended process
     */
    CreateOutcome create(DescBlob blob, CreateMode mode, int executionFlags, Optional<String> knownBug);

    /** CREATE for {@code desc}: its blob is built here, and the bug it matches is looked up. */
    default CreateOutcome create(OperatorDesc desc, CreateMode mode, Set<ExecutionFlag> flags) {
        DescBlob blob = DescBlobWriter.write(desc);
        int mask = flags.stream().mapToInt(ExecutionFlag::code).reduce(0, (a, b) -> a | b);
        return create(blob, mode, mask, KnownDirectMlBugs.matching(desc));
    }

    /**
     * EXECUTE: uploads the buffers that carry bytes, binds, dispatches once and reads back the buffers asked for.
     *
     * @param inputs one binding per input tensor field, in binding order
     * @param outputs one per output tensor field
     * @throws IllegalArgumentException for a binding outside its buffer
     */
    ExecuteOutcome execute(long handle, List<HostBinding> inputs, List<HostBinding> outputs,
            List<HostBuffer> buffers, Optional<String> knownBug);

    /** RELEASE; a handle of an earlier generation is already gone with its process. */
    void release(long handle, int handleGeneration);

    /**
     * The number of the core's current process (the pipe host is restarted after DirectML ends it); a handle is
     * valid only in the generation that made it.
     */
    int generation();

    /** Releases the device. Idempotent. */
    @Override
    void close();
}
