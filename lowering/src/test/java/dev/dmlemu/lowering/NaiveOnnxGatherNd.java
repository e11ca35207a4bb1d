package dev.dmlemu.lowering;

/**
 * ONNX GatherND (opsets 11-13, as the spec's text and examples define it) on raw little-endian bytes, for comparison
 * with lowered descs. It uses nothing from the project: shapes are int arrays, elements are byte runs, indices int64.
 * With b batch dimensions and tuples of k coordinates, output element {@code [batch, i..., s...]} is
 * {@code data[batch, t_0, ..., t_(k-1), s...]} where {@code t = indices[batch, i..., :]}; a negative coordinate counts
 * from the end of its dimension.
 */
final class NaiveOnnxGatherNd {

    private NaiveOnnxGatherNd() {}

    /**
     * @throws IllegalArgumentException for a coordinate outside {@code [-s, s-1]}
     */
    static byte[] gatherNd(byte[] data, int[] dataShape, int elementBytes, long[] indices, int[] indicesShape,
            int batchDims) {
        int k = indicesShape[indicesShape.length - 1];
        int batches = 1;
        for (int d = 0; d < batchDims; d++) {
            batches *= dataShape[d];
        }
        int tuplesPerBatch = 1;
        for (int d = batchDims; d < indicesShape.length - 1; d++) {
            tuplesPerBatch *= indicesShape[d];
        }
        int slice = 1;
        for (int d = batchDims + k; d < dataShape.length; d++) {
            slice *= dataShape[d];
        }
        // Elements of one batch of data: the indexed dimensions times the slice.
        int batchElements = slice;
        for (int d = batchDims; d < batchDims + k; d++) {
            batchElements *= dataShape[d];
        }
        byte[] output = new byte[batches * tuplesPerBatch * slice * elementBytes];
        int written = 0;
        for (int batch = 0; batch < batches; batch++) {
            for (int tuple = 0; tuple < tuplesPerBatch; tuple++) {
                int first = (batch * tuplesPerBatch + tuple) * k;
                long offset = 0;
                for (int j = 0; j < k; j++) {
                    int size = dataShape[batchDims + j];
                    long coordinate = indices[first + j];
                    if (coordinate < -size || coordinate >= size) {
                        throw new IllegalArgumentException("coordinate " + coordinate + " out of range for " + size);
                    }
                    offset = offset * size + (coordinate < 0 ? coordinate + size : coordinate);
                }
                int from = (int) ((batch * (long) batchElements + offset * slice) * elementBytes);
                System.arraycopy(data, from, output, written, slice * elementBytes);
                written += slice * elementBytes;
            }
        }
        return output;
    }
}
