package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.PreparedOperator;

/**
 * The real DirectML as an {@link ExecutionBackend} (name {@value #NAME}): {@link #prepare} is CreateOperator →
 * CompileOperator → operator initializer; {@link PreparedOperator#execute} uploads the bound buffers, dispatches and
 * reads the outputs back. On Windows DirectML.dll runs in this process (JNA); on Linux in the DirectML host under
 * Wine. Obtain one from {@link DirectMl#open}; closing it closes every operator it prepared.
 */
public interface DirectMlBackend extends ExecutionBackend {

    /** {@link #name()}: what {@code --backend directml} selects. */
    String NAME = "directml";

    @Override
    default String name() {
        return NAME;
    }

    /** The highest level the device reported through {@code CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS)}. */
    @Override
    default FeatureLevel maxFeatureLevel() {
        return deviceInfo().maxFeatureLevel();
    }

    /** Adapter, feature level, supported data types and DLL, as reported when the backend was opened. */
    DeviceInfo deviceInfo();

    /**
     * DirectML's own verdict on a desc: CreateOperator alone, whatever dmlemu's validator thinks of it. A desc that
     * makes DirectML end its process is reported as such (on Linux the host is then restarted).
     *
     * @throws IllegalArgumentException for a field C cannot express (a UINT out of range)
     */
    CreateVerdict createOperator(OperatorDesc desc);
}
