package dev.dmlemu.testkit;

import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * DML_GATHER_ND and DML_GATHER_ND1 written from their semantics alone: one output coordinate at a time in row-major
 * order, over the desc's own sizes and strides, on little-endian bytes read one at a time. Deliberately slow; it
 * shares no code with any backend, so that tests can take their expected bytes from it. GATHER_ND is GATHER_ND1 with
 * BatchDimensionCount 0.
 *
 * <p>With R the DimensionCount, Ci = InputDimensionCount, Cx = IndicesDimensionCount, B = BatchDimensionCount and
 * q = Indices.Sizes[R-1] (the tuple length), the output's sizes are {@code F = idx[0, Cx-1) ++ in[B+q, Ci)},
 * right-aligned to R, where {@code in} and {@code idx} are the last Ci and Cx sizes (docs/directml-behaviour.md
 * §11.3). An output coordinate o has the formula coordinate f = o[R-L, R), L = |F|; its batch is f[0, B), its tuple
 * is read from {@code Indices[(0, ..., 0) ++ f[0, Cx-1) ++ (t)]} for t in [0, q), and it reads
 * {@code Input[(0, ..., 0) ++ f[0, B) ++ (tuple) ++ f[Cx-1, L)]}. Signed index types count from the end of their
 * dimension (§6.4).
 *
 * <p>Out-of-range indices follow the {@link OutOfRangeModel}. DIRECTML is the linear walk measured on DirectML.dll
 * 1.15.4 (§11.5), per tuple coordinate: each value read as signed 64 bits (UINT64 too), its dimension's size added
 * once when negative, its low 32 bits times its dimension's stride; everything summed with the batch and slice terms
 * modulo 2^32, clamped to the last element of TotalTensorSizeInBytes; an element not wholly inside reads zero. A size-1
 * dimension keeps its index. A batch coordinate past the input's batch size (GATHER_ND1 with batch sizes that differ,
 * §11.4) is used as it is. STRICT refuses the first out-of-range tuple coordinate in row-major output order (the
 * coordinate reported is the first output element of its tuple) and writes nothing; CLAMP_AXIS clamps each coordinate
 * into its own dimension. Neither answers batches past the input's, and the reference refuses such a desc under them.
 *
 * <p>Descs outside the formula are refused with an {@link IllegalArgumentException}. Output bytes the output strides
 * do not address keep their values; overlapping output elements are written in row-major order, the last write wins.
 */
public final class NaiveGatherNd {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private NaiveGatherNd() {}

    /** What a STRICT run refused: the output coordinate and the index in decimal as its type reads it. */
    public record Refusal(List<Long> coordinate, String value) implements IndexRefusal {}

    /**
     * The output array after the gather (a copy of the given one with the addressed elements written; unchanged when
     * refused) and, under STRICT, the refusal.
     */
    public record Outcome(byte[] output, Optional<Refusal> refusal) {}

    public static Outcome run(GatherNdCase c, OutOfRangeModel model) {
        return run(c.desc(), model, c.input(), c.indices(), c.output());
    }

