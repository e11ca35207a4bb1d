package dev.dmlemu.nativebridge.com;

import dev.dmlemu.execution.OperatorExecutionException;

/**
 * A native call returned a failing HRESULT. The message reads
 * {@code IDMLDevice::CreateOperator failed: E_INVALIDARG (0x80070057)}, optionally followed by a hint.
 *
 * <p>It is an {@link OperatorExecutionException}, so a backend caller handles native failures like any other
 * refusal of an operator.
 */
public class NativeCallException extends OperatorExecutionException {

    private static final long serialVersionUID = 1L;

    private final int hresult;
    private final String callSite;

    public NativeCallException(int hresult, String callSite) {
        this(hresult, callSite, null);
    }

    /** @param hint a sentence saying what the code most likely means here, or {@code null} */
    public NativeCallException(int hresult, String callSite, String hint) {
        super(callSite + " failed: " + HResult.describe(hresult) + (hint == null ? "" : ": " + hint));
        this.hresult = hresult;
        this.callSite = callSite;
    }

    /** The raw HRESULT. */
    public int hresult() {
        return hresult;
    }

    /** The {@code winerror.h} name, e.g. {@code E_INVALIDARG}. */
    public String symbolicName() {
        return HResult.name(hresult);
    }

    /** {@code 0x80070057}. */
    public String hex() {
        return HResult.hex(hresult);
    }

    /** The interface and method, e.g. {@code IDMLDevice::CreateOperator}. */
    public String callSite() {
        return callSite;
    }
}
