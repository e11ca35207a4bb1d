package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DispatchWork;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A matrix-product operand as DirectML reads it: 4-D with leading 1s, element strides, a stride of 0 where a size is 1
 * (so a zero point or scale of one value, or of one per row or column, reads with the dimensions it lacks held at 0).
 */
record MatrixTensor(long[] sizes, long[] strides, TensorDataType type) {

    /** The tensor, or null for an absent (NULL) optional one. */
    static MatrixTensor of(TensorDesc desc) {
        if (!(desc instanceof BufferTensorDesc tensor)) {
            return null;
        }
        List<Long> given = tensor.sizes();
        List<Long> givenStrides = tensor.effectiveStrides();
        long[] sizes = {1, 1, 1, 1};
        long[] strides = new long[4];
        int lead = 4 - given.size();
        for (int d = 0; d < given.size(); d++) {
            sizes[lead + d] = given.get(d);
            strides[lead + d] = given.get(d) == 1 ? 0 : givenStrides.get(d);
        }
        return new MatrixTensor(sizes, strides, tensor.dataType());
    }

    private int byteAt(long i0, long i1, long i2, long i3) {
        return (int) ((i0 * strides[0] + i1 * strides[1] + i2 * strides[2] + i3 * strides[3]) * type.sizeInBytes());
    }

    /** An INT8 or UINT8 element as its integer value. */
    int integer(ByteBuffer buffer, long i0, long i1, long i2, long i3) {
        byte value = buffer.get(byteAt(i0, i1, i2, i3));
        return type == TensorDataType.INT8 ? value : value & 0xFF;
    }

    /** An INT8, UINT8, INT32 or UINT32 element as its integer value. */
    long wide(ByteBuffer buffer, long i0, long i1, long i2, long i3) {
        int at = byteAt(i0, i1, i2, i3);
        return switch (type) {
            case INT8 -> buffer.get(at);
            case UINT8 -> buffer.get(at) & 0xFF;
            case INT32 -> buffer.getInt(at);
            case UINT32 -> buffer.getInt(at) & 0xFFFF_FFFFL;
            default -> throw new IllegalStateException("not an 8- or 32-bit integer: " + type);
        };
    }

    /** A FLOAT32 element. */
    float floating(ByteBuffer buffer, long i0, long i1, long i2, long i3) {
        return buffer.getFloat(byteAt(i0, i1, i2, i3));
    }

    /** Where output element {@code [i0, i1, i2, i3]} is written, in bytes. */
    int outputAt(long i0, long i1, long i2, long i3) {
        return byteAt(i0, i1, i2, i3);
    }

    /**
     * {@code sum over k of (A[i0, i1, m, k] - aZero) * (B[i0, i1, k, n] - bZero)} in {@code int} arithmetic, which wraps
     * modulo 2^32 as DirectML's sums do (docs/directml-behaviour.md §15.10).
     */
    static int dot(MatrixTensor a, ByteBuffer aBuffer, int aZero, MatrixTensor b, ByteBuffer bBuffer, int bZero,
            long i0, long i1, long m, long n) {
        int sum = 0;
        for (long k = 0; k < a.sizes[3]; k++) {
            sum += (a.integer(aBuffer, i0, i1, m, k) - aZero) * (b.integer(bBuffer, i0, i1, k, n) - bZero);
        }
        return sum;
    }

    /** Whether A is {@code [.., M, K]}, B {@code [.., K, N]} and the output {@code [.., M, N]}, batches equal. */
    static boolean productShapes(MatrixTensor a, MatrixTensor b, MatrixTensor out) {
        boolean shapes = b.sizes[2] == a.sizes[3] && out.sizes[2] == a.sizes[2] && out.sizes[3] == b.sizes[3];
        for (int d = 0; d < 2; d++) {
            shapes &= a.sizes[d] == out.sizes[d] && b.sizes[d] == out.sizes[d];
        }
        return shapes;
    }

    /** The bound buffers of {@code tensors}, given in field order, null for the absent (NULL) ones. */
    static ByteBuffer[] views(Bindings bindings, MatrixTensor... tensors) {
        ByteBuffer[] views = new ByteBuffer[tensors.length];
        for (int t = 0; t < views.length; t++) {
            views[t] = tensors[t] == null ? null : BoundBuffers.view(bindings.get(t));
        }
        return views;
    }

    /** The products {@code x * y * z} for the pool's split (each at least 1), Long.MAX_VALUE past a long. */
    static long work(long x, long y, long z) {
        return DispatchWork.saturatingMultiply(DispatchWork.saturatingMultiply(Math.max(x, 1), Math.max(y, 1)),
                Math.max(z, 1));
    }
}
