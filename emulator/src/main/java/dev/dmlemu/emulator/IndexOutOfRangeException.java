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
        this("at output coordinate " + outputCoordinate, "InputTensor", outputCoordinate, indexValue, indexType, axis,
                axisSize, signedWrap);
    }

    private IndexOutOfRangeException(String where, String indexedTensor, List<Long> coordinate, String indexValue,
            TensorDataType indexType, long axis, long axisSize, boolean signedWrap) {
        super("IndicesTensor: index " + indexValue + " " + where + " is out of range for " + indexedTensor + " axis "
                + axis + " of size " + axisSize + " (" + indexType.name() + " indices must lie in "
                + (signedWrap ? "[-" + axisSize + ", " : "[0, ") + (axisSize - 1) + "]; index policy STRICT)");
        this.outputCoordinate = List.copyOf(coordinate);
        this.indexValue = indexValue;
        this.axisSize = axisSize;
    }

    /**
     * A scatter's index: {@code updateCoordinate} is where the update lies in the UpdatesTensor, and the index points
     * into the OutputTensor. Nothing was written.
     */
    static IndexOutOfRangeException forScatter(List<Long> updateCoordinate, String indexValue,
            TensorDataType indexType, long axis, long axisSize, boolean signedWrap) {
        return new IndexOutOfRangeException("for UpdatesTensor coordinate " + updateCoordinate, "OutputTensor",
                updateCoordinate, indexValue, indexType, axis, axisSize, signedWrap);
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
