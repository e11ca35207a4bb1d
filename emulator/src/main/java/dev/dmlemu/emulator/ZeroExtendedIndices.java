package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * For a gather some of whose index reads fall past the IndicesTensor's TotalTensorSizeInBytes, where DirectML.dll
 * 1.15.4 reads 0 (GATHER with IndexDimensions 0 and indices read along larger output dimensions:
 * docs/directml-behaviour.md §10.4): the bindings with the indices copied into a zeroed buffer that reaches the
 * farthest read. Immutable.
 */
final class ZeroExtendedIndices {

    private final OperatorDesc desc;
    private final long indicesBytes;
    private final int extendedBytes;

    private ZeroExtendedIndices(OperatorDesc desc, long indicesBytes, int extendedBytes) {
        this.desc = desc;
        this.indicesBytes = indicesBytes;
        this.extendedBytes = extendedBytes;
    }

    /**
     * The extension a space needs, or null when every read stays inside the indices.
     *
     * @throws OperatorExecutionException when the farthest read is 2^31 bytes or more past the indices' start
     */
    static ZeroExtendedIndices ifNeeded(OperatorDesc desc, GatherSpace space) {
        long total = space.indices().totalTensorSizeInBytes();
        long read = bytesRead(space);
        if (read <= total) {
            return null;
        }
        if (read > Integer.MAX_VALUE) {
            throw new OperatorExecutionException(desc.operatorType().name() + ": IndicesTensor is read up to byte "
                    + read + ", beyond the 2^31 bytes the emulator addresses");
        }
        return new ZeroExtendedIndices(desc, total, (int) read);
    }

    /** The bytes from the indices' start to the end of the farthest index a gather of this space reads. */
    static long bytesRead(GatherSpace space) {
        long farthest = 0;
        for (int d = 0; d < space.rank(); d++) {
            farthest = Math.addExact(farthest, Math.multiplyExact(space.sizes()[d] - 1, space.indicesStrides()[d]));
        }
        return Math.multiplyExact(Math.addExact(farthest, 1), space.indices().dataType().sizeInBytes());
    }

    /** The caller's bindings, checked, with the indices replaced by a zero-extended copy of their first bytes. */
    Bindings copy(Bindings bindings) {
        BindingRule.check(desc, bindings);
        BufferBinding indices = bindings.get(1);
        ByteBuffer copy = ByteBuffer.allocate(extendedBytes);
        copy.put(BoundBuffers.view(new BufferBinding(indices.buffer(), indices.offset(), indicesBytes)));
        return new Bindings(List.of(bindings.get(0), BufferBinding.of(copy.clear()), bindings.get(2)));
    }
}
