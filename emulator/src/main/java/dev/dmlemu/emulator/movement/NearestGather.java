package dev.dmlemu.emulator.movement;

/**
 * A separable gather laid out for its loops: the output walked in rows along its last dimension, and per dimension
 * the byte offset into the input of each output coordinate's source element.
 *
 * @param rowSizes the output's sizes but the last (the rows' coordinates)
 * @param outputStrides the output's byte strides along those dimensions
 * @param sourceBytes per dimension, per output coordinate: the byte offset of its source along that dimension
 * @param rowLength the output's last size
 * @param outputStep the output's byte stride along its last dimension
 */
record NearestGather(long[] rowSizes, long[] outputStrides, long[][] sourceBytes, int rowLength, long outputStep,
        int elementSize) {

    static NearestGather of(long[] in, long[] out, long[] inStrides, long[] outStrides, int elementSize,
            long[][] sources) {
        int rank = out.length;
        long[][] sourceBytes = new long[rank][];
        for (int d = 0; d < rank; d++) {
            sourceBytes[d] = new long[sources[d].length];
            for (int o = 0; o < sources[d].length; o++) {
                sourceBytes[d][o] = sources[d][o] * inStrides[d] * elementSize;
            }
        }
        long[] rowSizes = java.util.Arrays.copyOf(out, rank - 1);
        long[] outputStrides = new long[rank - 1];
        for (int d = 0; d < rank - 1; d++) {
            outputStrides[d] = outStrides[d] * elementSize;
        }
        return new NearestGather(rowSizes, outputStrides, sourceBytes, Math.toIntExact(out[rank - 1]),
                outStrides[rank - 1] * elementSize, elementSize);
    }

    long rows() {
        long rows = 1;
        for (long size : rowSizes) {
            rows *= size;
        }
        return rows;
    }
}
