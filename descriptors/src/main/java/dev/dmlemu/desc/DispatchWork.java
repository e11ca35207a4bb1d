package dev.dmlemu.desc;

/**
 * The work one execution of an operator is charged: the elements it reads and writes, counted as every tensor field
 * of its desc (input, indices, updates, output) in full. Read off {@link OperatorDesc#tensorFields()}, so an operator
 * reports it by registering its desc, and a new operator needs nothing here. It bounds what the emulator does: a
 * gather visits each output element once with its index, a scatter copies the input to the output and then visits
 * each update once. The integer and quantized products and the max poolings are the exception, their work growing
 * with a dimension no output shows: they are charged their multiply-adds or window reads as well (each output element
 * times K, times its filter's window over the group's channels, or times its pooling window), so that a small model
 * file cannot ask for hours of arithmetic.
 */
public final class DispatchWork {

    private DispatchWork() {}

    /** The elements of every tensor of {@code desc}, saturating at {@link Long#MAX_VALUE}. */
    public static long elements(OperatorDesc desc) {
        long total = 0;
        for (TensorField field : desc.tensorFields()) {
            total = saturatingAdd(total, elementsOf(field.desc()));
        }
        return saturatingAdd(total, beyondElements(desc));
    }

    /**
     * The work past the tensors' elements: the multiply-adds of MATRIX_MULTIPLY_INTEGER,
     * QUANTIZED_LINEAR_MATRIX_MULTIPLY and MATRIX_MULTIPLY_INTEGER_TO_FLOAT (output elements times A's last size, K) and of CONVOLUTION_INTEGER (output
     * elements times a filter's elements per output channel), the window reads of MAX_POOLING, MAX_POOLING1,
     * MAX_POOLING2, AVERAGE_POOLING and AVERAGE_POOLING1 (output elements times the window's elements); 0 for every other operator.
     */
    static long beyondElements(OperatorDesc desc) {
        if (desc instanceof MaxPoolingOperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), product(d.windowSize()));
        }
        if (desc instanceof MaxPooling1OperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), product(d.windowSize()));
        }
        if (desc instanceof MaxPooling2OperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), product(d.windowSize()));
        }
        if (desc instanceof AveragePoolingOperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), product(d.windowSize()));
        }
        if (desc instanceof AveragePooling1OperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), product(d.windowSize()));
        }
        if (desc instanceof MatrixMultiplyIntegerOperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), lastSize(d.aTensor()));
        }
        if (desc instanceof QuantizedLinearMatrixMultiplyOperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), lastSize(d.aTensor()));
        }
        if (desc instanceof MatrixMultiplyIntegerToFloatOperatorDesc d) {
            return saturatingMultiply(elementsOf(d.outputTensor()), lastSize(d.aTensor()));
        }
        if (desc instanceof ConvolutionIntegerOperatorDesc d && d.filterTensor() instanceof BufferTensorDesc filter
                && !filter.sizes().isEmpty() && filter.sizes().get(0) > 0) {
            return saturatingMultiply(elementsOf(d.outputTensor()), elementsOf(filter) / filter.sizes().get(0));
        }
        return 0;
    }

    /** A buffer tensor's elements; none for a NULL tensor. */
    private static long elementsOf(TensorDesc tensor) {
        return tensor instanceof BufferTensorDesc buffer ? product(buffer.sizes()) : 0;
    }

    private static long product(java.util.List<Long> sizes) {
        long count = 1;
        for (long size : sizes) {
            count = saturatingMultiply(count, size);
        }
        return count;
    }

    private static long lastSize(TensorDesc tensor) {
        return tensor instanceof BufferTensorDesc buffer && !buffer.sizes().isEmpty()
                ? buffer.sizes().get(buffer.sizes().size() - 1) : 0;
    }

    /** {@code a * b} for non-negative values, or {@link Long#MAX_VALUE} when it does not fit. */
    public static long saturatingMultiply(long a, long b) {
        if (a < 0 || b < 0) {
            return Long.MAX_VALUE; // a UINT32 size held as a long is never negative; guard anyway
        }
        long high = Math.multiplyHigh(a, b);
        long product = a * b;
        return high != 0 || product < 0 ? Long.MAX_VALUE : product;
    }

    /** {@code a + b} for non-negative values, or {@link Long#MAX_VALUE} when it does not fit. */
    public static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
