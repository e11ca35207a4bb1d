package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;

/**
 * For a gather some of whose index reads fall outside the IndicesTensor's TotalTensorSizeInBytes, where DirectML.dll
 * 1.15.4 reads 0 (GATHER with IndexDimensions 0 and indices read along larger output dimensions:
 * docs/directml-behaviour.md §10.4). Each execution reads the index of every output element once, 0 where it is not
 * wholly inside the indices, into a packed buffer of the output's shape, and the gather runs on that buffer. Its size
 * is the output's element count, however far the strides reach. Immutable.
 */
final class IndicesPerOutputElement {

    private final OperatorDesc desc;
    private final long[] sizes;
    private final long[] strides;
    private final int indexSize;
    private final long totalBytes;
    private final int denseBytes;

    private IndicesPerOutputElement(OperatorDesc desc, GatherSpace space, int denseBytes) {
        this.desc = desc;
        this.sizes = space.sizes().clone();
        this.strides = space.indicesStrides().clone();
        this.indexSize = space.indices().dataType().sizeInBytes();
        this.totalBytes = space.indices().totalTensorSizeInBytes();
        this.denseBytes = denseBytes;
    }

    /**
     * The per-element copy a space needs, or null when every read stays inside the indices.
     *
     * @throws OperatorExecutionException when the copy would not fit in 2^31 bytes
     */
    static IndicesPerOutputElement ifNeeded(OperatorDesc desc, GatherSpace space) {
        if (readsInside(space)) {
            return null;
        }
        long count = 1;
        for (long size : space.sizes()) {
            count = Math.multiplyExact(count, size);
        }
        long bytes = Math.multiplyExact(count, space.indices().dataType().sizeInBytes());
        if (bytes > Integer.MAX_VALUE) {
            throw new OperatorExecutionException(desc.operatorType().name() + ": reading one index per output "
                    + "element takes " + bytes + " bytes, beyond the 2^31 bytes the emulator addresses");
        }
        return new IndicesPerOutputElement(desc, space, (int) bytes);
    }

    /** Whether the farthest index read ends inside TotalTensorSizeInBytes (false when the reach overflows). */
    private static boolean readsInside(GatherSpace space) {
        try {
            long farthest = 0;
            for (int d = 0; d < space.rank(); d++) {
                farthest = Math.addExact(farthest, Math.multiplyExact(space.sizes()[d] - 1,
                        space.indicesStrides()[d]));
            }
            long end = Math.multiplyExact(Math.addExact(farthest, 1), space.indices().dataType().sizeInBytes());
            return end <= space.indices().totalTensorSizeInBytes();
        } catch (ArithmeticException overflow) {
            return false;
        }
    }

    /** The space with the packed per-element indices in place of the caller's. */
    GatherSpace denseSpace(GatherSpace space) {
        TensorDataType type = space.indices().dataType();
        BufferTensorDesc dense = BufferTensorDesc.packed(type, sizes);
        long[] packed = new long[sizes.length];
        long step = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            packed[d] = step;
            step *= sizes[d];
        }
        return new GatherSpace(space.input(), dense, space.output(), space.axis(), space.axisSize(),
                space.axisStride(), space.sizes(), space.inputStrides(), packed, space.outputStrides(),
                space.indexDimensions(), space.unitAxisIgnoresIndex(), space.readsPastInput());
    }

    /** The caller's bindings, checked against the desc, with the indices replaced by one index per output element. */
    Bindings copy(Bindings bindings) {
        BindingRule.check(desc, bindings);
        BufferBinding indices = bindings.get(1);
        ByteBuffer from = BoundBuffers.view(new BufferBinding(indices.buffer(), indices.offset(), totalBytes));
        ByteBuffer to = ByteBuffer.allocate(denseBytes).order(ByteOrder.LITTLE_ENDIAN);
        long[] coordinate = new long[sizes.length];
        byte[] element = new byte[indexSize];
        for (int at = 0; at < denseBytes; at += indexSize) {
            long offset = byteOffset(coordinate);
            if (offset >= 0 && offset + indexSize <= totalBytes) {
                from.get((int) offset, element);
                to.put(at, element);
            }
            next(coordinate);
        }
        return new Bindings(List.of(bindings.get(0), BufferBinding.of(to), bindings.get(2)));
    }

    /** The index's byte offset, or -1 when it is past anything a ByteBuffer holds. */
    private long byteOffset(long[] coordinate) {
        long elements = 0;
        for (int d = 0; d < coordinate.length; d++) {
            long term = Math.multiplyHigh(coordinate[d], strides[d]) == 0 ? coordinate[d] * strides[d] : -1;
            if (term < 0 || elements + term < 0) {
                return -1;
            }
            elements += term;
        }
        return elements > Long.MAX_VALUE / indexSize ? -1 : elements * indexSize;
    }

    private void next(long[] coordinate) {
        for (int d = coordinate.length - 1; d >= 0; d--) {
            if (++coordinate[d] < sizes[d]) {
                return;
            }
            coordinate[d] = 0;
        }
    }

    @Override
    public String toString() {
        return "IndicesPerOutputElement" + Arrays.toString(sizes);
    }
}
