package dev.dmlemu.nativebridge.host;

import dev.dmlemu.nativebridge.blob.DescBlob;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A conversation with the DirectML host for the length of a backend session: one Wine start, then any number of
 * requests. When DirectML ends the host (or it hangs and is killed), the request fails with a
 * {@link HostEndedException} and the next request starts a new host; handles from the old one are then unknown, and
 * {@link #generation()} tells their owners so.
 *
 * <p>Requests are serialized.
 */
public final class HostSession implements CoreTransport {

    /** Starts of a host that ends before answering HELLO, before its session gives up. */
    private static final int HELLO_ATTEMPTS = 3;

    private final HostLauncher launcher;
    private final HostLimits limits;
    private HostProcess process;
    private HostHello hello;
    /** Counts the hosts this session has ended or lost: the current or next host's number, from 1. */
    private int generation = 1;
    /** A desc that corrupts DirectML's heap was created in the current host. */
    private boolean heapCorrupted;
    private boolean closed;

    private HostSession(HostLauncher launcher, HostLimits limits) {
        this.launcher = launcher;
        this.limits = limits;
    }

    /**
     * Starts the host and asks HELLO.
     *
     * @throws HostEndedException when the host ends or hangs before answering
     * @throws HostProtocolException when it cannot be started or answers nonsense
     */
    public static HostSession open(HostLauncher launcher, HostLimits limits) {
        HostSession session = new HostSession(Objects.requireNonNull(launcher, "launcher"),
                Objects.requireNonNull(limits, "limits"));
        session.live();
        return session;
    }

    /** What the host's HELLO reported. */
    public synchronized HostHello hello() {
        return hello;
    }

    /**
     * The number of the current host (or the next one, after a host ended); a handle is valid only in the generation
     * that made it.
     */
    @Override
    public synchronized int generation() {
        return generation;
    }

    /** CREATE with a ready blob. */
    @Override
    public synchronized CreateOutcome create(DescBlob blob, CreateMode mode, int executionFlags,
            Optional<String> knownBug) {
        long[] relocations = blob.relocations();
        Payload payload = new Payload().u32(mode.code).u32(executionFlags).u32(relocations.length);
        for (long relocation : relocations) {
            payload.u32(Math.toIntExact(relocation));
        }
        payload.u64(blob.size()).bytes(blob.bytes());
        String step = mode == CreateMode.VERDICT ? "creating the operator (CreateOperator)"
                : "creating, compiling and initializing the operator";
        byte[] answer = request(HostProtocol.Opcode.CREATE, payload, HostProtocol.CREATE_RESPONSE_SIZE, step, knownBug);
        heapCorrupted |= knownBug.filter(KnownDirectMlBugs::isHeapCorruption).isPresent();
        return CreateOutcome.read(answer);
    }

    /**
     * EXECUTE: uploads the buffers that carry bytes, binds, dispatches once and reads back the buffers asked for.
     *
     * @param inputs one binding per input tensor field, in binding order
     * @param outputs one per output tensor field
     * @throws IllegalArgumentException for a binding outside its buffer
     */
    @Override
    public synchronized ExecuteOutcome execute(long handle, List<HostBinding> inputs, List<HostBinding> outputs,
            List<HostBuffer> buffers, Optional<String> knownBug) {
        Payload payload = new Payload().u64(handle).u32(inputs.size()).u32(outputs.size()).u32(buffers.size());
        for (HostBinding binding : concat(inputs, outputs)) {
            if (binding.bound()) {
                if (binding.bufferIndex() < 0 || binding.bufferIndex() >= buffers.size()) {
                    throw new IllegalArgumentException("binding to buffer " + binding.bufferIndex() + " of "
                            + buffers.size());
                }
                long size = buffers.get(binding.bufferIndex()).byteSize();
                if (binding.offset() > size || binding.size() > size - binding.offset()) {
                    throw new IllegalArgumentException("binding [" + binding.offset() + ", +" + binding.size()
                            + ") lies outside buffer " + binding.bufferIndex() + " of " + size + " bytes");
                }
            }
            payload.u32(binding.bufferIndex()).u32(0).u64(binding.offset()).u64(binding.size());
        }
        long maxResponse = 8;
        for (HostBuffer buffer : buffers) {
            int flags = (buffer.upload().isPresent() ? HostProtocol.UPLOAD : 0)
                    | (buffer.readBack() ? HostProtocol.READ_BACK : 0);
            payload.u64(buffer.byteSize()).u32(flags).u32(0);
            buffer.upload().ifPresent(payload::bytes);
            if (buffer.readBack()) {
                maxResponse = Math.addExact(maxResponse, Math.addExact(8, buffer.byteSize()));
            }
        }
        byte[] answer = request(HostProtocol.Opcode.EXECUTE, payload, maxResponse, "executing the operator",
                knownBug);
        return ExecuteOutcome.read(answer, buffers);
    }

    /** RELEASE; a handle of an earlier generation is already gone with its host. */
    @Override
    public synchronized void release(long handle, int handleGeneration) {
        if (closed || handleGeneration != generation || process == null || !process.isAlive()) {
            return;
        }
        request(HostProtocol.Opcode.RELEASE, new Payload().u64(handle), 0, "releasing the operator",
                Optional.empty());
    }

    /** Ends the current host and starts a fresh one (a desc that may corrupt DirectML's heap runs alone). */
    public synchronized void restart() {
        if (process != null) {
            process.close();
            discard();
        }
        live();
    }

    /** The host is gone: its handles with it. */
    private void discard() {
        process = null;
        heapCorrupted = false;
        generation++;
    }

    private byte[] request(HostProtocol.Opcode opcode, Payload payload, long maxResponse, String step,
            Optional<String> knownBug) {
        HostProcess host = live();
        HostProcess.Response response;
        Optional<String> explanation = knownBug.isPresent() || !heapCorrupted ? knownBug
                : Optional.of(KnownDirectMlBugs.EARLIER_HEAP_CORRUPTION);
        try {
            response = host.call(opcode, payload, maxResponse, limits.requestTimeout(), step, explanation);
        } catch (RuntimeException e) {
            host.kill();
            discard();
            throw e;
        }
        if (response.status() != HostStatus.OK) {
            String detail = new String(response.payload(), java.nio.charset.StandardCharsets.UTF_8).strip();
            throw new HostProtocolException("the DirectML host refused " + opcode + " (" + step + "): "
                    + response.status().meaning() + (detail.isEmpty() ? "" : ": " + detail));
        }
        return response.payload();
    }

    /** The running host, started (with HELLO) when there is none. */
    private HostProcess live() {
        if (closed) {
            throw new IllegalStateException("DirectML host session used after close");
        }
        if (process != null && process.isAlive()) {
            return process;
        }
        if (process != null) {
            discard();
        }
        // A host that ends before answering HELLO has run nothing of the caller's. Under Wine, one started just after
        // a host that DirectML ended sometimes exits with code 1 and no output (seen in a full build, in the test
        // right after the process-ending probes); a fresh start then works, so that one is retried.
        for (int attempt = 1; ; attempt++) {
            try {
                process = startWithHello();
                return process;
            } catch (HostEndedException e) {
                if (attempt == HELLO_ATTEMPTS || e.timedOut()) {
                    throw e;
                }
                pauseBeforeRestart();
            }
        }
    }

    private static void pauseBeforeRestart() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HostProtocolException("interrupted while restarting the DirectML host");
        }
    }

    /** A new host, its device opened and its HELLO answered. */
    private HostProcess startWithHello() {
        HostProcess started;
        try {
            started = HostProcess.start(launcher);
        } catch (IOException e) {
            throw new HostProtocolException("cannot start the DirectML host (" + launcher.origin() + ": "
                    + String.join(" ", launcher.command()) + "): " + e.getMessage());
        }
        try {
            HostProcess.Response response = started.call(HostProtocol.Opcode.HELLO, new Payload(),
                    HostProtocol.MAX_HELLO_PAYLOAD, limits.startTimeout(), "starting the host (HELLO)",
                    Optional.empty());
            if (response.status() != HostStatus.OK) {
                throw new HostProtocolException("the DirectML host could not open its device: "
                        + response.status().meaning() + ": "
                        + new String(response.payload(), java.nio.charset.StandardCharsets.UTF_8).strip());
            }
            HostHello answer = HostHello.read(response.payload());
            if (hello == null) {
                hello = answer;
            }
        } catch (HostEndedException e) {
            String tail = started.stderrTail().strip();
            started.kill();
            throw new HostEndedException(e.getMessage() + (tail.isEmpty() ? "" : "; its stderr ended with: "
                    + lastLines(tail, 5)), e.step(), e.exitCode(), e.timedOut());
        } catch (RuntimeException e) {
            started.kill();
            throw e;
        }
        return started;
    }

    private static String lastLines(String text, int count) {
        String[] lines = text.split("\n");
        return String.join(" | ", List.of(lines).subList(Math.max(0, lines.length - count), lines.length));
    }

    private static List<HostBinding> concat(List<HostBinding> a, List<HostBinding> b) {
        List<HostBinding> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** QUITs the host. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (process != null) {
            process.close();
            process = null;
        }
    }
}
