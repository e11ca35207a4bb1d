package dev.dmlemu.nativebridge.host;

import dev.dmlemu.execution.OperatorExecutionException;

/** The host broke the protocol (a bad magic, a length beyond its bound) or refused a request; the message says which. */
public class HostProtocolException extends OperatorExecutionException {

    private static final long serialVersionUID = 1L;

    public HostProtocolException(String message) {
        super(message);
    }
}
