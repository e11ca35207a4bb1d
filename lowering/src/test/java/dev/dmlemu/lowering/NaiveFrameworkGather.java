package dev.dmlemu.lowering;

/**
 * Framework Gather ({@code numpy.take(data, indices, axis)}, as the ONNX and OpenVINO specs define it) on raw
 * little-endian bytes, for comparison with lowered-then-emulated results. It uses nothing from the project: shapes
 * are int arrays, elements are byte runs, and the data is seen as {@code [outer, s, inner]} around the axis.
 */
final class NaiveFrameworkGather {

    private NaiveFrameworkGather() {}

    /**
     * {@code out[o, j, i] = data[o, idx[j], i]} for {@code o} over the dimensions before the axis, {@code j} over
     * every index (row-major over the indices' shape) and {@code i} over the dimensions after the axis; a negative
     * index counts from the end of the axis. The output's shape is
     * {@code data.shape[:axis] ++ indices.shape ++ data.shape[axis+1:]}, so this is its row-major order.
     *
     * @param axis already non-negative
     * @param indexCount the number of indices (1 for a scalar)
     * @throws IllegalArgumentException for an index outside {@code [-s, s-1]}
     */
    static byte[] take(byte[] data, int[] dataShape, int elementBytes, byte[] indices, int indexCount, int indexBytes,
            int axis) {
        int outer = 1;
        for (int d = 0; d < axis; d++) {
            outer *= dataShape[d];
        }
        int size = dataShape[axis];
        int inner = 1;
        for (int d = axis + 1; d < dataShape.length; d++) {
            inner *= dataShape[d];
        }
        byte[] output = new byte[outer * indexCount * inner * elementBytes];
        int written = 0;
        for (int o = 0; o < outer; o++) {
            for (int j = 0; j < indexCount; j++) {
                long index = 0;
                for (int b = indexBytes - 1; b >= 0; b--) {
                    index = (index << 8) | (indices[j * indexBytes + b] & 0xFF);
                }
                if (indexBytes == 4) {
                    index = (int) index;
                }
                if (index < -size || index >= size) {
                    throw new IllegalArgumentException("index " + index + " out of range for axis size " + size);
                }
                long row = index < 0 ? index + size : index;
                int from = (int) ((o * (long) size + row) * inner * elementBytes);
                System.arraycopy(data, from, output, written, inner * elementBytes);
                written += inner * elementBytes;
            }
        }
        return output;
    }
}
