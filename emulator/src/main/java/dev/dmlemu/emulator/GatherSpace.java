package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;

/**
 * What a gather operator looks like to the shared engine, before any merging: one entry per output dimension with
 * its size and the element strides of input, indices and output along it. Along an index dimension the input stride
 * is 0 (the index supplies that coordinate, times {@link #axisStride}); along any other the indices stride is 0 when
 * the indices do not vary there. GatherElements and Gather differ only in how they build this (see each kernel).
 *
 * @param input the InputTensor (its TotalTensorSizeInBytes bounds out-of-range reads)
 * @param indices the IndicesTensor
 * @param output the OutputTensor
 * @param axis Axis, for messages
 * @param axisSize the input's size along Axis
 * @param axisStride the input's stride along Axis, in elements
 * @param sizes the output's sizes
 * @param inputStrides per output dimension, in elements
 * @param indicesStrides per output dimension, in elements
 * @param outputStrides per output dimension, in elements
 * @param indexDimensions per output dimension, whether the index varies along it
 * @param unitAxisIgnoresIndex whether DirectML reads position 0 whatever the index when the axis has size 1
 *     (GatherElements does; Gather does not: docs/directml-behaviour.md §10)
 * @param readsPastInput whether in-range indices may still address elements past the input (Gather with
 *     IndexDimensions 0 and an unchecked Output.Sizes[0] greater than 1), so every read must take the out-of-range
 *     rule
 */
record GatherSpace(BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc output, long axis,
        long axisSize, long axisStride, long[] sizes, long[] inputStrides, long[] indicesStrides, long[] outputStrides,
        boolean[] indexDimensions, boolean unitAxisIgnoresIndex, boolean readsPastInput) {

    int rank() {
        return sizes.length;
    }

    static BufferTensorDesc buffer(TensorDesc desc, String field) {
        if (desc instanceof BufferTensorDesc buffer) {
            return buffer;
        }
        throw new IllegalArgumentException(field + " is not a buffer tensor");
    }

    static long[] longs(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
