package dev.dmlemu.nativebridge.host;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One running host: frames requests to its stdin and reads responses from its stdout, one at a time. Each call has
 * a deadline after which the process and all its descendants are killed; stderr is drained into a short tail so a
 * {@code CRASH} line can be reported. Every live host is killed by a shutdown hook, and its stdin closes with the
 * JVM, so a host never outlives dmlemu.
 */
final class HostProcess implements AutoCloseable {

    private static final Set<HostProcess> LIVE = ConcurrentHashMap.newKeySet();
    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "dmlemu-host-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(HostProcess::kill),
                "dmlemu-host-shutdown"));
    }

    private final Process process;
    private final OutputStream toHost;
    private final InputStream fromHost;
    private final StderrTail stderr;
    private volatile boolean timedOut;

    private HostProcess(Process process) {
        this.process = process;
        this.toHost = new BufferedOutputStream(process.getOutputStream(), 1 << 16);
        this.fromHost = new BufferedInputStream(process.getInputStream(), 1 << 16);
        this.stderr = StderrTail.drain(process.getErrorStream());
    }

    static HostProcess start(HostLauncher launcher) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(launcher.command());
        builder.environment().putAll(launcher.environment());
        launcher.directory().ifPresent(dir -> builder.directory(dir.toFile()));
        HostProcess host = new HostProcess(builder.start());
        LIVE.add(host);
        return host;
    }

    /** A response: the host's status and its payload. */
    record Response(HostStatus status, byte[] payload) {
    }

    /**
     * Sends one request and waits for its response.
     *
     * @param maxResponse the largest payload this request can be answered with; a longer one is a broken host
     * @throws HostEndedException when the host ends or overruns {@code timeout} (it is then killed)
     */
    Response call(HostProtocol.Opcode opcode, Payload payload, long maxResponse, Duration timeout, String step,
            Optional<String> knownBug) {
        ScheduledFuture<?> deadline = WATCHDOG.schedule(() -> {
            timedOut = true;
            kill();
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        try {
            writeHeader(HostProtocol.REQUEST_MAGIC, opcode.code, payload.length());
            payload.writeTo(toHost);
            toHost.flush();
            ByteBuffer header = ByteBuffer.wrap(readFully(HostProtocol.HEADER_SIZE)).order(ByteOrder.LITTLE_ENDIAN);
            int magic = header.getInt();
            int status = header.getInt();
            long length = header.getLong();
            if (magic != HostProtocol.RESPONSE_MAGIC) {
                kill();
                throw new HostProtocolException("the host answered " + step + " with magic "
                        + String.format("0x%08x", magic) + ", not DMIR; it wrote something else to its stdout");
            }
            if (length < 0 || length > Math.min(maxResponse, Integer.MAX_VALUE - 8)) {
                kill();
                throw new HostProtocolException("the host answered " + step + " with a payload of "
                        + Long.toUnsignedString(length) + " bytes, more than the " + maxResponse + " it can be");
            }
            byte[] body = readFully((int) length);
            return new Response(HostStatus.fromCode(status), body);
        } catch (IOException e) {
            throw ended(step, timeout, knownBug);
        } finally {
            deadline.cancel(false);
        }
    }

    private HostEndedException ended(String step, Duration timeout, Optional<String> knownBug) {
        if (timedOut) {
            return HostEndedException.timedOut(step, timeout.toSeconds());
        }
        return HostEndedException.ended(step, exitCode(), stderr.crashLine(), knownBug);
    }

    /** True when the watchdog killed the host. */
    boolean timedOut() {
        return timedOut;
    }

    /** Waits briefly for the exit code of a host that closed its stdout. */
    OptionalInt exitCode() {
        try {
            if (process.waitFor(10, TimeUnit.SECONDS)) {
                return OptionalInt.of(process.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return OptionalInt.empty();
    }

    Optional<String> crashLine() {
        return stderr.crashLine();
    }

    String stderrTail() {
        return stderr.text();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    private void writeHeader(int magic, int opcode, long length) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(HostProtocol.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(magic).putInt(opcode).putLong(length);
        toHost.write(header.array());
    }

    private byte[] readFully(int length) throws IOException {
        byte[] bytes = new byte[length];
        int at = 0;
        while (at < length) {
            int n = fromHost.read(bytes, at, length - at);
            if (n < 0) {
                throw new EOFException("host closed its stdout");
            }
            at += n;
        }
        return bytes;
    }

    /** Kills the host and every process it started (Wine's own processes among them). */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        LIVE.remove(this);
    }

    /** Asks a live host to QUIT, waits a little, then kills whatever is left. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                try {
                    call(HostProtocol.Opcode.QUIT, new Payload(), 0, Duration.ofSeconds(10), "quitting",
                            Optional.empty());
                } catch (RuntimeException e) {
                    // Ending anyway.
                }
                toHost.close();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            // The pipe is already gone.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            kill();
        }
    }

    /** The last few KiB of the host's stderr, read by a daemon thread so the host never blocks on it. */
    private static final class StderrTail {
        private static final int KEEP = 16 * 1024;
        private final StringBuilder tail = new StringBuilder();
        private volatile String crashLine;

        static StderrTail drain(InputStream stream) {
            StderrTail result = new StderrTail();
            Thread thread = new Thread(() -> result.read(stream), "dmlemu-host-stderr");
            thread.setDaemon(true);
            thread.start();
            return result;
        }

        private void read(InputStream stream) {
            try (var reader = new java.io.BufferedReader(new java.io.InputStreamReader(stream,
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.startsWith("CRASH ")) {
                        crashLine = line.strip();
                    }
                    synchronized (tail) {
                        tail.append(line).append('\n');
                        if (tail.length() > KEEP) {
                            tail.delete(0, tail.length() - KEEP);
                        }
                    }
                }
            } catch (IOException e) {
                // The host is gone.
            }
        }

        Optional<String> crashLine() {
            // The line may still be in flight when stdout closes.
            for (int i = 0; i < 20 && crashLine == null; i++) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            return Optional.ofNullable(crashLine);
        }

        String text() {
            synchronized (tail) {
                return tail.toString();
            }
        }
    }
}
