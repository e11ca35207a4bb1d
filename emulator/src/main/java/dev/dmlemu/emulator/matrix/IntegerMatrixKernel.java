package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;

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
        MatrixTensor a = MatrixTensor.of(desc.aTensor());
        MatrixTensor b = MatrixTensor.of(desc.bTensor());
        MatrixTensor out = MatrixTensor.of(desc.outputTensor());
        if (!MatrixTensor.productShapes(a, b, out) || out.type() != TensorDataType.INT32) {
            throw new OperatorExecutionException(OperatorType.MATRIX_MULTIPLY_INTEGER.cName()
                    + ": the emulator cannot execute this desc: A [.., M, K] times B [.., K, N] into an INT32 [.., M, N]"
                    + " of the same batch sizes");
        }
        return new Execution(desc, a, MatrixTensor.of(desc.aZeroPointTensor()), b,
                MatrixTensor.of(desc.bZeroPointTensor()), out, parallelism);
    }

    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final MatrixTensor a;
        private final MatrixTensor aZeroPoint;
        private final MatrixTensor b;
        private final MatrixTensor bZeroPoint;
        private final MatrixTensor out;
        private final ProductSplit split;

        Execution(OperatorDesc desc, MatrixTensor a, MatrixTensor aZeroPoint, MatrixTensor b, MatrixTensor bZeroPoint, MatrixTensor out,
                Parallelism parallelism) {
            this.desc = desc;
            this.a = a;
            this.aZeroPoint = aZeroPoint;
            this.b = b;
            this.bZeroPoint = bZeroPoint;
            this.out = out;
            this.split = new ProductSplit(desc, parallelism);
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer aBuffer = BoundBuffers.view(bindings.get(0));
            ByteBuffer aZero = aZeroPoint == null ? null : BoundBuffers.view(bindings.get(1));
            ByteBuffer bBuffer = BoundBuffers.view(bindings.get(2));
            ByteBuffer bZero = bZeroPoint == null ? null : BoundBuffers.view(bindings.get(3));
            ByteBuffer output = BoundBuffers.view(bindings.get(4));
            split.runRows(out, a.sizes()[3], (begin, end) -> rows(aBuffer, aZero, bBuffer, bZero, output, begin, end));
        }

        private void rows(ByteBuffer aBuffer, ByteBuffer aZero, ByteBuffer bBuffer, ByteBuffer bZero,
                ByteBuffer output, long begin, long end) {
            long m = out.sizes()[2];
            long n = out.sizes()[3];
            for (long row = begin; row < end; row++) {
                long i2 = row % m;
                long i1 = row / m % out.sizes()[1];
                long i0 = row / m / out.sizes()[1];
                int rowZero = aZero == null ? 0 : aZeroPoint.integer(aZero, i0, i1, i2, 0);
                for (long j = 0; j < n; j++) {
                    int columnZero = bZero == null ? 0 : bZeroPoint.integer(bZero, i0, i1, 0, j);
                    output.putInt(out.outputAt(i0, i1, i2, j),
                            MatrixTensor.dot(a, aBuffer, rowZero, b, bBuffer, columnZero, i0, i1, i2, j));
                }
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
