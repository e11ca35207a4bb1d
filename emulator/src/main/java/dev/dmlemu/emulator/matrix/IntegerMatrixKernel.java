package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * MATRIX_MULTIPLY_INTEGER: {@code Output[b, m, n] = sum over k of (A[b, m, k] - AZeroPoint) * (B[b, k, n] -
 * BZeroPoint)} in 32-bit integers that wrap (measured: K = 40,000 products of 255 by 255 gave the sum modulo 2^32;
 * docs/directml-behaviour.md §15.10). Every tensor is read as 4-D with leading 1s; a zero point holds one value, or
 * A's one per row and B's one per column, so it is read with the dimensions it lacks held at 0. The result does not
 * depend on the order of the sum, so the rows are shared over the pool.
 */
public final class IntegerMatrixKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.MATRIX_MULTIPLY_INTEGER;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        MatrixMultiplyIntegerOperatorDesc desc = operator.desc(MatrixMultiplyIntegerOperatorDesc.class);
        Tensor4d a = Tensor4d.of(desc.aTensor());
        Tensor4d b = Tensor4d.of(desc.bTensor());
        Tensor4d out = Tensor4d.of(desc.outputTensor());
        long m = a.sizes[2];
        long k = a.sizes[3];
        long n = b.sizes[3];
        boolean shapes = b.sizes[2] == k && out.sizes[2] == m && out.sizes[3] == n && out.type == TensorDataType.INT32;
        for (int d = 0; d < 2; d++) {
            shapes &= a.sizes[d] == out.sizes[d] && b.sizes[d] == out.sizes[d];
        }
        if (!shapes) {
            throw new OperatorExecutionException(OperatorType.MATRIX_MULTIPLY_INTEGER.cName()
                    + ": the emulator cannot execute this desc: A [.., M, K] times B [.., K, N] into an INT32 [.., M, N]"
                    + " of the same batch sizes");
        }
        return new Execution(desc, a, zeroPoint(desc.aZeroPointTensor()), b, zeroPoint(desc.bZeroPointTensor()), out,
                parallelism);
    }

    private static Tensor4d zeroPoint(TensorDesc tensor) {
        return tensor instanceof BufferTensorDesc ? Tensor4d.of(tensor) : null;
    }

    /** A tensor read as 4-D: sizes and element strides with leading 1s, a stride of 0 where the size is 1. */
    private record Tensor4d(long[] sizes, long[] strides, TensorDataType type) {

        static Tensor4d of(TensorDesc desc) {
            BufferTensorDesc tensor = (BufferTensorDesc) desc;
            List<Long> given = tensor.sizes();
            List<Long> givenStrides = tensor.effectiveStrides();
            long[] sizes = {1, 1, 1, 1};
            long[] strides = new long[4];
            int lead = 4 - given.size();
            for (int d = 0; d < given.size(); d++) {
                sizes[lead + d] = given.get(d);
                strides[lead + d] = given.get(d) == 1 ? 0 : givenStrides.get(d);
            }
            return new Tensor4d(sizes, strides, tensor.dataType());
        }

        /** The element at a 4-D coordinate, as its integer value (INT8 signed, UINT8 unsigned). */
        int get(ByteBuffer buffer, long i0, long i1, long i2, long i3) {
            int at = (int) (i0 * strides[0] + i1 * strides[1] + i2 * strides[2] + i3 * strides[3]);
            byte value = buffer.get(at);
            return type == TensorDataType.INT8 ? value : value & 0xFF;
        }
    }

    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final Tensor4d a;
        private final Tensor4d aZeroPoint;
        private final Tensor4d b;
        private final Tensor4d bZeroPoint;
        private final Tensor4d out;
        private final Parallelism parallelism;
        private final PoolSplit split;

        Execution(OperatorDesc desc, Tensor4d a, Tensor4d aZeroPoint, Tensor4d b, Tensor4d bZeroPoint, Tensor4d out,
                Parallelism parallelism) {
            this.desc = desc;
            this.a = a;
            this.aZeroPoint = aZeroPoint;
            this.b = b;
            this.bZeroPoint = bZeroPoint;
            this.out = out;
            this.parallelism = parallelism;
            this.split = parallelism.split(desc.operatorType().cName());
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer aBuffer = BoundBuffers.view(bindings.get(0));
            ByteBuffer aZero = aZeroPoint == null ? null : BoundBuffers.view(bindings.get(1));
            ByteBuffer bBuffer = BoundBuffers.view(bindings.get(2));
            ByteBuffer bZero = bZeroPoint == null ? null : BoundBuffers.view(bindings.get(3));
            ByteBuffer output = BoundBuffers.view(bindings.get(4));
            long rows = out.sizes[0] * out.sizes[1] * out.sizes[2];
            long k = a.sizes[3];
            split.run(rows, parallelism.chunks(saturatedProduct(rows, out.sizes[3], Math.max(k, 1)), rows),
                    (begin, end) -> rows(aBuffer, aZero, bBuffer, bZero, output, begin, end));
        }

        private void rows(ByteBuffer aBuffer, ByteBuffer aZero, ByteBuffer bBuffer, ByteBuffer bZero,
                ByteBuffer output, long begin, long end) {
            long m = out.sizes[2];
            long n = out.sizes[3];
            long k = a.sizes[3];
            for (long row = begin; row < end; row++) {
                long i2 = row % m;
                long i1 = row / m % out.sizes[1];
                long i0 = row / m / out.sizes[1];
                int rowZero = aZero == null ? 0 : aZeroPoint.get(aZero, i0, i1, i2, 0);
                for (long j = 0; j < n; j++) {
                    int columnZero = bZero == null ? 0 : bZeroPoint.get(bZero, i0, i1, 0, j);
                    int sum = 0;
                    for (long x = 0; x < k; x++) {
                        sum += (a.get(aBuffer, i0, i1, i2, x) - rowZero) * (b.get(bBuffer, i0, i1, x, j) - columnZero);
                    }
                    int at = (int) ((i0 * out.strides[0] + i1 * out.strides[1] + i2 * out.strides[2]
                            + j * out.strides[3]) * Integer.BYTES);
                    output.putInt(at, sum);
                }
            }
        }

        /** The products' count for the pool's split, held at Long.MAX_VALUE past it (sizes are UINT32 each). */
        private static long saturatedProduct(long x, long y, long z) {
            try {
                return Math.multiplyExact(Math.multiplyExact(x, y), z);
            } catch (ArithmeticException e) {
                return Long.MAX_VALUE;
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
