package dev.dmlemu.desc;

/** A tensor size, element count or byte count does not fit in the 64-bit arithmetic that computes it. */
public final class TensorSizeOverflowException extends ArithmeticException {

    private static final long serialVersionUID = 1L;

    public TensorSizeOverflowException(String message) {
        super(message);
    }
}
