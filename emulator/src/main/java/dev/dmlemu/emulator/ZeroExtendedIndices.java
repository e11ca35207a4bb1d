package dev.dmlemu.emulator;

import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A GATHER some of whose index reads fall past the IndicesTensor's TotalTensorSizeInBytes, where DirectML.dll 1.15.4
 * reads 0 (IndexDimensions 0 with indices read along larger output dimensions: docs/directml-behaviour.md §10.4).
 * Each execution copies the bound indices into a zeroed buffer that reaches the farthest read and runs the gather,
 * planned for that longer buffer, on the copy.
 */
final class ZeroExtendedIndices implements OperatorExecution {

    private final GatherOperatorDesc desc;
    private final GatherExecution gather;
    private final long indicesBytes;
    private final int extendedBytes;

    /**
     * @param desc the desc as the caller binds it
     * @param gather the gather planned with IndicesTensor's TotalTensorSizeInBytes raised to {@code extendedBytes}
     * @param indicesBytes the caller's IndicesTensor TotalTensorSizeInBytes
     * @param extendedBytes {@link #bytesRead} of the desc's space
     */
    ZeroExtendedIndices(GatherOperatorDesc desc, GatherExecution gather, long indicesBytes, long extendedBytes) {
        if (extendedBytes > Integer.MAX_VALUE) {
            throw new OperatorExecutionException("GATHER: IndicesTensor is read up to byte " + extendedBytes
                    + ", beyond the 2^31 bytes the emulator addresses");
        }
        this.desc = desc;
        this.gather = gather;
        this.indicesBytes = indicesBytes;
        this.extendedBytes = (int) extendedBytes;
    }

    /** The bytes from the indices' start up to the end of the farthest index a gather of this space reads. */
    static long bytesRead(GatherSpace space) {
        long farthest = 0;
        for (int d = 0; d < space.rank(); d++) {
            farthest = Math.addExact(farthest, Math.multiplyExact(space.sizes()[d] - 1, space.indicesStrides()[d]));
        }
        long indexSize = space.indices().dataType().sizeInBytes();
        return Math.multiplyExact(Math.addExact(farthest, 1), indexSize);
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        BufferBinding indices = bindings.get(1);
        ByteBuffer copy = ByteBuffer.allocate(extendedBytes);
        copy.put(BoundBuffers.view(new BufferBinding(indices.buffer(), indices.offset(), indicesBytes)));
        gather.execute(new Bindings(List.of(bindings.get(0), BufferBinding.of(copy.clear()), bindings.get(2))));
    }

    @Override
    public void release() {
        gather.release();
    }
}
