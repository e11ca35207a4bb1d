package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Where every element of an element-wise operator lives: the output's dimensions with size-1 dimensions dropped and
 * neighbours that are contiguous in every tensor merged, and per tensor (inputs first, output last) its byte strides
 * along them. An input whose DimensionCount is smaller is aligned to the right, leading dimensions broadcast.
 *
 * @param sizes the merged dimensions, outermost first; the last is the row the loops run along (at least one)
 * @param byteStrides per tensor, per merged dimension
 * @param types per tensor, its data type
 */
record ElementWisePlan(long[] sizes, long[][] byteStrides, TensorDataType[] types) {

    static ElementWisePlan of(List<BufferTensorDesc> inputs, BufferTensorDesc output) {
        List<BufferTensorDesc> tensors = new ArrayList<>(inputs);
        tensors.add(output);
        int rank = output.sizes().size();
        int count = tensors.size();
        long[][] strides = new long[count][rank];
        TensorDataType[] types = new TensorDataType[count];
        for (int t = 0; t < count; t++) {
            BufferTensorDesc tensor = tensors.get(t);
            types[t] = tensor.dataType();
            List<Long> own = tensor.effectiveStrides();
            List<Long> ownSizes = tensor.sizes();
            int shift = rank - own.size();
            for (int d = Math.max(shift, 0); d < rank; d++) {
                // A size-1 dimension of an input is read at coordinate 0 whatever the output's coordinate.
                strides[t][d] = ownSizes.get(d - shift) == 1 ? 0 : own.get(d - shift);
            }
        }
        List<Long> sizes = new ArrayList<>();
        List<long[]> merged = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
            long size = output.sizes().get(d);
            if (size == 1) {
                continue;
            }
            long[] column = new long[count];
            for (int t = 0; t < count; t++) {
                column[t] = strides[t][d];
            }
            int last = sizes.size() - 1;
            if (last >= 0 && contiguous(merged.get(last), column, size)) {
                sizes.set(last, sizes.get(last) * size);
                merged.set(last, column);
            } else {
                sizes.add(size);
                merged.add(column);
            }
        }
        if (sizes.isEmpty()) {
            sizes.add(1L);
            merged.add(new long[count]);
        }
        long[] dims = sizes.stream().mapToLong(Long::longValue).toArray();
        long[][] byteStrides = new long[count][dims.length];
        for (int t = 0; t < count; t++) {
            long elementSize = types[t].sizeInBytes();
            for (int d = 0; d < dims.length; d++) {
                byteStrides[t][d] = Math.multiplyExact(merged.get(d)[t], elementSize);
            }
        }
        return new ElementWisePlan(dims, byteStrides, types);
    }

    /** Whether the outer dimension steps, in every tensor, exactly over the whole inner one. */
    private static boolean contiguous(long[] outer, long[] inner, long innerSize) {
        for (int t = 0; t < outer.length; t++) {
            if (outer[t] != inner[t] * innerSize) {
                return false;
            }
        }
        return true;
    }

    int tensorCount() {
        return types.length;
    }

    long rowLength() {
        return sizes[sizes.length - 1];
    }

    /** The number of rows: the product of every dimension but the last. */
    long rows() {
        long rows = 1;
        for (int d = 0; d < sizes.length - 1; d++) {
            rows = Math.multiplyExact(rows, sizes[d]);
        }
        return rows;
    }
}
