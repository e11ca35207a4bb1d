package dev.dmlemu.execution;

/**
 * An operator could not be prepared or executed: a binding does not fit its tensor, an index is refused by the
 * chosen policy, or a native call failed. The message names the tensor field and the rule.
 */
public class OperatorExecutionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public OperatorExecutionException(String message) {
        super(message);
    }

    public OperatorExecutionException(String message, Throwable cause) {
        super(message, cause);
    }
}
