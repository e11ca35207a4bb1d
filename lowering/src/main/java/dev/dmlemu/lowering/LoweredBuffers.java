package dev.dmlemu.lowering;

import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.ExecutionBackend;
import dev.dmlemu.execution.PreparedOperator;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A lowered node with the buffers to bind: copies of the framework's data and indices bytes (and of the updates for a
 * scatter), each at least as large as its DirectML tensor's {@code TotalTensorSizeInBytes}. Executing {@link Lowered#desc()} on {@link #bindings}
 * writes the framework's output into the first {@link BindingNote#sourceSizeInBytes()} bytes of the output buffer;
 * {@link #frameworkOutput} extracts them.
 *
 * @param lowered the lowering (its node has the index sign found in the data)
 * @param input the buffer for InputTensor: the data bytes, padded with zeros to a multiple of 4
 * @param indices the buffer for IndicesTensor: the indices bytes, padded with zeros to a multiple of 4
 * @param updates the buffer for UpdatesTensor, for a scatter: the updates bytes, padded with zeros to a multiple of 4
 */
public record LoweredBuffers(Lowered lowered, ByteBuffer input, ByteBuffer indices, Optional<ByteBuffer> updates)
        implements BufferLoweringResult {

    /**
     * @throws IllegalArgumentException if the updates buffer is given for a node without updates, or missing for one
     *     with them
     */
    public LoweredBuffers {
        Objects.requireNonNull(lowered, "lowered");
        Objects.requireNonNull(input, "input");
        Objects.requireNonNull(indices, "indices");
        Objects.requireNonNull(updates, "updates");
        if (updates.isPresent() != lowered.node().inputs().contains(FrameworkTensor.UPDATES)) {
            throw new IllegalArgumentException(lowered.node().frontend().displayName() + " takes the buffers "
                    + lowered.node().inputs());
        }
    }

    /** A gather's buffers: data and indices. */
    public LoweredBuffers(Lowered lowered, ByteBuffer input, ByteBuffer indices) {
        this(lowered, input, indices, Optional.empty());
    }

    /** The buffers of each of the node's inputs ({@link FrameworkNode#inputs()}). */
    LoweredBuffers(Lowered lowered, Map<FrameworkTensor, ByteBuffer> buffers) {
        this(lowered, buffers.get(FrameworkTensor.DATA), buffers.get(FrameworkTensor.INDICES),
                Optional.ofNullable(buffers.get(FrameworkTensor.UPDATES)));
    }

    /** The buffer bound to {@code source}'s tensor field ({@code OUTPUT} has none here: see {@link #bindings}). */
    public ByteBuffer buffer(FrameworkTensor source) {
        if (source == FrameworkTensor.DATA) {
            return input;
        }
        if (source == FrameworkTensor.INDICES) {
            return indices;
        }
        if (source == FrameworkTensor.UPDATES && updates.isPresent()) {
            return updates.get();
        }
        throw new IllegalArgumentException("no " + source + " buffer here");
    }

    /** A zeroed little-endian buffer of the OutputTensor's {@code TotalTensorSizeInBytes} (its note's binding size). */
    public ByteBuffer newOutputBuffer() {
        long size = lowered.note(FrameworkTensor.OUTPUT).bindingSizeInBytes();
        if (size > MAX_BUFFER_BYTES) {
            throw new IllegalStateException("the output buffer needs " + size + " bytes, more than the "
                    + MAX_BUFFER_BYTES + " one buffer holds; ask executionBytes() before executing");
        }
        return ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** The most bytes one Java buffer holds. */
    public static final long MAX_BUFFER_BYTES = Integer.MAX_VALUE - 8;

    /**
     * The bytes {@link #execute} allocates: the output buffer and the framework output copied out of it. A caller
     * with a memory budget asks this first; either buffer above {@link #MAX_BUFFER_BYTES} cannot be had at all.
     */
    public long executionBytes() {
        BindingNote output = lowered.note(FrameworkTensor.OUTPUT);
        long sum = output.bindingSizeInBytes() + output.sourceSizeInBytes();
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    /**
     * The bindings in field order (whole buffers): this input and indices buffer, the updates buffer for a scatter,
     * and {@code output}.
     */
    public Bindings bindings(ByteBuffer output) {
        List<BufferBinding> bindings = new ArrayList<>();
        for (BindingNote note : lowered.notes()) {
            bindings.add(BufferBinding.of(note.source() == FrameworkTensor.OUTPUT ? output : buffer(note.source())));
        }
        return Bindings.of(bindings.toArray(BufferBinding[]::new));
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
