package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.nativebridge.host.CoreTransport;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.HostEndedException;
import dev.dmlemu.nativebridge.host.HostHello;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The real DirectML through the native core, whichever transport reaches it: on Linux the DirectML host under Wine
 * (one host for the backend's life; when DirectML ends it, the failing call reports it and the next one starts a new
 * host), on Windows {@code dmlemu-core.dll} in this process. prepare is CREATE (create, compile, initialize), execute
 * EXECUTE, close RELEASE for each prepared operator, then the transport's close.
 */
final class CoreDirectMlBackend implements DirectMlBackend {

    private final CoreTransport transport;
    private final DeviceInfo info;
    private final Set<ExecutionFlag> executionFlags;
    private final Set<CorePreparedOperator> prepared = new LinkedHashSet<>();
    private boolean closed;

    CoreDirectMlBackend(CoreTransport transport, DeviceInfo info, Set<ExecutionFlag> executionFlags) {
        this.transport = transport;
        this.info = info;
        this.executionFlags = Set.copyOf(executionFlags);
    }

    /**
     * The device facts from the core's HELLO.
     *
     * @param where how DirectML.dll runs, e.g. {@code under Wine}
     */
    static DeviceInfo deviceInfo(HostHello hello, String where) {
        return new DeviceInfo(hello.adapterDescription(),
                hello.maxFeatureLevel().orElseThrow(() -> new OperatorExecutionException(
                        "the DirectML device reports feature level " + Integer.toHexString(hello.maxFeatureLevelCode())
                                + ", below every level dmlemu knows")),
                hello.supportedDataTypes(), "DirectML.dll " + hello.dllVersion() + " (" + hello.dllPath()
                        + ", " + where + ")");
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
        CorePreparedOperator result = CorePreparedOperator.create(transport, operator, executionFlags, this::forget);
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
            CreateOutcome outcome = transport.create(desc, CreateMode.VERDICT, Set.of());
            return outcome.succeeded() ? CreateVerdict.accepted() : CreateVerdict.refused(outcome.hresult());
        } catch (HostEndedException e) {
            return CreateVerdict.endedProcess(e.getMessage());
        }
    }

    private synchronized void forget(CorePreparedOperator operator) {
        prepared.remove(operator);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("DirectML backend used after close");
        }
    }

    @Override
    public void close() {
        List<CorePreparedOperator> open;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            open = List.copyOf(prepared);
        }
        for (CorePreparedOperator operator : open) {
            operator.close();
        }
        transport.close();
    }

    @Override
    public String toString() {
        return "CoreDirectMlBackend[" + info + "]";
    }
}