    /**
     * Never writes into the arrays it is given.
     *
     * @param desc a {@link GatherNdOperatorDesc} or a {@link GatherNd1OperatorDesc}
     */
    public static Outcome run(OperatorDesc desc, OutOfRangeModel model, TensorBytes input, TensorBytes indices,
            TensorBytes output) {
        Shape shape = Shape.of(desc);
        TensorLayout in = shape.in();
        TensorLayout idx = shape.idx();
        TensorLayout out = shape.out();
        if (model != OutOfRangeModel.DIRECTML && shape.batchPastInput()) {
            throw new IllegalArgumentException("batch sizes of the indices above the input's read past the input, "
                    + "which only the DIRECTML model answers: " + desc);
        }
        byte[] written = output.bytes().clone();
        long count = Shapes.product(out.sizes());
        if (model == OutOfRangeModel.STRICT) {
            for (long e = 0; e < count; e++) {
                long[] o = Shapes.coordinate(e, out.sizes());
                long[] f = shape.formulaCoordinate(o);
                for (int t = 0; t < shape.q(); t++) {
                    long value = readIndex(idx, indices, shape.indicesCoordinate(f, t));
                    if (!AxisIndex.inRange(value, shape.tupleSize(t), idx.type())) {
                        return new Outcome(written, Optional.of(new Refusal(Shapes.toList(o),
                                LittleEndian.indexText(idx.type(), value))));
                    }
                }
            }
        }
        int es = in.elementSize();
        for (long e = 0; e < count; e++) {
            long[] o = Shapes.coordinate(e, out.sizes());
            long[] f = shape.formulaCoordinate(o);
            long[] values = new long[shape.q()];
            for (int t = 0; t < values.length; t++) {
                values[t] = readIndex(idx, indices, shape.indicesCoordinate(f, t));
            }
            OptionalLong element = switch (model) {
                case DIRECTML -> linearWalk(shape, f, values);
                case STRICT -> OptionalLong.of(Shapes.offset(shape.inputCoordinate(f, positions(shape, values,
                        false)), in.strides()));
                case CLAMP_AXIS -> OptionalLong.of(Shapes.offset(shape.inputCoordinate(f, positions(shape, values,
                        true)), in.strides()));
            };
            int to = out.byteAt(output, o);
            for (int b = 0; b < es; b++) {
                written[to + b] = element.isEmpty() ? 0
                        : input.bytes()[Math.toIntExact(input.offset() + element.getAsLong() * es + b)];
            }
        }
        return new Outcome(written, Optional.empty());
    }

    /** In-range values wrapped (STRICT has refused the others), or each clamped into its dimension. */
    private static long[] positions(Shape shape, long[] values, boolean clamp) {
        long[] positions = new long[values.length];
        for (int t = 0; t < values.length; t++) {
            long size = shape.tupleSize(t);
            positions[t] = clamp ? AxisIndex.clamped(values[t], size, shape.idx().type())
                    : AxisIndex.wrapped(values[t], size, shape.idx().type());
        }
        return positions;
    }

    /** §11.5, step by step. Empty means the element reads as zero. */
    private static OptionalLong linearWalk(Shape shape, long[] f, long[] values) {
        long[] positions = new long[values.length];
        for (int t = 0; t < values.length; t++) {
            long value = values[t]; // already signed 64 bits: UINT64 reinterpreted, UINT32 zero-extended
            if (value < 0) {
                value += shape.tupleSize(t); // once
            }
            positions[t] = value & LOW_32_BITS;
        }
        long[] coordinate = shape.inputCoordinate(f, positions);
        TensorLayout in = shape.in();
        long offset = 0; // modulo 2^32: the low 32 bits of a 64-bit product are exact even when the product wraps
        for (int d = 0; d < coordinate.length; d++) {
            offset = (offset + coordinate[d] * in.strides()[d]) & LOW_32_BITS;
        }
        int es = in.elementSize();
        long n = (in.totalBytes() + es - 1) / es; // ceil(Total / element size)
        if (offset > n - 1) {
            offset = n - 1;
        }
        if ((offset + 1) * es > in.totalBytes()) {
            return OptionalLong.empty(); // not wholly inside TotalTensorSizeInBytes
        }
        return OptionalLong.of(offset);
    }

    private static long readIndex(TensorLayout idx, TensorBytes indices, long[] coordinate) {
        return LittleEndian.index(idx.type(), indices.bytes(), idx.byteAt(indices, coordinate));
    }

