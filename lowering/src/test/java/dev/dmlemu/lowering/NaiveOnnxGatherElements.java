package dev.dmlemu.lowering;

/**
 * ONNX GatherElements written straight from the spec's equations, on raw little-endian bytes, for comparison with
 * lowered-then-emulated results. It uses nothing from the project: shapes are int arrays, elements are byte runs.
 */
final class NaiveOnnxGatherElements {

    private NaiveOnnxGatherElements() {}

    /**
     * {@code out[c] = data[c with c[axis] replaced by idx(c)]}, where {@code idx} is read as a little-endian signed
     * integer of {@code indexBytes} bytes and a negative value counts from the end of the axis.
     *
     * @param axis already non-negative
     * @throws IllegalArgumentException for an index outside {@code [-s, s-1]} (ONNX calls it an error)
     */
    static byte[] gather(byte[] data, int[] dataShape, int elementBytes, byte[] indices, int[] indicesShape,
            int indexBytes, int axis) {
        int rank = dataShape.length;
        int outputCount = 1;
        for (int size : indicesShape) {
            outputCount *= size;
        }
        byte[] output = new byte[outputCount * elementBytes];
        int[] coordinate = new int[rank];
        for (int out = 0; out < outputCount; out++) {
            // Row-major coordinate of this output element.
            int rest = out;
            for (int d = rank - 1; d >= 0; d--) {
                coordinate[d] = rest % indicesShape[d];
                rest /= indicesShape[d];
            }
            long index = 0;
            for (int b = indexBytes - 1; b >= 0; b--) {
                index = (index << 8) | (indices[out * indexBytes + b] & 0xFF);
            }
            if (indexBytes == 4) {
                index = (int) index;
            }
            int axisSize = dataShape[axis];
            if (index < -axisSize || index >= axisSize) {
                throw new IllegalArgumentException("index " + index + " out of range for axis size " + axisSize);
            }
            if (index < 0) {
                index += axisSize;
            }
            int source = 0;
            for (int d = 0; d < rank; d++) {
                int position = d == axis ? (int) index : coordinate[d];
                source = source * dataShape[d] + position;
            }
            System.arraycopy(data, source * elementBytes, output, out * elementBytes, elementBytes);
        }
        return output;
    }
}
