package dev.dmlemu.conformance;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded GATHER descs with IndexDimensions 0 and indices sizes other than 1, around the rule DirectML.dll 1.15.4
 * applies to them (docs/directml-behaviour.md §10.4): ranks 1 to 8; inputs with 0 to 3 leading 1s; indices whose
 * sizes after their leading 1s are the input's first sizes after its own, L of them with L from 1 to Axis (7 in 10) or
 * to the rank; a third
 * of them with one size changed or one more size in front; outputs of the formula, a quarter with the unchecked
 * padding dimension above 1 and a tenth with one other size off by one; packed tensors of any device data type and
 * index type. Whether each is accepted, refused or ends the process is for the DLL to say.
 */
final class ScalarIndicesNeighbourhood {

    private static final List<TensorDataType> INDEX_TYPES = List.of(TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);

    private ScalarIndicesNeighbourhood() {}

    static List<GatherOperatorDesc> draw(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        List<GatherOperatorDesc> descs = new ArrayList<>(count);
        while (descs.size() < count) {
            GatherOperatorDesc desc = drawOne(random);
            if (desc != null) {
                descs.add(desc);
            }
        }
        return descs;
    }

    /** One desc, or null when the draw put no indices size other than 1. */
    private static GatherOperatorDesc drawOne(SplittableRandom random) {
        int rank = 1 + random.nextInt(8);
        int lead = Math.min(rank, random.nextInt(4) == 0 ? 0 : random.nextInt(4));
        long[] input = new long[rank];
        for (int d = 0; d < rank; d++) {
            input[d] = d < lead ? 1 : 1 + random.nextInt(4);
        }
        int axis = random.nextInt(rank);
        int first = 0;
        while (first < rank && input[first] == 1) {
            first++;
        }
        // Mostly at most Axis of them (the accepted side), else up to the rank.
        int count = 1 + random.nextInt(random.nextInt(10) < 7 ? Math.max(1, axis) : rank);
        long[] indices = new long[rank];
        Arrays.fill(indices, 1);
        for (int j = 0; j < count; j++) {
            // Past the input's last size, sizes of 2 to 4 (more indices sizes than the input has left).
            indices[rank - count + j] = first + j < rank ? input[first + j] : 2 + random.nextInt(3);
        }
        int change = random.nextInt(6);
        if (change == 0) {
            int at = rank - count + random.nextInt(count);
            indices[at] += 1 + random.nextInt(2);
        } else if (change == 1 && count < rank) {
            indices[rank - count - 1] = 2 + random.nextInt(3);
        }
        if (Arrays.stream(indices).allMatch(size -> size == 1)) {
            return null;
        }
        long[] output = new long[rank];
        output[0] = 1;
        for (int d = 0, at = 1; d < rank; d++) {
            if (d != axis) {
                output[at++] = input[d];
            }
        }
        int outputChange = random.nextInt(20);
        if (outputChange < 5) {
            output[0] = 2 + random.nextInt(2);
        } else if (outputChange < 7 && rank > 1) {
            output[1 + random.nextInt(rank - 1)] += 1;
        }
        List<TensorDataType> dataTypes = DllOutputs.DEVICE_DATA_TYPES;
        TensorDataType dataType = dataTypes.get(random.nextInt(dataTypes.size()));
        TensorDataType indexType = INDEX_TYPES.get(random.nextInt(INDEX_TYPES.size()));
        return new GatherOperatorDesc(BufferTensorDesc.packed(dataType, input),
                BufferTensorDesc.packed(indexType, indices), BufferTensorDesc.packed(dataType, output), axis, 0);
    }
}
