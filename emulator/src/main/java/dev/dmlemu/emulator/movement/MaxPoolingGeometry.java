package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;

/**
 * A max pooling laid out for its loops. The output is walked in rows along its last spatial dimension; a row is one
 * unit of work, named by its coordinates along the unit dimensions (batch, channel and every spatial dimension but the
 * last). Strides are in bytes for the tensors' memory and in elements for the flat row-major input index the indices
 * output holds.
 *
 * @param unitSizes the output's sizes along the unit dimensions
 * @param inputUnit the input's byte strides along the unit dimensions (batch and channel; 0 for the spatial ones,
 *     which the window resolves)
 * @param flatUnit the flat index strides along batch and channel (0 for the spatial ones)
 * @param outputUnit the output's byte strides along the unit dimensions
 * @param indexUnit the indices' byte strides along the unit dimensions (zeros without indices)
 * @param inputSpatial the input's byte strides along the spatial dimensions
 * @param flatSpatial the flat index strides along the spatial dimensions
 * @param rowLength the output's size along its last spatial dimension
 * @param outputStep the output's byte stride along its last spatial dimension
 * @param indexStep the indices' byte stride along it
 * @param mostRows the most in-input window rows (taps along every spatial dimension but the last) of any output row
 */
record MaxPoolingGeometry(long[] unitSizes, long[] inputUnit, long[] flatUnit, long[] outputUnit, long[] indexUnit,
        long[] inputSpatial, long[] flatSpatial, int rowLength, long outputStep, long indexStep, int elementSize,
        int indexSize, PoolingWindow window, int mostRows) {

    static MaxPoolingGeometry of(OperatorType type, long[] in, long[] out, long[] inStrides, long[] outStrides,
            long[] indexStrides, int elementSize, int indexSize, PoolingWindow window) {
        int spatial = in.length - 2;
        int units = in.length - 1;
        long[] unitSizes = new long[units];
        long[] inputUnit = new long[units];
        long[] flatUnit = new long[units];
        long[] outputUnit = new long[units];
        long[] indexUnit = new long[units];
        long[] flatStrides = new long[in.length];
        long flat = 1;
        for (int d = in.length - 1; d >= 0; d--) {
            flatStrides[d] = flat;
            flat = Math.multiplyExact(flat, in[d]);
        }
        for (int d = 0; d < units; d++) {
            unitSizes[d] = out[d];
            inputUnit[d] = d < 2 ? inStrides[d] * elementSize : 0;
            flatUnit[d] = d < 2 ? flatStrides[d] : 0;
            outputUnit[d] = outStrides[d] * elementSize;
            indexUnit[d] = indexStrides[d] * indexSize;
        }
        long[] inputSpatial = new long[spatial];
        long[] flatSpatial = new long[spatial];
        long rows = 1;
        for (int d = 0; d < spatial; d++) {
            inputSpatial[d] = inStrides[d + 2] * elementSize;
            flatSpatial[d] = flatStrides[d + 2];
            if (d < spatial - 1) {
                rows = Math.multiplyExact(rows, Math.max(1, window.mostTaps(d)));
            }
        }
        if (rows > 1 << 24) {
            throw Shapes.refuse(type, "a window covers more than 2^24 input rows");
        }
        int last = in.length - 1;
        return new MaxPoolingGeometry(unitSizes, inputUnit, flatUnit, outputUnit, indexUnit, inputSpatial,
                flatSpatial, Math.toIntExact(out[last]), outStrides[last] * elementSize,
                indexStrides[last] * indexSize, elementSize, indexSize, window, (int) rows);
    }

    long units() {
        long units = 1;
        for (long size : unitSizes) {
            units *= size;
        }
        return units;
    }
}
