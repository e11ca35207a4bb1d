package dev.dmlemu.lowering;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * DML_GATHER_ND / GATHER_ND1 as their contract reads (docs/directml-behaviour.md §11.1, §11.3), for in-range indices
 * only: {@code output[batch, i..., s...] = input[batch, indices[batch, i..., :], s...]} over the counted trailing
 * dimensions, with DirectML's output formula {@code idx[0 .. len-1) ++ in[B+q ..)} right-aligned, each tensor read
 * through its own sizes and strides. A stand-in for the emulator's kernel, which does not exist yet: it lets the
 * lowering's descs be run without it. It shares no code with the lowering.
 */
final class DocsGatherNd {

    private DocsGatherNd() {}

    /** Executes {@code desc} on the three buffers (read from 0, little-endian). */
    static void execute(OperatorDesc desc, ByteBuffer input, ByteBuffer indices, ByteBuffer output) {
        long inputCount;
        long indicesCount;
        long batch;
        if (desc instanceof GatherNd1OperatorDesc nd1) {
            inputCount = nd1.inputDimensionCount();
            indicesCount = nd1.indicesDimensionCount();
            batch = nd1.batchDimensionCount();
        } else {
            GatherNdOperatorDesc nd = (GatherNdOperatorDesc) desc;
            inputCount = nd.inputDimensionCount();
            indicesCount = nd.indicesDimensionCount();
            batch = 0;
        }
        BufferTensorDesc in = (BufferTensorDesc) desc.tensorFields().get(0).desc();
        BufferTensorDesc idx = (BufferTensorDesc) desc.tensorFields().get(1).desc();
        BufferTensorDesc out = (BufferTensorDesc) desc.tensorFields().get(2).desc();
        int rank = in.sizes().size();
        int inputFirst = rank - (int) inputCount;
        int indicesFirst = rank - (int) indicesCount;
        int tuple = idx.sizes().get(rank - 1).intValue();
        int formulaLength = (int) indicesCount - 1 + (int) inputCount - (int) batch - tuple;
        int outputFirst = rank - formulaLength;
        int elementBytes = in.dataType().sizeInBytes();
        ByteBuffer inLe = input.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer idxLe = indices.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long outputElements = 1;
        for (long size : out.sizes()) {
            outputElements *= size;
        }
        int[] o = new int[rank];
        for (long n = 0; n < outputElements; n++) {
            // o: the output coordinate; f: its last formulaLength entries.
            long rest = n;
            for (int d = rank - 1; d >= 0; d--) {
                o[d] = (int) (rest % out.sizes().get(d));
                rest /= out.sizes().get(d);
            }
            long[] idxCoordinate = new long[rank];
            long[] inCoordinate = new long[rank];
            // idx[0 .. len-1) are the formula's first entries.
            for (int j = 0; j < indicesCount - 1; j++) {
                idxCoordinate[indicesFirst + j] = o[outputFirst + j];
            }
            for (int j = 0; j < batch; j++) {
                inCoordinate[inputFirst + j] = idxCoordinate[indicesFirst + j];
            }
            for (int t = 0; t < tuple; t++) {
                idxCoordinate[rank - 1] = t;
                long value = readIndex(idxLe, idx, offset(idx, idxCoordinate));
                long size = in.sizes().get(inputFirst + (int) batch + t);
                inCoordinate[inputFirst + (int) batch + t] = value < 0 ? value + size : value;
            }
            int sliceFirst = inputFirst + (int) batch + tuple;
            for (int d = sliceFirst; d < rank; d++) {
                inCoordinate[d] = o[outputFirst + (int) indicesCount - 1 + d - sliceFirst];
            }
            long from = offset(in, inCoordinate) * elementBytes;
            long[] outCoordinate = new long[rank];
            for (int d = 0; d < rank; d++) {
                outCoordinate[d] = o[d];
            }
            long to = offset(out, outCoordinate) * elementBytes;
            for (int b = 0; b < elementBytes; b++) {
                output.put((int) (to + b), inLe.get((int) (from + b)));
            }
        }
    }

    private static long offset(BufferTensorDesc tensor, long[] coordinate) {
        long offset = 0;
        List<Long> strides = tensor.effectiveStrides();
        for (int d = 0; d < coordinate.length; d++) {
            offset += coordinate[d] * strides.get(d);
        }
        return offset;
    }

    private static long readIndex(ByteBuffer buffer, BufferTensorDesc tensor, long element) {
        TensorDataType type = tensor.dataType();
        int at = (int) (element * type.sizeInBytes());
        switch (type) {
            case INT64:
            case UINT64:
                return buffer.getLong(at);
            case INT32:
                return buffer.getInt(at);
            case UINT32:
                return Integer.toUnsignedLong(buffer.getInt(at));
            default:
                throw new IllegalArgumentException("index type " + type);
        }
    }
}
