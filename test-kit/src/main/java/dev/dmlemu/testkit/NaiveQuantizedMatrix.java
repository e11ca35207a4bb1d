package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;

/**
 * DML_QUANTIZED_LINEAR_MATRIX_MULTIPLY as its docs state it, with the arithmetic the real DLL was measured to use
 * (docs/directml-behaviour.md §15.12): the integer sum of {@code (A - AZeroPoint) * (B - BZeroPoint)} modulo 2^32, then
 * in FLOAT32 {@code ((S * AScale) * BScale) / OutputScale}, rounded half to even, converted to INT32 as x86 converts
 * (NaN and anything outside INT32: its minimum), plus OutputZeroPoint in INT32 (wrapping), clamped to the output type. Scales and zero points: one value, or A's and the output's one per row,
 * B's one per column.
 */
public final class NaiveQuantizedMatrix {

    private NaiveQuantizedMatrix() {}

    public static List<byte[]> run(MovementCase movement) {
        QuantizedLinearMatrixMultiplyOperatorDesc desc = (QuantizedLinearMatrixMultiplyOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout outLayout = elements.output(0);
        long[] out = FourD.sizes(outLayout.sizes());
        long k = FourD.sizes(elements.input(0).sizes())[3];
        byte[] value = new byte[1];
        for (long e = 0; e < Shapes.product(out); e++) {
            long[] at = Shapes.coordinate(e, out);
            long[] row = {0, 0, at[2], 0};
            long[] column = {0, 0, 0, at[3]};
            long aZero = desc.aZeroPointTensor() instanceof BufferTensorDesc
                    ? FourD.read(movement, elements, 2, row) : 0;
            long bZero = desc.bZeroPointTensor() instanceof BufferTensorDesc
                    ? FourD.read(movement, elements, 5, column) : 0;
            int sum = NaiveIntegerMatrix.dot(movement, elements, 0, aZero, 3, bZero, at, k);
            float aScale = Float.intBitsToFloat((int) FourD.read(movement, elements, 1, row));
            float bScale = Float.intBitsToFloat((int) FourD.read(movement, elements, 4, column));
            float outScale = Float.intBitsToFloat((int) FourD.read(movement, elements, 6, row));
            long outZero = desc.outputZeroPointTensor() instanceof BufferTensorDesc
                    ? FourD.read(movement, elements, 7, row) : 0;
            float product = (float) sum * aScale;
            product = product * bScale;
            float scaled = product / outScale;
            double whole = Math.rint(scaled);
            long int32 = Double.isNaN(whole) || whole >= 2147483648.0 || whole < -2147483648.0 ? Integer.MIN_VALUE
                    : (long) whole;
            // The zero point joins the INT32 and wraps with it.
            value[0] = (byte) clamped((int) (int32 + outZero), outLayout.type());
            elements.put(0, FourD.tail(at, outLayout.rank()), value, 0);
        }
        return elements.outputs();
    }

    private static long clamped(int v, TensorDataType type) {
        boolean signed = type == TensorDataType.INT8;
        return Math.max(signed ? -128 : 0, Math.min(signed ? 127 : 255, v));
    }
}
