package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.nativebridge.DirectMl;
import dev.dmlemu.nativebridge.DirectMlAvailability;
import dev.dmlemu.nativebridge.DirectMlBackend;
import dev.dmlemu.nativebridge.DirectMlOptions;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.ExecuteOutcome;
import dev.dmlemu.nativebridge.host.HostBinding;
import dev.dmlemu.nativebridge.host.HostBuffer;
import dev.dmlemu.nativebridge.host.HostEndedException;
import dev.dmlemu.nativebridge.host.HostLimits;
import dev.dmlemu.nativebridge.host.HostSession;
import dev.dmlemu.nativebridge.host.HostSetup;
import dev.dmlemu.nativebridge.host.HostStage;
import dev.dmlemu.nativebridge.host.KnownDirectMlBugs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The real DirectML.dll, run in the project's own DirectML host under Wine ({@code dmlemu setup-directml}), one host
 * for the whole test JVM. Tests call {@link #locateOrSkip(String)}, which skips them, printing
 * {@link #unavailableReason()}, when the host is not set up.
 *
 * <p>A {@link HarnessCase} runs as the earlier out-of-process harness ran it (buffers and printed output in
 * {@link HarnessBuffers}), so the tests and their recorded expectations are unchanged. The host is restarted before a
 * batch when the previous batch held a desc known to corrupt DirectML's heap (docs/directml-behaviour.md §10.6), as
 * each harness run was a process of its own.
 */
public final class RealDirectMl {

    private static RealDirectMl shared;
    private static String whyNot;
    /** Whether the setup was found, so that a host that does not start is a failure rather than a skip. */
    private static boolean setUp;

    private final HostSession session;
    private boolean dirty;

    private RealDirectMl(HostSession session) {
        this.session = session;
    }

    /** The host, started once per JVM, when the setup is present and it starts. */
    public static synchronized Optional<RealDirectMl> locate() {
        if (shared != null || whyNot != null) {
            return Optional.ofNullable(shared);
        }
        StringBuilder reason = new StringBuilder();
        Optional<HostSetup> setup = HostSetup.find(System.getenv(), reason);
        if (setup.isEmpty()) {
            whyNot = reason.toString();
            return Optional.empty();
        }
        setUp = true;
        try {
            shared = new RealDirectMl(HostSession.open(setup.get().launcher(), HostLimits.defaults()));
            System.out.println("real DirectML: " + setup.get().directMlVersion() + " in the host, "
                    + shared.session.hello().adapterDescription() + ", DirectML.dll "
                    + shared.session.hello().dllVersion());
        } catch (RuntimeException e) {
            whyNot = "the DirectML host did not start: " + e.getMessage();
        }
        return Optional.ofNullable(shared);
    }

    /**
     * The host; when it is not set up, prints {@code SKIPPED what: reason} and skips the calling test. A setup whose
     * host does not start fails the test: a skip there would pass a build that checked nothing.
     */
    public static RealDirectMl locateOrSkip(String what) {
        Optional<RealDirectMl> real = locate();
        if (real.isEmpty()) {
            skipUnlessSetUp(what, unavailableReason());
        }
        return real.get();
    }

    /**
     * A backend through the Java API ({@code DirectMl.open}), skipped as {@link #locateOrSkip} skips: only when the
     * setup is absent.
     */
    public static DirectMlBackend openBackendOrSkip(String what) {
        DirectMlAvailability found = DirectMl.open(DirectMlOptions.defaults());
        if (found instanceof DirectMlAvailability.Unavailable unavailable) {
            skipUnlessSetUp(what, unavailable.reason());
        }
        return ((DirectMlAvailability.Available) found).backend();
    }

    private static void skipUnlessSetUp(String what, String reason) {
        if (HostSetup.find(System.getenv(), new StringBuilder()).isPresent()) {
            Assertions.fail("the DirectML setup is present but " + what + " could not use it: " + reason);
        }
        System.out.println("SKIPPED " + what + ": " + reason);
        Assumptions.abort(reason);
    }

    /** Why {@link #locate()} found nothing, for the skip message. */
    public static synchronized String unavailableReason() {
        locate();
        return whyNot == null ? "available" : whyNot;
    }

    /** Runs every case through CreateOperator only. */
    public Map<String, HarnessResult> validate(List<HarnessCase> cases) throws IOException {
        return run(cases, true);
    }

    /** Runs every case end to end (create, compile, initialize, dispatch, read back). */
    public Map<String, HarnessResult> execute(List<HarnessCase> cases) throws IOException {
        return run(cases, false);
    }

    /**
     * What became of one case run alone in a fresh host through CreateOperator only: its result, or none when the
     * host ended (DirectML.dll 1.15.4 ends the process on some descs instead of refusing them).
     *
     * @param result the case's result, when the host answered
     * @param exitCode the host's exit code when it ended (9 for DirectML's fail-fast under Wine), else 0
     */
    public record Alone(Optional<HarnessResult> result, int exitCode) {}

    /** Runs one case alone in a fresh host, through CreateOperator only. */
    public synchronized Alone validateAlone(HarnessCase harnessCase) {
        session.restart();
        try {
            return new Alone(Optional.of(result(harnessCase, session.create(harnessCase.desc(), CreateMode.VERDICT,
                    harnessCase.executionFlags()), Optional.empty())), 0);
        } catch (HostEndedException e) {
            return new Alone(Optional.empty(), e.exitCode().orElse(-1));
        } finally {
            // Whatever the case did to DirectML's heap stays in that process.
            dirty = true;
        }
    }

    /**
     * Runs {@code desc} end to end on buffers holding {@code arrays} (one per tensor field, in binding order: inputs
     * then outputs; each padded with zeros to a multiple of 4 and bound whole from offset 0), and returns every
     * output's buffer as read back after the dispatch, in binding order.
     *
     * @throws IOException naming the stage and HRESULT when DirectML refused or failed, or when the host ended
     */
    public synchronized List<byte[]> executeArrays(OperatorDesc desc, List<byte[]> arrays) throws IOException {
        if (dirty) {
            session.restart();
            dirty = false;
        }
        dirty |= KnownDirectMlBugs.matching(desc).isPresent();
        List<TensorField> fields = desc.tensorFields();
        if (fields.size() != arrays.size()) {
            throw new IllegalArgumentException(fields.size() + " tensor fields, " + arrays.size() + " arrays");
        }
        try {
            CreateOutcome created = session.create(desc, CreateMode.PREPARE, java.util.Set.of());
            if (!created.succeeded()) {
                throw new IOException(created.describe());
            }
            try {
                List<HostBuffer> buffers = new ArrayList<>();
                List<HostBinding> inputs = new ArrayList<>();
                List<HostBinding> outputs = new ArrayList<>();
                for (int i = 0; i < fields.size(); i++) {
                    byte[] padded = java.util.Arrays.copyOf(arrays.get(i), (arrays.get(i).length + 3) & ~3);
                    boolean output = fields.get(i).kind() == TensorKind.OUTPUT;
                    buffers.add(HostBuffer.of(ByteBuffer.wrap(padded), output));
                    // A field the desc leaves NULL is bound as NONE (its buffer stays unread and unwritten).
                    (output ? outputs : inputs).add(TensorDesc.NULL.equals(fields.get(i).desc()) ? HostBinding.none()
                            : new HostBinding(i, 0, padded.length));
                }
                ExecuteOutcome run = session.execute(created.handle(), inputs, outputs, buffers, Optional.empty());
                if (!run.succeeded()) {
                    throw new IOException(run.describe());
                }
                List<byte[]> readBacks = new ArrayList<>();
                for (int i = 0; i < fields.size(); i++) {
                    if (fields.get(i).kind() == TensorKind.OUTPUT) {
                        readBacks.add(run.readBacks().get(i));
                    }
                }
                return readBacks;
            } finally {
                session.release(created.handle(), session.generation());
            }
        } catch (HostEndedException e) {
            dirty = true;
            throw new IOException("the DirectML host ended: " + e.getMessage(), e);
        }
    }

    private synchronized Map<String, HarnessResult> run(List<HarnessCase> cases, boolean validateOnly)
            throws IOException {
        if (dirty) {
            session.restart();
            dirty = false;
        }
        Map<String, HarnessResult> results = new LinkedHashMap<>();
        for (HarnessCase harnessCase : cases) {
            dirty |= KnownDirectMlBugs.matching(harnessCase.desc()).isPresent();
            try {
                results.put(harnessCase.name(), validateOnly
                        ? result(harnessCase, session.create(harnessCase.desc(), CreateMode.VERDICT,
                                harnessCase.executionFlags()), Optional.empty())
                        : runOne(harnessCase));
            } catch (HostEndedException e) {
                dirty = true;
                throw new IOException("the DirectML host ended on case " + harnessCase.name() + ": "
                        + e.getMessage(), e);
            }
        }
        return results;
    }

    private HarnessResult runOne(HarnessCase harnessCase) {
        CreateOutcome created = session.create(harnessCase.desc(), CreateMode.PREPARE, harnessCase.executionFlags());
        if (!created.succeeded()) {
            return result(harnessCase, created, Optional.empty());
        }
        try {
            List<TensorField> fields = harnessCase.desc().tensorFields();
            List<HostBuffer> buffers = new ArrayList<>();
            List<HostBinding> inputs = new ArrayList<>();
            List<HostBinding> outputs = new ArrayList<>();
            int inputIndex = 0;
            int outputField = -1;
            for (int i = 0; i < fields.size(); i++) {
                BufferTensorDesc tensor = (BufferTensorDesc) fields.get(i).desc();
                long size = HarnessBuffers.bufferSize(tensor);
                boolean output = fields.get(i).kind() == TensorKind.OUTPUT;
                if (output) {
                    outputField = i;
                    buffers.add(new HostBuffer(size, Optional.empty(), true));
                    outputs.add(new HostBinding(i, 0, size));
                } else {
                    List<String> values = switch (inputIndex++) {
                        case 0 -> harnessCase.inputValues();
                        case 1 -> harnessCase.indicesValues();
                        default -> harnessCase.updatesValues();
                    };
                    buffers.add(HostBuffer.of(HarnessBuffers.fill(tensor.dataType(), size, values), false));
                    inputs.add(new HostBinding(i, 0, size));
                }
            }
            ExecuteOutcome run = session.execute(created.handle(), inputs, outputs, buffers, Optional.empty());
            OptionalInt exec = OptionalInt.of(run.hresult());
            Optional<List<String>> printed = run.succeeded()
                    ? Optional.of(HarnessBuffers.print((BufferTensorDesc) fields.get(outputField).desc(),
                            run.readBacks().get(outputField)))
                    : Optional.empty();
            return new HarnessResult(harnessCase.name(), OptionalInt.of(0), OptionalInt.of(0), OptionalInt.of(0),
                    exec, printed);
        } finally {
            session.release(created.handle(), session.generation());
        }
    }

    /**
     * What one dispatch of {@link #executeBytes} gave: the output buffer's bytes, or the failing stage and HRESULT
     * (DirectML may refuse to compile an operator that CreateOperator accepted).
     */
    public record BytesRun(Optional<byte[]> output, HostStage failedAt, int hresult) {}

    /**
     * Creates, compiles, initializes and dispatches {@code desc} once, its input tensor fields bound (in field order)
     * to buffers holding exactly {@code inputs}, its one output to a zeroed buffer of {@code outputBytes}: raw bytes
     * both ways, so NaN payloads, -0.0 and denormals arrive as they are.
     */
    public synchronized BytesRun executeBytes(OperatorDesc desc, List<ByteBuffer> inputs, long outputBytes) {
        if (dirty) {
            session.restart();
            dirty = false;
        }
        CreateOutcome created = session.create(desc, CreateMode.PREPARE, java.util.Set.of());
        if (!created.succeeded()) {
            return new BytesRun(Optional.empty(), created.failedAt(), created.hresult());
        }
        try {
            List<TensorField> fields = desc.tensorFields();
            List<HostBuffer> buffers = new ArrayList<>();
            List<HostBinding> in = new ArrayList<>();
            List<HostBinding> out = new ArrayList<>();
            int next = 0;
            int outputField = -1;
            for (int i = 0; i < fields.size(); i++) {
                if (fields.get(i).kind() == TensorKind.OUTPUT) {
                    outputField = i;
                    buffers.add(new HostBuffer(outputBytes, Optional.empty(), true));
                    out.add(new HostBinding(i, 0, outputBytes));
                } else {
                    ByteBuffer bytes = inputs.get(next++);
                    buffers.add(HostBuffer.of(bytes, false));
                    in.add(new HostBinding(i, 0, bytes.remaining()));
                }
            }
            ExecuteOutcome run = session.execute(created.handle(), in, out, buffers, Optional.empty());
            return run.succeeded() ? new BytesRun(Optional.of(run.readBacks().get(outputField)), HostStage.NONE, 0)
                    : new BytesRun(Optional.empty(), run.failedAt(), run.hresult());
        } finally {
            session.release(created.handle(), session.generation());
        }
    }

    /** The harness's stage HRESULTs from CREATE's answer: the failing stage's, S_OK before it, none after. */
    private static HarnessResult result(HarnessCase harnessCase, CreateOutcome outcome,
            Optional<List<String>> output) {
        HostStage failed = outcome.failedAt();
        return new HarnessResult(harnessCase.name(), stage(failed, HostStage.CREATE, outcome),
                stage(failed, HostStage.COMPILE, outcome), stage(failed, HostStage.INITIALIZE, outcome),
                OptionalInt.empty(), output);
    }

    private static OptionalInt stage(HostStage failed, HostStage stage, CreateOutcome outcome) {
        if (failed == HostStage.NONE) {
            // CREATE mode VERDICT stops after CreateOperator, as the harness's --validate-only did.
            return stage == HostStage.CREATE || outcome.handle() != 0 ? OptionalInt.of(0) : OptionalInt.empty();
        }
        if (stage.ordinal() < failed.ordinal()) {
            return OptionalInt.of(0);
        }
        return stage == failed ? OptionalInt.of(outcome.hresult()) : OptionalInt.empty();
    }
}
