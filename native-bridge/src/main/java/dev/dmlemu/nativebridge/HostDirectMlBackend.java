package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.HostEndedException;
import dev.dmlemu.nativebridge.host.HostHello;
import dev.dmlemu.nativebridge.host.HostSession;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The real DirectML on Linux: DirectML.dll in the DirectML host under Wine, one host for the backend's life. prepare
 * is CREATE (create, compile, initialize), execute EXECUTE, close RELEASE and QUIT. When DirectML ends the host, the
 * failing call reports it and the next one starts a new host.
 */
final class HostDirectMlBackend implements DirectMlBackend {

    private final HostSession session;
    private final DeviceInfo info;
    private final Set<ExecutionFlag> executionFlags;
    private final Set<HostPreparedOperator> prepared = new LinkedHashSet<>();
    private boolean closed;

    HostDirectMlBackend(HostSession session, DeviceInfo info, Set<ExecutionFlag> executionFlags) {
        this.session = session;
        this.info = info;
        this.executionFlags = Set.copyOf(executionFlags);
    }

    /** The device facts from the host's HELLO. */
    static DeviceInfo deviceInfo(HostHello hello) {
        return new DeviceInfo(hello.adapterDescription(),
                hello.maxFeatureLevel().orElseThrow(() -> new OperatorExecutionException(
                        "the DirectML device reports feature level " + Integer.toHexString(hello.maxFeatureLevelCode())
                                + ", below every level dmlemu knows")),
                hello.supportedDataTypes(), "DirectML.dll " + hello.dllVersion() + " (" + hello.dllPath()
                        + ", under Wine)");
    }

    @Override
    public DeviceInfo deviceInfo() {
        return info;
    }

    @Override
    public PreparedOperator prepare(ValidatedOperator operator) {
        synchronized (this) {
            checkOpen();
        }
        DeviceSupport.check(operator, info);
        HostPreparedOperator result = HostPreparedOperator.create(session, operator, executionFlags, this::forget);
        synchronized (this) {
            prepared.add(result);
        }
        return result;
    }

    @Override
    public CreateVerdict createOperator(OperatorDesc desc) {
        synchronized (this) {
            checkOpen();
        }
        try {
            CreateOutcome outcome = session.create(desc, CreateMode.VERDICT, Set.of());
            return outcome.succeeded() ? CreateVerdict.accepted() : CreateVerdict.refused(outcome.hresult());
        } catch (HostEndedException e) {
            return CreateVerdict.endedProcess(e.getMessage());
        }
    }

    /** The host session, for callers that speak to it directly. */
    HostSession session() {
        return session;
    }

    private synchronized void forget(HostPreparedOperator operator) {
        prepared.remove(operator);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("DirectML backend used after close");
        }
    }

    @Override
    public void close() {
        List<HostPreparedOperator> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            open = List.copyOf(prepared);
        }
        for (HostPreparedOperator operator : open) {
            operator.close();
        }
        session.close();
    }

    @Override
    public String toString() {
        return "HostDirectMlBackend[" + info + "]";
    }
}
