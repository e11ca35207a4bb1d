package dev.dmlemu.bench;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The SCATTER_ELEMENTS workload of docs/performance.md: a {@code {rows, columns}} float32 tensor updated along axis 0
 * by {@code updateRows} rows of updates, each written whole into its own target row, as PyTorch's
 * {@code x.scatter_(0, rowIds.unsqueeze(1).expand(-1, columns), src)} exports to ONNX ScatterElements. The target
 * rows are distinct (the first {@code updateRows} of a seeded shuffle of all rows, seed 42), so no element is written
 * twice and the output is defined on both sides. ONNX and DirectML state it alike: four tensors of rank 2, Axis 0.
 *
 * <p>Data elements hold their own offset as raw bits (below 2^21), updates {@code 0x40000000 + i}, so every value is
 * distinct and outputs compare bit for bit.
 */
record ScatterElementsWorkload(String name, long rows, long columns, long updateRows) {

    static final List<String> NAMES = List.of("SCATTER_ROWS");

    static ScatterElementsWorkload named(String name) {
        return switch (name) {
            // 4,096 rows of 64 floats written into a 32,768 x 64 tensor (8 MiB): 262,144 updates, 1 MiB of them.
            case "SCATTER_ROWS" -> new ScatterElementsWorkload(name, 32_768, 64, 4_096);
            default -> throw new IllegalArgumentException("unknown workload " + name + "; known: " + NAMES);
        };
    }

    long[] data() {
        return new long[] {rows, columns};
    }

    /** The indices' and the updates' shape. */
    long[] indices() {
        return new long[] {updateRows, columns};
    }

    ScatterElementsOperatorDesc desc() {
        return new ScatterElementsOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, data()),
                BufferTensorDesc.packed(TensorDataType.INT64, indices()),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, indices()),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, data()), 0);
    }

    long dataBytes() {
        return Math.multiplyExact(GatherWorkload.count(data()), 4);
    }

    long indexBytes() {
        return Math.multiplyExact(GatherWorkload.count(indices()), 8);
    }

    long updateBytes() {
        return Math.multiplyExact(GatherWorkload.count(indices()), 4);
    }

    /** The data, each element's offset as its raw bits, little-endian, into {@code target}. */
    ByteBuffer data(ByteBuffer target) {
        long n = GatherWorkload.count(data());
        for (int i = 0; i < n; i++) {
            target.putInt(i * 4, i);
        }
        return target;
    }

    /** Int64 indices: every entry of update row i is that row's target, distinct from every other row's. */
    ByteBuffer indices(ByteBuffer target) {
        long[] targets = targetRows();
        int at = 0;
        for (long row : targets) {
            for (long c = 0; c < columns; c++) {
                target.putLong(at, row);
                at += 8;
            }
        }
        return target;
    }

    /** The updates, {@code 0x40000000 + i} as raw bits (2.0f and up), little-endian, into {@code target}. */
    ByteBuffer updates(ByteBuffer target) {
        long n = GatherWorkload.count(indices());
        for (int i = 0; i < n; i++) {
            target.putInt(i * 4, 0x4000_0000 + i);
        }
        return target;
    }

    /** The first {@code updateRows} rows of a Fisher-Yates shuffle of all rows (seed 42): distinct by construction. */
    long[] targetRows() {
        int n = Math.toIntExact(rows);
        long[] all = new long[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        SplittableRandom random = new SplittableRandom(42);
        int picked = Math.toIntExact(updateRows);
        for (int i = 0; i < picked; i++) {
            int j = i + random.nextInt(n - i);
            long swap = all[i];
            all[i] = all[j];
            all[j] = swap;
        }
        long[] targets = new long[picked];
        System.arraycopy(all, 0, targets, 0, picked);
        return targets;
    }

    /** The output by definition: the data, with row {@code targetRows()[i]} replaced by update row i. */
    ByteBuffer expectedOutput(ByteBuffer target) {
        data(target);
        long[] targets = targetRows();
        for (int i = 0; i < targets.length; i++) {
            for (long c = 0; c < columns; c++) {
                target.putInt(Math.toIntExact((targets[i] * columns + c) * 4),
                        Math.toIntExact(0x4000_0000 + i * columns + c));
            }
        }
        return target;
    }
}
