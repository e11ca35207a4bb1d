package dev.dmlemu.lowering;

import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.PreparedOperator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * A lowered node with the buffers to bind: copies of the framework's data and indices bytes, each at least as large
 * as its DirectML tensor's {@code TotalTensorSizeInBytes}. Executing {@link Lowered#desc()} on {@link #bindings}
 * writes the framework's output into the first {@link BindingNote#sourceSizeInBytes()} bytes of the output buffer;
 * {@link #frameworkOutput} extracts them.
 *
 * @param lowered the lowering (its node has the index sign found in the data)
 * @param input the buffer for InputTensor: the data bytes, padded with zeros to a multiple of 4
 * @param indices the buffer for IndicesTensor: the indices bytes, padded with zeros to a multiple of 4
 */
public record LoweredBuffers(Lowered lowered, ByteBuffer input, ByteBuffer indices) implements BufferLoweringResult {

    public LoweredBuffers {
        Objects.requireNonNull(lowered, "lowered");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(indices, "indices");
    }

    /** A zeroed little-endian buffer of the OutputTensor's {@code TotalTensorSizeInBytes} (its note's binding size). */
    public ByteBuffer newOutputBuffer() {
        long size = lowered.note(FrameworkTensor.OUTPUT).bindingSizeInBytes();
        return ByteBuffer.allocate(Math.toIntExact(size)).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The bindings in field order: this input and indices buffer, and {@code output} (whole buffers). */
    public Bindings bindings(ByteBuffer output) {
        return Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output));
    }

    /**
     * Runs the lowered operator on {@code backend} with these buffers and returns the framework's output.
     *
     * @throws dev.dmlemu.execution.OperatorExecutionException if the backend refuses the operator or an index (under
     *     a strict index policy)
     */
    public ByteBuffer execute(ExecutionBackend backend) {
        ByteBuffer output = newOutputBuffer();
        try (PreparedOperator prepared = backend.prepare(lowered.operator())) {
            prepared.execute(bindings(output));
        }
        return frameworkOutput(output);
    }

    /**
     * The framework's output: the first {@code sourceSizeInBytes} bytes of an executed output buffer, as a new
     * little-endian buffer (packed, shape {@link Lowered#outputShape()}, type {@link Lowered#outputType()}).
     */
    public ByteBuffer frameworkOutput(ByteBuffer output) {
        int size = Math.toIntExact(lowered.note(FrameworkTensor.OUTPUT).sourceSizeInBytes());
        ByteBuffer result = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        result.put(output.duplicate().position(0).limit(size));
        return result.flip();
    }
}
