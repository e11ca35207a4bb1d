package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.List;
import java.util.Optional;

/**
 * A mutable draft of what every gather and scatter desc has: input, indices and output tensors (0, 1, 2 in the
 * arrays), a scatter's updates tensor (3), and an Axis. Each agreement generator's builder adds its operator's other
 * fields and {@link #build()}; {@link #tensor} computes each TotalTensorSizeInBytes plus its delta.
 */
abstract class GatherDescDraft<D extends OperatorDesc> {

    private final GeneratedStrides strides;
    TensorDataType dataType;
    TensorDataType outputType;
    TensorDataType indexType;
    long[] input;
    long[] indices;
    long[] output;
    /** Scatters only: the updates' sizes and type. */
    long[] updates;
    TensorDataType updatesType;
    long axis;
    /** Tensors that get drawn Strides (packed, padded, broadcast or permuted) unless {@link #tensorStrides} are set. */
    final boolean[] stridesFor = new boolean[4];
    @SuppressWarnings("unchecked")
    final List<Long>[] tensorStrides = new List[4];
    final long[] totalDelta = new long[4];
    /** A TotalTensorSizeInBytes used as it is, where above 0. */
    final long[] totalOverride = new long[4];

    GatherDescDraft(GeneratedStrides strides) {
        this.strides = strides;
    }

    abstract D build();

    int rank() {
        return input.length;
    }

    /** How many tensors the operator has: 3 for a gather, 4 for a scatter (the updates are index 3). */
    int tensorCount() {
        return updates == null ? 3 : 4;
    }

    /** The input's and the output's type (and a scatter's updates'). */
    GatherDescDraft<D> dataType(TensorDataType type) {
        dataType = type;
        outputType = type;
        updatesType = type;
        return this;
    }

    GatherDescDraft<D> indexType(TensorDataType type) {
        indexType = type;
        return this;
    }

    BufferTensorDesc inputTensor() {
        return tensor(0, dataType, input);
    }

    BufferTensorDesc indicesTensor() {
        return tensor(1, indexType, indices);
    }

    BufferTensorDesc outputTensor() {
        return tensor(2, outputType, output);
    }

    BufferTensorDesc updatesTensor() {
        return tensor(3, updatesType, updates);
    }

    private BufferTensorDesc tensor(int which, TensorDataType type, long[] sizes) {
        Optional<List<Long>> given = Optional.ofNullable(tensorStrides[which]);
        if (given.isEmpty() && stridesFor[which] && sizes.length > 0) {
            given = Optional.of(strides.any(sizes));
        }
        List<Long> sizeList = GeneratedStrides.boxed(sizes);
        long total = totalOverride[which] > 0 ? totalOverride[which]
                : Math.max(1, BufferTensorMath.calcBufferTensorSize(type, sizeList, given) + totalDelta[which]);
        return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, sizeList, given, total, 0);
    }
}
