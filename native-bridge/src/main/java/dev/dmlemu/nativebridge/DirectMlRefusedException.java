package dev.dmlemu.nativebridge;

import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.nativebridge.host.HostStage;

/**
 * DirectML returned a failure while preparing an operator: at {@code CreateOperator} (a verdict on the desc), or at
 * a later step after CreateOperator accepted it ({@code CompileOperator}, initialization), which is the device's
 * doing rather than the desc's: on Wine's CPU device, CompileOperator refuses FLOAT32 ADD over 4 packed elements that
 * CreateOperator accepts (docs/directml-behaviour.md §15).
 */
public final class DirectMlRefusedException extends OperatorExecutionException {

    private static final long serialVersionUID = 1L;

    private final HostStage stage;
    private final int hresult;

    public DirectMlRefusedException(String message, HostStage stage, int hresult) {
        super(message);
        this.stage = stage;
        this.hresult = hresult;
    }

    /** The step that failed. */
    public HostStage stage() {
        return stage;
    }

    /** The HRESULT it returned. */
    public int hresult() {
        return hresult;
    }

    /** Whether CreateOperator accepted the desc and a later step refused it. */
    public boolean afterCreateOperator() {
        return stage != HostStage.CREATE && stage != HostStage.NONE;
    }
}
