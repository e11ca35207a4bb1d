package dev.dmlemu.bench;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The GATHER_ND workload of docs/performance.md, as a framework states it (ONNX GatherND with {@code batch_dims} 0:
 * data, indices whose last dimension is the tuple length) and as the GatherND front door lays it out on the DirectML
 * desc (docs/directml-behaviour.md §11): every tensor padded with leading 1s to D = max(r, q, q - 1 + r - k),
 * InputDimensionCount the data's rank, IndicesDimensionCount the indices' rank. Float32 data holding each element's
 * own offset as its raw bits, so outputs compare bit for bit; int64 tuples, every coordinate random and valid (seed
 * 42).
 */
record GatherNdWorkload(String name, long[] data, long[] indices) {

    static final List<String> NAMES = List.of("ND_ROWS", "ND_ELEMENTS");

    static GatherNdWorkload named(String name) {
        return switch (name) {
            // Rows of 64 floats picked from a 512 x 512 grid of them (64 MiB) by 16,384 (row, column) pairs:
            // output {16384, 64}, 4 MiB, 256-byte slices.
            case "ND_ROWS" -> new GatherNdWorkload(name, new long[] {512, 512, 64}, new long[] {16_384, 2});
            // Single floats picked from a 512 x 512 grid (1 MiB) by 262,144 (row, column) pairs: output {262144},
            // 1 MiB, one element per tuple (ONNX GatherND with tuples as long as the data's rank).
            case "ND_ELEMENTS" -> new GatherNdWorkload(name, new long[] {512, 512}, new long[] {262_144, 2});
            default -> throw new IllegalArgumentException("unknown workload " + name + "; known: " + NAMES);
        };
    }

    /** The tuple length k: the indices' last size. */
    int tupleLength() {
        return Math.toIntExact(indices[indices.length - 1]);
    }

    /** The framework's output shape: indices[..q-1) ++ data[k..). */
    long[] output() {
        int q = indices.length;
        int k = tupleLength();
        long[] shape = new long[q - 1 + data.length - k];
        System.arraycopy(indices, 0, shape, 0, q - 1);
        System.arraycopy(data, k, shape, q - 1, data.length - k);
        return shape;
    }

    /** The desc's DimensionCount D: the largest of the three ranks. */
    int dimensionCount() {
        return Math.max(Math.max(data.length, indices.length), output().length);
    }

    /** {@code shape} with leading 1s up to D. */
    long[] padded(long[] shape) {
        long[] padded = new long[dimensionCount()];
        Arrays.fill(padded, 1);
        System.arraycopy(shape, 0, padded, padded.length - shape.length, shape.length);
        return padded;
    }

    GatherNdOperatorDesc desc() {
        return new GatherNdOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, padded(data)),
                BufferTensorDesc.packed(TensorDataType.INT64, padded(indices)),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, padded(output())), data.length, indices.length);
    }

    long dataBytes() {
        return Math.multiplyExact(GatherWorkload.count(data), 4);
    }

    long indexBytes() {
        return Math.multiplyExact(GatherWorkload.count(indices), 8);
    }

    long outputBytes() {
        return Math.multiplyExact(GatherWorkload.count(output()), 4);
    }

    /** The data, each element's offset as its raw bits, little-endian, into {@code target}. */
    ByteBuffer data(ByteBuffer target) {
        long n = GatherWorkload.count(data);
        for (int i = 0; i < n; i++) {
            target.putInt(i * 4, i);
        }
        return target;
    }

    /** Random valid int64 tuples into {@code target}: coordinate t of each tuple in [0, data[t]). */
    ByteBuffer indices(ByteBuffer target) {
        SplittableRandom random = new SplittableRandom(42);
        int k = tupleLength();
        long n = GatherWorkload.count(indices);
        for (int i = 0; i < n; i++) {
            target.putLong(i * 8, random.nextLong(data[i % k]));
        }
        return target;
    }

    /** The slice each tuple addresses, as its first element's offset in the data (whole trailing slices). */
    long[] sliceOffsets() {
        int k = tupleLength();
        long tuples = GatherWorkload.count(indices) / k;
        ByteBuffer tupleValues = indices(Workload.Values.heap(indexBytes()));
        long[] offsets = new long[Math.toIntExact(tuples)];
        for (int t = 0; t < offsets.length; t++) {
            long offset = 0;
            for (int c = 0; c < k; c++) {
                offset = offset * data[c] + tupleValues.getLong(Math.toIntExact(((long) t * k + c) * 8));
            }
            offsets[t] = offset * sliceElements();
        }
        return offsets;
    }

    /** Elements per slice: the product of the data's sizes after the tuple's. */
    long sliceElements() {
        return GatherWorkload.count(Arrays.copyOfRange(data, tupleLength(), data.length));
    }

    /**
     * The output by definition, for a workload whose tuples address whole trailing slices: row i is the data's slice
     * at tuple i, so its element j holds the raw bits {@code sliceOffsets()[i] + j}.
     */
    ByteBuffer expectedOutput(ByteBuffer target) {
        long[] offsets = sliceOffsets();
        long sliceElements = sliceElements();
        for (int t = 0; t < offsets.length; t++) {
            for (long j = 0; j < sliceElements; j++) {
                target.putInt(Math.toIntExact((t * sliceElements + j) * 4), Math.toIntExact(offsets[t] + j));
            }
        }
        return target;
    }
}
