package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
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
        MatrixTensor aZeroPoint = MatrixTensor.of(desc.aZeroPointTensor());
        MatrixTensor bZeroPoint = MatrixTensor.of(desc.bZeroPointTensor());
        return new ProductRows(desc, parallelism, out, a.sizes()[3],
                (v, i0, i1, m) -> row(a, aZeroPoint, b, bZeroPoint, out, v, i0, i1, m), a, aZeroPoint, b, bZeroPoint,
                out);
    }

    /** Output row {@code [i0, i1, m]}: each output the wrapping INT32 dot product of A's row and B's column. */
    private static void row(MatrixTensor a, MatrixTensor aZeroPoint, MatrixTensor b, MatrixTensor bZeroPoint,
            MatrixTensor out, ByteBuffer[] v, long i0, long i1, long m) {
        int rowZero = aZeroPoint == null ? 0 : aZeroPoint.integer(v[1], i0, i1, m, 0);
        for (long j = 0; j < out.sizes()[3]; j++) {
            int columnZero = bZeroPoint == null ? 0 : bZeroPoint.integer(v[3], i0, i1, 0, j);
            v[4].putInt(out.outputAt(i0, i1, m, j),
                    MatrixTensor.dot(a, v[0], rowZero, b, v[2], columnZero, i0, i1, m, j));
        }
    }
}
