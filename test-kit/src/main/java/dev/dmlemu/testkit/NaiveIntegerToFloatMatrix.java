package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerToFloatOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;

/**
 * The naive reference of MATRIX_MULTIPLY_INTEGER_TO_FLOAT, as measured on the real DLL (docs/directml-behaviour.md
 * §15.15), over packed 4-D tensors: both matrices dequantized first, element by element ({@code (FLOAT32(x) -
 * FLOAT32(zero point)) * scale}, the scale and zero point of the element's row of A or column of B, or the only one),
 * then each output the FLOAT32 sum, from k = 0 up, of the rounded products, plus the bias.
 */
public final class NaiveIntegerToFloatMatrix {

    private NaiveIntegerToFloatMatrix() {}

    public static List<byte[]> run(MovementCase c) {
        MatrixMultiplyIntegerToFloatOperatorDesc desc = (MatrixMultiplyIntegerToFloatOperatorDesc) c.desc();
        BufferTensorDesc a = (BufferTensorDesc) desc.aTensor();
        BufferTensorDesc b = (BufferTensorDesc) desc.bTensor();
        int batch = Math.toIntExact(a.sizes().get(0));
        int m = Math.toIntExact(a.sizes().get(2));
        int k = Math.toIntExact(a.sizes().get(3));
        int n = Math.toIntExact(b.sizes().get(3));
        float[] da = dequantized(a, c.inputs().get(0).bytes(), desc.aScaleTensor(), c.inputs().get(1).bytes(),
                desc.aZeroPointTensor(), c.inputs().get(2).bytes(), batch, m, k, true);
        float[] db = dequantized(b, c.inputs().get(3).bytes(), desc.bScaleTensor(), c.inputs().get(4).bytes(),
                desc.bZeroPointTensor(), c.inputs().get(5).bytes(), batch, k, n, false);
        byte[] bias = c.inputs().get(6).bytes();
        byte[] out = c.outputs().get(0).bytes().clone();
        for (int p = 0; p < batch; p++) {
            for (int i = 0; i < m; i++) {
                for (int j = 0; j < n; j++) {
                    float sum = 0;
                    for (int q = 0; q < k; q++) {
                        float product = da[(p * m + i) * k + q] * db[(p * k + q) * n + j];
                        sum = sum + product;
                    }
                    int at = (p * m + i) * n + j;
                    if (desc.biasTensor() instanceof BufferTensorDesc) {
                        sum = sum + Float.intBitsToFloat((int) LittleEndian.bits(bias, 4 * at, 4));
                    }
                    LittleEndian.put(out, 4 * at, 4, Float.floatToRawIntBits(sum));
                }
            }
        }
        return List.of(out);
    }

    /**
     * A packed {@code [batch, 1, rows, cols]} matrix dequantized: its scale and zero point hold one value or
     * ({@code perRow}) one per row, else one per column.
     */
    private static float[] dequantized(BufferTensorDesc x, byte[] xs, TensorDesc scale, byte[] scales,
            TensorDesc zero, byte[] zeros, int batch, int rows, int cols, boolean perRow) {
        long lines = ((BufferTensorDesc) scale).sizes().stream().reduce(1L, Math::multiplyExact);
        float[] result = new float[batch * rows * cols];
        for (int e = 0; e < result.length; e++) {
            int line = lines == 1 ? 0 : perRow ? e / cols % rows : e % cols;
            float s = Float.intBitsToFloat((int) LittleEndian.bits(scales, 4 * line, 4));
            float z = zero instanceof BufferTensorDesc ? (float) element(zeros, x.dataType(), line) : 0f;
            result[e] = ((float) element(xs, x.dataType(), e) - z) * s;
        }
        return result;
    }

    private static long element(byte[] bytes, TensorDataType type, int e) {
        return switch (type) {
            case INT8 -> bytes[e];
            case UINT8 -> bytes[e] & 0xFF;
            case INT32 -> (int) LittleEndian.bits(bytes, 4 * e, 4);
            default -> LittleEndian.bits(bytes, 4 * e, 4) & 0xFFFF_FFFFL;
        };
    }
}
