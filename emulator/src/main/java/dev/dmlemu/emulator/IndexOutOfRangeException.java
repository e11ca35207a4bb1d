package dev.dmlemu.emulator;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.OperatorExecutionException;
import java.util.List;

/**
 * Thrown under {@link IndexPolicy#STRICT} for the first out-of-range index in row-major output order; nothing was
 * written to the output.
 */
public final class IndexOutOfRangeException extends OperatorExecutionException {

    private static final long serialVersionUID = 1L;

    private final List<Long> outputCoordinate;
    private final String indexValue;
    private final long axisSize;

    IndexOutOfRangeException(List<Long> outputCoordinate, String indexValue, TensorDataType indexType, long axis,
            long axisSize, boolean signedWrap) {
        super("IndicesTensor: index " + indexValue + " at output coordinate " + outputCoordinate
                + " is out of range for InputTensor axis " + axis + " of size " + axisSize + " (" + indexType.name()
                + " indices must lie in " + (signedWrap ? "[-" + axisSize + ", " : "[0, ") + (axisSize - 1)
                + "]; index policy STRICT)");
        this.outputCoordinate = List.copyOf(outputCoordinate);
        this.indexValue = indexValue;
        this.axisSize = axisSize;
    }

    /** The coordinate of the offending element in the output (and indices) tensor, outermost dimension first. */
    public List<Long> outputCoordinate() {
        return outputCoordinate;
    }

    /** The index as its data type reads it, in decimal ({@code "-4"}, {@code "18446744073709551615"}). */
    public String indexValue() {
        return indexValue;
    }

    /** The input's size along the axis. */
    public long axisSize() {
        return axisSize;
    }
}
