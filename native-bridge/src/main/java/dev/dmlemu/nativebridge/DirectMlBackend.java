package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The real DirectML as an {@link ExecutionBackend} (name {@value #NAME}): {@link #prepare} is CreateOperator →
 * CompileOperator → operator initializer; {@link PreparedOperator#execute} uploads the bound buffers, records the
 * dispatch with a UAV barrier after it, and reads the outputs back. Obtain one from {@link DirectMl#open}.
 *
 * <p>Executions on one backend are serialized (one command list). The backend owns every operator it prepared:
 * closing it closes them too. Runs only on Windows x64/arm64; nothing here was executed on Linux.
 */
public final class DirectMlBackend implements ExecutionBackend {

    /** {@link #name()}: what {@code --backend directml} selects. */
    public static final String NAME = "directml";

    private final DeviceContext context;
    private final Set<ExecutionFlag> executionFlags;
    private final Set<DirectMlPreparedOperator> prepared = new LinkedHashSet<>();
    private boolean closed;

    DirectMlBackend(DeviceContext context, Set<ExecutionFlag> executionFlags) {
        this.context = context;
        this.executionFlags = Set.copyOf(executionFlags);
    }

    @Override
    public String name() {
        return NAME;
    }

    /** The highest level the device reported through {@code CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS)}. */
    @Override
    public FeatureLevel maxFeatureLevel() {
        return context.info.maxFeatureLevel();
    }

    /** Adapter, feature level, supported data types and DLL, as reported when the backend was opened. */
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
        String op = operator.desc().operatorType().cName();
        if (maxFeatureLevel().isBelow(operator.featureLevel())) {
            throw new OperatorExecutionException(op + " was validated at " + operator.featureLevel().cName()
                    + " but the device supports only " + maxFeatureLevel().cName()
                    + "; validate at the device's level");
        }
        for (TensorField field : operator.desc().tensorFields()) {
            BufferTensorDesc tensor = (BufferTensorDesc) field.desc();
            if (!context.info.supportedDataTypes().contains(tensor.dataType())) {
                throw new OperatorExecutionException(op + " " + field.name() + ".DataType: "
                        + tensor.dataType().cName() + " is not supported by this device ("
                        + context.info.adapterDescription() + ", CheckFeatureSupport "
                        + "DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)");
            }
            if (tensor.flags() == TensorFlags.OWNED_BY_DML) {
                throw new OperatorExecutionException(op + " " + field.name() + ".Flags: "
                        + TensorFlags.OWNED_BY_DML.cName() + " is not supported by the " + NAME
                        + " backend (its data would have to be bound at initialization)");
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
        return "DirectMlBackend[" + context.info + "]";
    }
}
