package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.nativebridge.com.NativeCallException;
import dev.dmlemu.nativebridge.dml.DmlOperator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The real DirectML through JNA and COM on Windows: {@link #prepare} is CreateOperator →
 * CompileOperator → operator initializer; {@link PreparedOperator#execute} uploads the bound buffers, records the
 * dispatch with a UAV barrier after it, and reads the outputs back. Obtain one from {@link DirectMl#open}.
 *
 * <p>Executions on one backend are serialized (one command list). The backend owns every operator it prepared:
 * closing it closes them too. Runs only on Windows x64/arm64; nothing here was executed on Linux.
 */
final class ComDirectMlBackend implements DirectMlBackend {

    private final DeviceContext context;
    private final Set<ExecutionFlag> executionFlags;
    private final Set<DirectMlPreparedOperator> prepared = new LinkedHashSet<>();
    private boolean closed;

    ComDirectMlBackend(DeviceContext context, Set<ExecutionFlag> executionFlags) {
        this.context = context;
        this.executionFlags = Set.copyOf(executionFlags);
    }

    /** Adapter, feature level, supported data types and DLL, as reported when the backend was opened. */
    @Override
    public DeviceInfo deviceInfo() {
        return context.info;
    }

    /**
     * Compiles and initializes the operator on the device. The operator must have been validated at
     * {@link #maxFeatureLevel()} or below, and use only data types the device supports.
     *
     * @throws OperatorExecutionException naming the field and the reason when the device cannot run it, or
     *     carrying the HRESULT when DirectML refuses it
     */
    @Override
    public PreparedOperator prepare(ValidatedOperator operator) {
        synchronized (context) {
            checkOpen();
            checkSupported(operator);
            DirectMlPreparedOperator result = DirectMlPreparedOperator.create(context, operator, executionFlags,
                    this::forget);
            prepared.add(result);
            return result;
        }
    }

    private void checkSupported(ValidatedOperator operator) {
        DeviceSupport.check(operator, context.info);
    }

    /** CreateOperator alone: DirectML's verdict on {@code desc}. */
    @Override
    public CreateVerdict createOperator(OperatorDesc desc) {
        synchronized (context) {
            checkOpen();
            try (DmlOperator created = context.dml.createOperator(desc)) {
                return CreateVerdict.accepted();
            } catch (NativeCallException e) {
                return CreateVerdict.refused(e.hresult());
            }
        }
    }

    private void forget(DirectMlPreparedOperator operator) {
        synchronized (context) {
            prepared.remove(operator);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("DirectML backend used after close");
        }
    }

    /** Closes every prepared operator, then the device objects. Idempotent. */
    @Override
    public void close() {
        List<DirectMlPreparedOperator> open;
        synchronized (context) {
            if (closed) {
                return;
            }
            closed = true;
            open = List.copyOf(prepared);
        }
        for (DirectMlPreparedOperator operator : open) {
            operator.close();
        }
        synchronized (context) {
            context.close();
        }
    }

    @Override
    public String toString() {
        return "ComDirectMlBackend[" + context.info + "]";
    }
}
