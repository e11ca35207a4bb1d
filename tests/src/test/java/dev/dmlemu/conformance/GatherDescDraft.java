package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import java.util.List;
import java.util.Optional;

/**
 * A mutable draft of what every gather desc has: input, indices and output tensors (0, 1, 2 in the arrays) and an
 * Axis. Each agreement generator's builder adds its operator's other fields and {@link #build()}; {@link #tensor}
 * computes each TotalTensorSizeInBytes plus its delta.
 */
abstract class GatherDescDraft<D extends OperatorDesc> {

    private final GeneratedStrides strides;
    TensorDataType dataType;
    TensorDataType outputType;
    TensorDataType indexType;
    long[] input;
    long[] indices;
    long[] output;
    long axis;
    /** Tensors that get drawn Strides (packed, padded, broadcast or permuted) unless {@link #tensorStrides} are set. */
    final boolean[] stridesFor = new boolean[3];
    @SuppressWarnings("unchecked")
    final List<Long>[] tensorStrides = new List[3];
    final long[] totalDelta = new long[3];
    /** A TotalTensorSizeInBytes used as it is, where above 0. */
    final long[] totalOverride = new long[3];

    GatherDescDraft(GeneratedStrides strides) {
        this.strides = strides;
    }

    abstract D build();

    int rank() {
        return input.length;
    }

    /** The input's and the output's type. */
    GatherDescDraft<D> dataType(TensorDataType type) {
        dataType = type;
        outputType = type;
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