    /** The shape rules of the formula, and the coordinate maps between output, indices and input. */
    private record Shape(TensorLayout in, TensorLayout idx, TensorLayout out, int rank, int inputCount,
            int indicesCount, int batch, int q) {

        static Shape of(OperatorDesc desc) {
            long inputCount;
            long indicesCount;
            long batch;
            if (desc instanceof GatherNdOperatorDesc nd) {
                inputCount = nd.inputDimensionCount();
                indicesCount = nd.indicesDimensionCount();
                batch = 0;
            } else if (desc instanceof GatherNd1OperatorDesc nd1) {
                inputCount = nd1.inputDimensionCount();
                indicesCount = nd1.indicesDimensionCount();
                batch = nd1.batchDimensionCount();
            } else {
                throw new IllegalArgumentException("not a GATHER_ND or GATHER_ND1 desc: " + desc);
            }
            TensorLayout in = TensorLayout.of(desc.tensorFields().get(0).desc());
            TensorLayout idx = TensorLayout.of(desc.tensorFields().get(1).desc());
            TensorLayout out = TensorLayout.of(desc.tensorFields().get(2).desc());
            int rank = in.rank();
            if (rank < 1 || idx.rank() != rank || out.rank() != rank) {
                throw refused(desc, "Input, Indices and Output need the same DimensionCount, at least 1");
            }
            if (in.type() != out.type()) {
                throw refused(desc, "Output's DataType must be Input's");
            }
            if (inputCount < 1 || inputCount > rank || indicesCount < 1 || indicesCount > rank || batch < 0
                    || batch >= inputCount || batch >= indicesCount) {
                throw refused(desc, "the counts must lie in [1, DimensionCount], the batch count below both");
            }
            long q = idx.sizes()[rank - 1];
            if (q < 1 || q > inputCount - batch) {
                throw refused(desc, "the tuple length must lie in [1, InputDimensionCount - BatchDimensionCount]");
            }
            Shape shape = new Shape(in, idx, out, rank, (int) inputCount, (int) indicesCount, (int) batch, (int) q);
            for (int d = 0; d < rank - inputCount; d++) {
                if (in.sizes()[d] != 1) {
                    throw refused(desc, "Input sizes before the last InputDimensionCount must be 1");
                }
            }
            for (int d = 0; d < rank - indicesCount; d++) {
                if (idx.sizes()[d] != 1) {
                    throw refused(desc, "Indices sizes before the last IndicesDimensionCount must be 1");
                }
            }
            long[] formula = shape.formulaSizes();
            if (formula.length > rank) {
                throw refused(desc, "the output formula " + Arrays.toString(formula) + " is longer than the rank");
            }
            long[] aligned = new long[rank];
            Arrays.fill(aligned, 1);
            System.arraycopy(formula, 0, aligned, rank - formula.length, formula.length);
            if (!Arrays.equals(aligned, out.sizes())) {
                throw refused(desc, "Output.Sizes must be the formula sizes " + Arrays.toString(formula)
                        + " right-aligned");
            }
            return shape;
        }

        private static IllegalArgumentException refused(OperatorDesc desc, String rule) {
            return new IllegalArgumentException("not a GATHER_ND the reference models: " + rule + ": " + desc);
        }

        /** idx[0, Cx-1) ++ in[B+q, Ci). */
        long[] formulaSizes() {
            int slice = inputCount - batch - q;
            long[] sizes = new long[indicesCount - 1 + slice];
            System.arraycopy(idx.sizes(), rank - indicesCount, sizes, 0, indicesCount - 1);
            System.arraycopy(in.sizes(), rank - inputCount + batch + q, sizes, indicesCount - 1, slice);
            return sizes;
        }

        /** Whether some batch size of the indices (and so of the output) exceeds the input's. */
        boolean batchPastInput() {
            for (int j = 0; j < batch; j++) {
                if (idx.sizes()[rank - indicesCount + j] > in.sizes()[rank - inputCount + j]) {
                    return true;
                }
            }
            return false;
        }

        /** The size of the input dimension tuple coordinate t indexes. */
        long tupleSize(int t) {
            return in.sizes()[rank - inputCount + batch + t];
        }

        /** f = o[R-L, R). */
        long[] formulaCoordinate(long[] o) {
            int length = indicesCount - 1 + inputCount - batch - q;
            return Arrays.copyOfRange(o, rank - length, rank);
        }

        /** (0, ..., 0) ++ f[0, Cx-1) ++ (t). */
        long[] indicesCoordinate(long[] f, int t) {
            long[] coordinate = new long[rank];
            System.arraycopy(f, 0, coordinate, rank - indicesCount, indicesCount - 1);
            coordinate[rank - 1] = t;
            return coordinate;
        }

        /** (0, ..., 0) ++ f[0, B) ++ (positions) ++ f[Cx-1, L). */
        long[] inputCoordinate(long[] f, long[] positions) {
            long[] coordinate = new long[rank];
            int first = rank - inputCount;
            System.arraycopy(f, 0, coordinate, first, batch);
            System.arraycopy(positions, 0, coordinate, first + batch, q);
            System.arraycopy(f, indicesCount - 1, coordinate, first + batch + q, inputCount - batch - q);
            return coordinate;
        }
    }
}
