package dev.dmlemu.bench;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One DML_GATHER workload of docs/performance.md, as a framework states it (ONNX Gather: data, indices, axis) and as
 * lowered onto the DirectML desc (every tensor at the output's rank, IndexDimensions = the indices' rank). Float32
 * data holding each element's own offset, so outputs compare bit for bit; int64 indices, random and valid (seed 42).
 *
 * @param dmlInput the input's sizes at the desc's DimensionCount
 * @param dmlIndices the indices' sizes at the desc's DimensionCount
 * @param dmlAxis the desc's Axis
 */
record GatherWorkload(String name, long[] data, long[] indices, int axis, long[] dmlInput, long[] dmlIndices,
        int dmlAxis) {

    static final List<String> NAMES = List.of("EMBEDDING", "AXIS1");

    static GatherWorkload named(String name) {
        return switch (name) {
            // An embedding lookup: a 50,000 x 1,024 table, 32 x 512 token ids. Output {32, 512, 1024}.
            case "EMBEDDING" -> new GatherWorkload(name, new long[] {50_000, 1024}, new long[] {32, 512}, 0,
                    new long[] {1, 50_000, 1024}, new long[] {1, 32, 512}, 1);
            // 4,096 columns picked from a 4,096 x 4,096 matrix. Output {4096, 4096}.
            case "AXIS1" -> new GatherWorkload(name, new long[] {4096, 4096}, new long[] {4096}, 1,
                    new long[] {4096, 4096}, new long[] {1, 4096}, 1);
            default -> throw new IllegalArgumentException("unknown workload " + name + "; known: " + NAMES);
        };
    }

    /** The framework's output shape: data[..axis) ++ indices ++ data(axis..]. */
    long[] output() {
        long[] shape = new long[data.length - 1 + indices.length];
        System.arraycopy(data, 0, shape, 0, axis);
        System.arraycopy(indices, 0, shape, axis, indices.length);
        System.arraycopy(data, axis + 1, shape, axis + indices.length, data.length - axis - 1);
        return shape;
    }

    GatherOperatorDesc desc() {
        long[] out = output();
        long[] dmlOutput = out.length == dmlInput.length ? out
                : Arrays.copyOfRange(out, out.length - dmlInput.length, out.length);
        return new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, dmlInput),
                BufferTensorDesc.packed(TensorDataType.INT64, dmlIndices),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, dmlOutput), dmlAxis, indices.length);
    }

    static long count(long[] shape) {
        long n = 1;
        for (long d : shape) {
            n = Math.multiplyExact(n, d);
        }
        return n;
    }

    /** The data, each element's offset as its raw bits, little-endian, into {@code target}. */
    ByteBuffer data(ByteBuffer target) {
        long n = count(data);
        for (int i = 0; i < n; i++) {
            target.putInt(i * 4, i);
        }
        return target;
    }

    /** Random valid int64 indices into {@code target}. */
    ByteBuffer indices(ByteBuffer target) {
        SplittableRandom random = new SplittableRandom(42);
        long n = count(indices);
        for (int i = 0; i < n; i++) {
            target.putLong(i * 8, random.nextLong(data[axis]));
        }
        return target;
    }
}
