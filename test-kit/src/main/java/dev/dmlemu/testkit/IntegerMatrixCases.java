package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MatrixMultiplyIntegerOperatorDesc;
import dev.dmlemu.desc.QuantizedLinearMatrixMultiplyOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid MATRIX_MULTIPLY_INTEGER cases: INT8 or UINT8 A and B (each its own), batch sizes up to 2 and 3, M, K
 * and N up to 5, 9 and 5 (now and then a K of 300, where sums leave 16 bits), each tensor of 2 to 4 dimensions where
 * its leading sizes are 1 (DirectML reads it as 4-D), laid out as the options say; zero points absent, one value, A's
 * one per row or B's one per column; elements of every value, a quarter of them the types' extremes. The same draws
 * make QUANTIZED_LINEAR_MATRIX_MULTIPLY cases ({@link #generateQuantized}).
 */
public final class IntegerMatrixCases {

    private final MovementDraws draws;

    public IntegerMatrixCases(CaseOptions options) {
        this.draws = new MovementDraws(options);
    }

    /** The draws both kinds of case share: the matrices' types, the batch sizes, M, K and N. */
    private record Geometry(TensorDataType aType, TensorDataType bType, long b0, long b1, long m, long k, long n) {

        static Geometry draw(Random r) {
            return new Geometry(IntegerOperands.TYPES.get(r.nextInt(2)), IntegerOperands.TYPES.get(r.nextInt(2)),
                    1 + r.nextInt(2), 1 + r.nextInt(3), 1 + r.nextInt(5), r.nextInt(10) == 0 ? 300 : 1 + r.nextInt(9),
                    1 + r.nextInt(5));
        }
    }

    public MovementCase generate(long seed) {
        Random r = new Random(seed);
        Geometry g = Geometry.draw(r);
        BufferTensorDesc a = draws.tensor(r, g.aType(), dropped(r, g.b0(), g.b1(), g.m(), g.k()), Role.INPUT);
        BufferTensorDesc b = draws.tensor(r, g.bType(), dropped(r, g.b0(), g.b1(), g.k(), g.n()), Role.INPUT);
        BufferTensorDesc out = draws.tensor(r, TensorDataType.INT32, dropped(r, g.b0(), g.b1(), g.m(), g.n()),
                Role.OUTPUT);
        TensorDesc aZero = zeroPoint(r, g.aType(), new long[] {1, 1, g.m(), 1});
        TensorDesc bZero = zeroPoint(r, g.bType(), new long[] {1, 1, 1, g.n()});
        MatrixMultiplyIntegerOperatorDesc desc = new MatrixMultiplyIntegerOperatorDesc(a, aZero, b, bZero, out);
        return new MovementCase(desc, List.of(IntegerOperands.filled(draws, r, a), IntegerOperands.filled(draws, r, aZero), IntegerOperands.filled(draws, r, b), IntegerOperands.filled(draws, r, bZero)),
                List.of(draws.place(r, out, Role.OUTPUT)));
    }

    /**
     * A QUANTIZED_LINEAR_MATRIX_MULTIPLY case of the same geometry and elements, an INT8 or UINT8 output: the scales
     * one value or (A's, the output's) one per row or (B's) one per column, drawn among values whose products land on
     * halves (1, 2, 0.5, 0.1 with 0.02, 0.3 with 0.7 and 0.42, ...) and others; each zero point absent or of its scale's
     * sizes.
     */
    public MovementCase generateQuantized(long seed) {
        Random r = new Random(seed);
        Geometry g = Geometry.draw(r);
        TensorDataType aType = g.aType();
        TensorDataType bType = g.bType();
        TensorDataType outType = IntegerOperands.TYPES.get(r.nextInt(2));
        BufferTensorDesc a = draws.tensor(r, aType, dropped(r, g.b0(), g.b1(), g.m(), g.k()), Role.INPUT);
        BufferTensorDesc b = draws.tensor(r, bType, dropped(r, g.b0(), g.b1(), g.k(), g.n()), Role.INPUT);
        BufferTensorDesc out = draws.tensor(r, outType, dropped(r, g.b0(), g.b1(), g.m(), g.n()), Role.OUTPUT);
        long[] aScaleSizes = scaleSizes(r, new long[] {1, 1, g.m(), 1});
        long[] bScaleSizes = scaleSizes(r, new long[] {1, 1, 1, g.n()});
        long[] outScaleSizes = scaleSizes(r, new long[] {1, 1, g.m(), 1});
        BufferTensorDesc aScale = draws.tensor(r, TensorDataType.FLOAT32, aScaleSizes, Role.INPUT);
        BufferTensorDesc bScale = draws.tensor(r, TensorDataType.FLOAT32, bScaleSizes, Role.INPUT);
        BufferTensorDesc outScale = draws.tensor(r, TensorDataType.FLOAT32, outScaleSizes, Role.INPUT);
        TensorDesc aZero = r.nextBoolean() ? TensorDesc.NULL : draws.tensor(r, aType, aScaleSizes, Role.INPUT);
        TensorDesc bZero = r.nextBoolean() ? TensorDesc.NULL : draws.tensor(r, bType, bScaleSizes, Role.INPUT);
        TensorDesc outZero = r.nextBoolean() ? TensorDesc.NULL : draws.tensor(r, outType, outScaleSizes, Role.INPUT);
        QuantizedLinearMatrixMultiplyOperatorDesc desc = new QuantizedLinearMatrixMultiplyOperatorDesc(a, aScale,
                aZero, b, bScale, bZero, outScale, outZero, out);
        return new MovementCase(desc, List.of(IntegerOperands.filled(draws, r, a), scales(r, aScale), IntegerOperands.filled(draws, r, aZero), IntegerOperands.filled(draws, r, b),
                scales(r, bScale), IntegerOperands.filled(draws, r, bZero), scales(r, outScale), IntegerOperands.filled(draws, r, outZero)),
                List.of(draws.place(r, out, Role.OUTPUT)));
    }

    /** One value, or the per-line sizes given; 1 to 4 dimensions, a per-row one keeping its column ([M, 1]). */
    private static long[] scaleSizes(Random r, long[] perLine) {
        long[] sizes = r.nextBoolean() ? new long[] {1, 1, 1, 1} : perLine;
        int keep = sizes[3] == 1 && sizes[2] > 1 ? 2 : 1;
        int first = 0;
        while (first < 4 - keep && sizes[first] == 1 && r.nextBoolean()) {
            first++;
        }
        return Arrays.copyOfRange(sizes, first, 4);
    }

    private static final float[] SCALES = {1f, 2f, 0.5f, 0.1f, 0.02f, 0.3f, 0.7f, 0.42f, 0.05f, 3f, 0.0371f, 0.0093f,
        0.113f, 0.01f, 50f, -0.25f, 1e-3f};

    /** A FLOAT32 scale tensor's array, every element slot one of {@link #SCALES}. */
    private TensorBytes scales(Random r, BufferTensorDesc tensor) {
        TensorBytes placed = draws.place(r, tensor, Role.INPUT);
        for (int at = placed.offset(); at + 4 <= placed.bytes().length; at += 4) {
            LittleEndian.put(placed.bytes(), at, 4, Float.floatToRawIntBits(SCALES[r.nextInt(SCALES.length)]));
        }
        return placed;
    }

    /** {@code [d0, d1, d2, d3]}, its leading 1s dropped now and then (down to 2 dimensions). */
    private static long[] dropped(Random r, long d0, long d1, long d2, long d3) {
        long[] sizes = {d0, d1, d2, d3};
        int first = 0;
        while (first < 2 && sizes[first] == 1 && r.nextBoolean()) {
            first++;
        }
        return Arrays.copyOfRange(sizes, first, 4);
    }

    /** Absent, one value (all sizes 1), or the per-row or per-column shape given, each 1 to 4 dimensions. */
    private TensorDesc zeroPoint(Random r, TensorDataType type, long[] perLine) {
        int draw = r.nextInt(3);
        if (draw == 0) {
            return TensorDesc.NULL;
        }
        long[] sizes = draw == 1 ? new long[] {1, 1, 1, 1} : perLine;
        int first = 0;
        // A per-row zero point keeps its column dimension ([M, 1]); the others may drop to one dimension.
        int keep = draw == 2 && perLine[3] == 1 ? 2 : 1;
        while (first < 4 - keep && sizes[first] == 1 && r.nextBoolean()) {
            first++;
        }
        return draws.tensor(r, type, Arrays.copyOfRange(sizes, first, 4), Role.INPUT);
    }
}
