package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;

/**
 * The three bindings of one execution, checked against the plan and turned into little-endian views whose index 0
 * is the binding's offset and whose limit is its end, whatever the caller's buffer position, limit and byte order.
 * It also holds the typed views the bulk loops use: int, short or long views of input and output for 4-, 2- and
 * 8-byte elements (null for the other sizes; 1-byte elements use the byte views), and an int or long view of the
 * indices.
 *
 * <p>Everything here follows from the {@link Bindings} instance alone (its offsets and sizes, and each buffer's
 * capacity and read-only flag, none of which can change), so a prepared operator may reuse it while it is executed
 * with the same instance. Only absolute get/put is used on the views, so concurrent executions may share them.
 */
public record BoundBuffers(Bindings source, ByteBuffer input, ByteBuffer indices, ByteBuffer output,
        IntBuffer inputInts, IntBuffer indicesInts, LongBuffer indicesLongs, IntBuffer outputInts,
        ShortBuffer inputShorts, ShortBuffer outputShorts, LongBuffer inputLongs, LongBuffer outputLongs) {

    /**
     * @throws OperatorExecutionException naming the field and the rule when a binding does not fit its tensor
     *     ({@link BindingRule}, which every backend applies)
     */
    static BoundBuffers bind(GatherPlan plan, OperatorDesc desc, Bindings bindings) {
        return bind(plan.elementSize, plan.indexSize, desc, bindings);
    }

    /**
     * @param elementSize the input's and output's bytes per element
     * @param indexSize the indices' bytes per element (4 or 8)
     * @throws OperatorExecutionException naming the field and the rule when a binding does not fit its tensor
     */
    static BoundBuffers bind(int elementSize, int indexSize, OperatorDesc desc, Bindings bindings) {
        BindingRule.check(desc, bindings);
        return views(elementSize, indexSize, bindings);
    }

    /** As {@link #bind}, for bindings made from ones already checked against the desc. */
    static BoundBuffers bindChecked(GatherPlan plan, Bindings bindings) {
        return views(plan.elementSize, plan.indexSize, bindings);
    }

    private static BoundBuffers views(int elementSize, int indexSize, Bindings bindings) {
        ByteBuffer input = view(bindings.get(0));
        ByteBuffer indices = view(bindings.get(1));
        ByteBuffer output = view(bindings.get(2));
        boolean ints = elementSize == 4;
        boolean shorts = elementSize == 2;
        boolean longs = elementSize == 8;
        return new BoundBuffers(bindings, input, indices, output,
                ints ? input.asIntBuffer() : null,
                indexSize == 4 ? indices.asIntBuffer() : null,
                indexSize == 8 ? indices.asLongBuffer() : null,
                ints ? output.asIntBuffer() : null,
                shorts ? input.asShortBuffer() : null,
                shorts ? output.asShortBuffer() : null,
                longs ? input.asLongBuffer() : null,
                longs ? output.asLongBuffer() : null);
    }

    /** The binding's bytes as a little-endian view from its offset; the binding rule has checked the range. */
    public static ByteBuffer view(BufferBinding binding) {
        ByteBuffer buffer = binding.buffer();
        long offset = binding.offset();
        long size = binding.sizeInBytes();
        // slice(index, length) is bounded by the limit; only a binding past it needs a duplicate with the limit
        // moved out to the capacity (one view per binding is the whole per-call cost of the common case).
        ByteBuffer whole = offset + size <= buffer.limit() ? buffer : buffer.duplicate().clear();
        return whole.slice((int) offset, (int) size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
