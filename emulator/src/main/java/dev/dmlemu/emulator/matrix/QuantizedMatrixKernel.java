package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.elementwise.ShaderIntegers;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;

/**
 * QUANTIZED_LINEAR_MATRIX_MULTIPLY: MATRIX_MULTIPLY_INTEGER's exact sum S (each matrix less its zero point), then in
 * FLOAT32, left to right with each step rounded, {@code S * AScale * BScale / OutputScale} (a true division), rounded
 * to nearest even, converted to INT32 as x86 converts, plus OutputZeroPoint in INT32 (wrapping), clamped to INT8 or
 * UINT8 (measured: of ten orders of the scales, this one alone gave all 9,600 probe outputs;
 * docs/directml-behaviour.md §15.12). A's scale and
 * zero point hold one value or one per row, B's one or one per column, the output's one or one per row.
 */
public final class QuantizedMatrixKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.QUANTIZED_LINEAR_MATRIX_MULTIPLY;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        QuantizedLinearMatrixMultiplyOperatorDesc desc = operator.desc(QuantizedLinearMatrixMultiplyOperatorDesc.class);
        Operands o = new Operands(MatrixTensor.of(desc.aTensor()), MatrixTensor.of(desc.aScaleTensor()),
                MatrixTensor.of(desc.aZeroPointTensor()), MatrixTensor.of(desc.bTensor()),
                MatrixTensor.of(desc.bScaleTensor()), MatrixTensor.of(desc.bZeroPointTensor()),
                MatrixTensor.of(desc.outputScaleTensor()), MatrixTensor.of(desc.outputZeroPointTensor()),
                MatrixTensor.of(desc.outputTensor()));
        TensorDataType outType = o.out().type();
        if (!MatrixTensor.productShapes(o.a(), o.b(), o.out())
                || outType != TensorDataType.INT8 && outType != TensorDataType.UINT8) {
            throw new OperatorExecutionException(OperatorType.QUANTIZED_LINEAR_MATRIX_MULTIPLY.cName()
                    + ": the emulator cannot execute this desc: A [.., M, K] times B [.., K, N] into an INT8 or UINT8"
                    + " [.., M, N] of the same batch sizes");
        }
        return new ProductRows(desc, parallelism, o.out(), o.a().sizes()[3], (v, i0, i1, m) -> row(o, v, i0, i1, m),
                o.a(), o.aScale(), o.aZero(), o.b(), o.bScale(), o.bZero(), o.outScale(), o.outZero(), o.out());
    }

    /** The nine tensors in field order, the absent zero points null. */
    private record Operands(MatrixTensor a, MatrixTensor aScale, MatrixTensor aZero, MatrixTensor b,
            MatrixTensor bScale, MatrixTensor bZero, MatrixTensor outScale, MatrixTensor outZero, MatrixTensor out) {}

    /** Output row {@code [i0, i1, m]}, each output requantized from its INT32 dot product. */
    private static void row(Operands o, ByteBuffer[] v, long i0, long i1, long m) {
        TensorDataType type = o.out().type();
        int aZero = o.aZero() == null ? 0 : o.aZero().integer(v[2], i0, i1, m, 0);
        float aScale = o.aScale().floating(v[1], i0, i1, m, 0);
        float outScale = o.outScale().floating(v[6], i0, i1, m, 0);
        int outZero = o.outZero() == null ? 0 : o.outZero().integer(v[7], i0, i1, m, 0);
        for (long n = 0; n < o.out().sizes()[3]; n++) {
            int bZero = o.bZero() == null ? 0 : o.bZero().integer(v[5], i0, i1, 0, n);
            float bScale = o.bScale().floating(v[4], i0, i1, 0, n);
            int sum = MatrixTensor.dot(o.a(), v[0], aZero, o.b(), v[3], bZero, i0, i1, m, n);
            float scaled = (float) sum * aScale * bScale / outScale;
            // The zero point is added to the INT32 the value converts to, wrapping: INT32's minimum (an out-of-range
            // value) plus -1 is its maximum, which clamps to 127 (measured).
            int quantized = ShaderIntegers.int32((float) Math.rint(scaled)) + outZero;
            v[8].put(o.out().outputAt(i0, i1, m, n), (byte) clamped(quantized, type));
        }
    }

    /** An INT32 clamped to INT8 or UINT8 (so +infinity, through INT32's minimum, gives -128 and 0 alike). */
    static long clamped(int v, TensorDataType type) {
        long low = type == TensorDataType.INT8 ? -128 : 0;
        long high = type == TensorDataType.INT8 ? 127 : 255;
        return Math.max(low, Math.min(high, v));
    }
}
