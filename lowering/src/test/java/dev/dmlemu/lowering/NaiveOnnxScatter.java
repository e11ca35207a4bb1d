package dev.dmlemu.lowering;

/**
 * ONNX ScatterElements and ScatterND with {@code reduction="none"} (opsets 11-18, as the specs' text and examples
 * define them) on raw little-endian bytes, for comparison with lowered descs. It uses nothing from the project: shapes
 * are int arrays, elements are byte runs, index values longs. Both start from a copy of the data; a negative index
 * counts from the end of its dimension; an index outside {@code [-s, s-1]} is an error.
 */
final class NaiveOnnxScatter {

    private NaiveOnnxScatter() {}

    /**
     * ScatterElements: the update at indices coordinate c is written at c with {@code c[axis]} replaced by
     * {@code indices[c]} ("output[indices[i][j]][j] = updates[i][j] if axis = 0").
     */
    static byte[] scatterElements(byte[] data, int[] dataShape, int elementBytes, long[] indices, int[] indicesShape,
            byte[] updates, int axis) {
        byte[] output = data.clone();
        int[] coordinate = new int[indicesShape.length];
        for (int i = 0; i < indices.length; i++) {
            int rest = i;
            for (int d = indicesShape.length - 1; d >= 0; d--) {
                coordinate[d] = rest % indicesShape[d];
                rest /= indicesShape[d];
            }
            coordinate[axis] = checked(indices[i], dataShape[axis]);
            int target = 0;
            for (int d = 0; d < dataShape.length; d++) {
                target = target * dataShape[d] + coordinate[d];
            }
            System.arraycopy(updates, i * elementBytes, output, target * elementBytes, elementBytes);
        }
        return output;
    }

    /**
     * ScatterND: for each position p of the indices' leading dimensions, {@code output[indices[p]] = updates[p]}, the
     * tuple {@code indices[p]} selecting a slice of the data's trailing dimensions.
     */
    static byte[] scatterNd(byte[] data, int[] dataShape, int elementBytes, long[] indices, int[] indicesShape,
            byte[] updates) {
        byte[] output = data.clone();
        int k = indicesShape[indicesShape.length - 1];
        int slice = 1;
        for (int d = k; d < dataShape.length; d++) {
            slice *= dataShape[d];
        }
        int tuples = indices.length / k;
        for (int t = 0; t < tuples; t++) {
            int offset = 0;
            for (int j = 0; j < k; j++) {
                offset = offset * dataShape[j] + checked(indices[t * k + j], dataShape[j]);
            }
            System.arraycopy(updates, t * slice * elementBytes, output, offset * slice * elementBytes,
                    slice * elementBytes);
        }
        return output;
    }

    private static int checked(long index, int size) {
        if (index < -size || index >= size) {
            throw new IllegalArgumentException("index " + index + " out of range for size " + size);
        }
        return (int) (index < 0 ? index + size : index);
    }
}
