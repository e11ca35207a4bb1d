package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerToFloatOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded MATRIX_MULTIPLY_INTEGER_TO_FLOAT cases (docs/directml-behaviour.md §15.15): A {@code [b, 1, M, K]} and B
 * {@code [b, 1, K, N]} of INT8, UINT8, INT32 or UINT32 (each its own), batch up to 2, M and N up to 5, K up to 40 or
 * now and then 300 (not 1 with scales per row or column: the measuring device's CompileOperator refused K = 1 with
 * B's per column); scales of one value or one per row of A and per column of B, each zero point absent or of its
 * scale's sizes, the bias absent or of the output's; the 32-bit operands over their whole range half the time.
 */
public final class IntegerToFloatMatrixCases {

    private static final TensorDataType[] TYPES = {TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT32,
        TensorDataType.UINT32};

    private IntegerToFloatMatrixCases() {}

    public static MovementCase generate(long seed) {
        Random r = new Random(seed);
        long batch = 1 + r.nextInt(2);
        long m = 1 + r.nextInt(5);
        long k = r.nextInt(6) == 0 ? 300 : 1 + r.nextInt(40);
        long n = 1 + r.nextInt(5);
        TensorDataType aType = TYPES[r.nextInt(TYPES.length)];
        TensorDataType bType = TYPES[r.nextInt(TYPES.length)];
        long[] aLine = {1, 1, r.nextBoolean() ? m : 1, 1};
        long[] bLine = {1, 1, 1, r.nextBoolean() ? n : 1};
        if (k == 1 && (aLine[2] > 1 || bLine[3] > 1)) {
            // K = 1 with B's scales per column fails CompileOperator on the measuring device (0x8007023E).
            k = 2;
        }
        BufferTensorDesc a = BufferTensorDesc.packed(aType, batch, 1, m, k);
        BufferTensorDesc b = BufferTensorDesc.packed(bType, batch, 1, k, n);
        BufferTensorDesc aScale = BufferTensorDesc.packed(TensorDataType.FLOAT32, aLine);
        BufferTensorDesc bScale = BufferTensorDesc.packed(TensorDataType.FLOAT32, bLine);
        TensorDesc aZero = r.nextBoolean() ? BufferTensorDesc.packed(aType, aLine) : TensorDesc.NULL;
        TensorDesc bZero = r.nextBoolean() ? BufferTensorDesc.packed(bType, bLine) : TensorDesc.NULL;
        BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, batch, 1, m, n);
        TensorDesc bias = r.nextBoolean() ? out : TensorDesc.NULL;
        List<TensorBytes> inputs = new ArrayList<>();
        boolean wideValues = r.nextBoolean();
        inputs.add(integers(r, a, wideValues));
        inputs.add(scales(r, aScale));
        inputs.add(aZero instanceof BufferTensorDesc z ? integers(r, z, wideValues) : TensorBytes.of(new byte[0]));
        inputs.add(integers(r, b, wideValues));
        inputs.add(scales(r, bScale));
        inputs.add(bZero instanceof BufferTensorDesc z ? integers(r, z, wideValues) : TensorBytes.of(new byte[0]));
        inputs.add(bias instanceof BufferTensorDesc t ? scales(r, t) : TensorBytes.of(new byte[0]));
        return new MovementCase(new MatrixMultiplyIntegerToFloatOperatorDesc(a, aScale, aZero, b, bScale, bZero, bias,
                out), inputs, List.of(TensorBytes.unwritten(out.totalTensorSizeInBytes())));
    }

    /** Random elements; a 32-bit tensor's within ±300 unless {@code wide}. */
    private static TensorBytes integers(Random r, BufferTensorDesc tensor, boolean wide) {
        byte[] bytes = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        r.nextBytes(bytes);
        int width = tensor.dataType().sizeInBytes();
        if (width == 4 && !wide) {
            for (int e = 0; e < bytes.length / 4; e++) {
                LittleEndian.put(bytes, e * 4, 4, r.nextInt(601) - 300);
            }
        }
        return TensorBytes.of(bytes);
    }

    private static TensorBytes scales(Random r, BufferTensorDesc tensor) {
        byte[] bytes = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        for (int e = 0; e < bytes.length / 4; e++) {
            float value = (r.nextFloat() - 0.3f) * (r.nextBoolean() ? 0.1f : 3f);
            LittleEndian.put(bytes, e * 4, 4, Float.floatToRawIntBits(value));
        }
        return TensorBytes.of(bytes);
    }
}
