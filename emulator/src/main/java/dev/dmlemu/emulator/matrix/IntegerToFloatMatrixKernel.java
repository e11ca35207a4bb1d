package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.MatrixMultiplyIntegerToFloatOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.Set;

/**
 * MATRIX_MULTIPLY_INTEGER_TO_FLOAT (feature level 6.2), measured on the real DLL (docs/directml-behaviour.md §15.15):
 * each operand element is dequantized on its own in FLOAT32, {@code (FLOAT32(a) - FLOAT32(zero point)) * scale}, the
 * products rounded one by one (no fused multiply-add) and summed from k = 0 up, then the bias added. Scales and zero
 * points broadcast over the dimensions where their size is 1 (one value, one per row of A, one per column of B). INT8,
 * UINT8, INT32 and UINT32 operands; FLOAT16 and the 16-bit integers are refused (the device has neither).
 */
public final class IntegerToFloatMatrixKernel implements OperatorKernel {

    private static final Set<TensorDataType> OPERAND_TYPES = Set.of(TensorDataType.INT8, TensorDataType.UINT8,
            TensorDataType.INT32, TensorDataType.UINT32);

    @Override
    public OperatorType operatorType() {
        return OperatorType.MATRIX_MULTIPLY_INTEGER_TO_FLOAT;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        MatrixMultiplyIntegerToFloatOperatorDesc desc = operator.desc(MatrixMultiplyIntegerToFloatOperatorDesc.class);
        Operands o = new Operands(MatrixTensor.of(desc.aTensor()), MatrixTensor.of(desc.aScaleTensor()),
                MatrixTensor.of(desc.aZeroPointTensor()), MatrixTensor.of(desc.bTensor()),
                MatrixTensor.of(desc.bScaleTensor()), MatrixTensor.of(desc.bZeroPointTensor()),
                MatrixTensor.of(desc.biasTensor()), MatrixTensor.of(desc.outputTensor()));
        boolean floats = o.out().type() == TensorDataType.FLOAT32 && o.aScale().type() == TensorDataType.FLOAT32
                && o.bScale().type() == TensorDataType.FLOAT32
                && (o.bias() == null || o.bias().type() == TensorDataType.FLOAT32);
        if (!MatrixTensor.productShapes(o.a(), o.b(), o.out()) || !floats || !OPERAND_TYPES.contains(o.a().type())
                || !OPERAND_TYPES.contains(o.b().type())) {
            throw new OperatorExecutionException(OperatorType.MATRIX_MULTIPLY_INTEGER_TO_FLOAT.cName()
                    + ": the emulator cannot execute this desc: A [.., M, K] times B [.., K, N] into [.., M, N] of the"
                    + " same batch sizes, INT8, UINT8, INT32 or UINT32 operands and FLOAT32 scales, bias and output"
                    + " (FLOAT16 and 16-bit integers could not be measured: the device has none)");
        }
        return new ProductRows(desc, parallelism, o.out(), o.a().sizes()[3], (v, i0, i1, m) -> row(o, v, i0, i1, m),
                o.a(), o.aScale(), o.aZero(), o.b(), o.bScale(), o.bZero(), o.bias(), o.out());
    }

    /** The eight tensors in field order, the absent zero points and bias null. */
    private record Operands(MatrixTensor a, MatrixTensor aScale, MatrixTensor aZero, MatrixTensor b,
            MatrixTensor bScale, MatrixTensor bZero, MatrixTensor bias, MatrixTensor out) {}

    /** Output row {@code [i0, i1, m]}: each output the sum from k = 0 up of the dequantized products, then the bias. */
    private static void row(Operands o, ByteBuffer[] v, long i0, long i1, long m) {
        long depth = o.a().sizes()[3];
        for (long n = 0; n < o.out().sizes()[3]; n++) {
            float sum = 0;
            for (long k = 0; k < depth; k++) {
                float a = dequantized(o.a(), o.aScale(), o.aZero(), v[0], v[1], v[2], i0, i1, m, k);
                float b = dequantized(o.b(), o.bScale(), o.bZero(), v[3], v[4], v[5], i0, i1, k, n);
                sum += a * b;
            }
            if (o.bias() != null) {
                sum += o.bias().floating(v[6], i0, i1, m, n);
            }
            v[7].putFloat(o.out().outputAt(i0, i1, m, n), sum);
        }
    }

    /** {@code (FLOAT32(x) - FLOAT32(zero point)) * scale} at {@code [i0, i1, i2, i3]}, each integer converted. */
    private static float dequantized(MatrixTensor x, MatrixTensor scale, MatrixTensor zero, ByteBuffer xv,
            ByteBuffer scalev, ByteBuffer zerov, long i0, long i1, long i2, long i3) {
        float value = (float) x.wide(xv, i0, i1, i2, i3);
        float point = zero == null ? 0f : (float) zero.wide(zerov, i0, i1, i2, i3);
        return (value - point) * scale.floating(scalev, i0, i1, i2, i3);
    }
}
