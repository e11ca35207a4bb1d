package dev.dmlemu.testkit;

import dev.dmlemu.desc.GatherOperatorDesc;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * DML_GATHER written from its semantics alone: one output coordinate at a time in row-major order, over the desc's
 * own sizes and strides, on little-endian bytes read one at a time. Deliberately slow; it shares no code with any
 * backend, so that tests can take their expected bytes from it.
 *
 * <p>With R the DimensionCount of all three tensors and k = IndexDimensions, the formula sizes are
 * {@code F = Input.Sizes[0, Axis) ++ Indices.Sizes[R - k, R) ++ Input.Sizes[Axis + 1, R)}, of length L = R - 1 + k,
 * right-aligned to the output's R dimensions: with k >= 1 the first k - 1 formula dimensions are cropped (they are 1),
 * with k = 0 output dimension 0 is a padding dimension. An output coordinate o has the formula coordinate f = (0, ...,
 * 0) ++ o (k >= 1) or o[1, R) (k = 0); the index is {@code Indices[(0, ..., 0) ++ f[Axis, Axis + k)]} and the input
 * coordinate {@code f[0, Axis) ++ (index) ++ f[Axis + k, L)}. Signed index types count from the end of the axis
 * (docs/directml-behaviour.md §6.4).
 *
 * <p>Out-of-range indices follow the {@link OutOfRangeModel}. DIRECTML is GatherElements' linear walk
 * (docs/directml-behaviour.md §7.1) with two differences, both measured on DirectML.dll 1.15.4: a size-1 axis does not
 * ignore the index (recorded case {@code g_axis_size1_oob_index}), and with k = 0 the output's padding dimension, which
 * DirectML does not check, adds {@code o[0] × P} to the input offset, where P is the product of Input.Sizes when the
 * input has no Strides and a DimensionCount other than 4 or 8, and 0 otherwise (recorded {@code k0_out_leading2_2d},
 * probes in {@code NaiveGatherTest}). STRICT and CLAMP_AXIS follow the formula; a padding dimension larger than 1 with
 * P above 0 only reads past the input, so they have no answer for it and the reference refuses such a desc under them
 * (with P = 0 every padding row repeats the first).
 *
 * <p>With k = 0 the indices need not be all 1s (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §10.4):
 * after their leading 1s, their sizes (L of them) must be the first L sizes of the input after its leading 1s, with
 * L at most Axis. Each output element then takes an index of its own: the j-th of those L indices dimensions is read at
 * the output coordinate of the j-th output dimension after the output's leading 1s (at 0 when there is none), and an
 * index not wholly inside the indices' TotalTensorSizeInBytes reads as 0.
 *
 * <p>Descs outside these rules are refused with an {@link IllegalArgumentException}. Output bytes the output strides
 * do not address keep their values; overlapping output elements are written in row-major order, the last write wins.
 */
public final class NaiveGather {

    private static final long LOW_32_BITS = 0xFFFF_FFFFL;

    private NaiveGather() {}

    /** What a STRICT run refused: the output coordinate and the index in decimal as its type reads it. */
    public record Refusal(List<Long> coordinate, String value) implements IndexRefusal {}

    /**
     * The output array after the gather (a copy of the given one with the addressed elements written; unchanged when
     * refused) and, under STRICT, the refusal.
     */
    public record Outcome(byte[] output, Optional<Refusal> refusal) {}

    public static Outcome run(GatherCase c, OutOfRangeModel model) {
        return run(c.desc(), model, c.input(), c.indices(), c.output());
    }

    /** Never writes into the arrays it is given. */
    public static Outcome run(GatherOperatorDesc desc, OutOfRangeModel model, TensorBytes input, TensorBytes indices,
            TensorBytes output) {
        TensorLayout in = TensorLayout.of(desc.inputTensor());
        TensorLayout idx = TensorLayout.of(desc.indicesTensor());
        TensorLayout out = TensorLayout.of(desc.outputTensor());
        Formula formula = Formula.of(desc, in, idx, out);
        if (model != OutOfRangeModel.DIRECTML && formula.indexDimensions() == 0 && out.sizes()[0] > 1
                && paddingStep(in) != 0) {
            throw new IllegalArgumentException("IndexDimensions 0 with Output.Sizes[0] " + out.sizes()[0]
                    + " reads past the input, which only the DIRECTML model answers: " + desc);
        }
        long axisSize = in.sizes()[formula.axis()];
        byte[] written = output.bytes().clone();
        long count = Shapes.product(out.sizes());
        if (model == OutOfRangeModel.STRICT) {
            for (long e = 0; e < count; e++) {
                long[] o = Shapes.coordinate(e, out.sizes());
                long value = readIndex(idx, indices, formula.indicesCoordinate(o, formula.formulaCoordinate(o)));
                if (!AxisIndex.inRange(value, axisSize, idx.type())) {
                    return new Outcome(written, Optional.of(new Refusal(Shapes.toList(o),
                            LittleEndian.indexText(idx.type(), value))));
                }
            }
        }
        int es = in.elementSize();
        for (long e = 0; e < count; e++) {
            long[] o = Shapes.coordinate(e, out.sizes());
            long[] f = formula.formulaCoordinate(o);
            long value = readIndex(idx, indices, formula.indicesCoordinate(o, f));
            OptionalLong element = switch (model) {
                case DIRECTML -> linearWalk(in, formula, o, f, value);
                case STRICT -> OptionalLong.of(Shapes.offset(formula.inputCoordinate(f,
                        AxisIndex.wrapped(value, axisSize, idx.type())), in.strides()));
                case CLAMP_AXIS -> OptionalLong.of(Shapes.offset(formula.inputCoordinate(f,
                        AxisIndex.clamped(value, axisSize, idx.type())), in.strides()));
            };
            int to = out.byteAt(output, o);
            for (int b = 0; b < es; b++) {
                written[to + b] = element.isEmpty() ? 0
                        : input.bytes()[Math.toIntExact(input.offset() + element.getAsLong() * es + b)];
            }
        }
        return new Outcome(written, Optional.empty());
    }

    /**
     * docs/directml-behaviour.md §7.1 without its step 4 (a size-1 axis keeps the index), plus the padding dimension's
     * term for k = 0. In-range indices come out as the plain formula. Empty means the element reads as zero.
     */
    private static OptionalLong linearWalk(TensorLayout in, Formula formula, long[] o, long[] f, long index) {
        long axisSize = in.sizes()[formula.axis()];
        long value = index; // already a signed 64-bit value (UINT64 reinterpreted, UINT32 zero-extended)
        if (value < 0) {
            value += axisSize; // once
        }
        long position = value & LOW_32_BITS;
        long[] coordinate = formula.inputCoordinate(f, position);
        long offset = 0; // modulo 2^32: the low 32 bits of a 64-bit product are exact even when the product wraps
        for (int d = 0; d < coordinate.length; d++) {
            offset = (offset + coordinate[d] * in.strides()[d]) & LOW_32_BITS;
        }
        if (formula.indexDimensions() == 0) {
            long p = paddingStep(in);
            offset = (offset + o[0] * (p & LOW_32_BITS)) & LOW_32_BITS;
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

    /**
     * P: the input's element count when it has no Strides and a DimensionCount other than 4 or 8, else 0 (measured:
     * docs/directml-behaviour.md §10.5; DirectML seems to pad other ranks to 4 or 8 dimensions, packed).
     */
    private static long paddingStep(TensorLayout in) {
        int rank = in.sizes().length;
        return in.stridesGiven() || rank == 4 || rank == 8 ? 0 : Shapes.productExact(in.sizes());
    }

    /**
     * An index not wholly inside the indices' TotalTensorSizeInBytes reads as 0 (measured past the end, inferred for a
     * partial last index from the input's rule: docs/directml-behaviour.md §10.4).
     */
    private static long readIndex(TensorLayout idx, TensorBytes indices, long[] coordinate) {
        long at = Shapes.offset(coordinate, idx.strides()) * idx.elementSize();
        if (at + idx.elementSize() > idx.totalBytes()) {
            return 0;
        }
        return LittleEndian.index(idx.type(), indices.bytes(), Math.toIntExact(indices.offset() + at));
    }

    /**
     * The shape rules of the formula, and the coordinate maps between output, indices and input. With k = 0,
     * {@code alongOutput[d]} is the output dimension whose coordinate indices dimension d takes, or -1 for 0.
     */
    private record Formula(int rank, int axis, int indexDimensions, int[] alongOutput) {

        static Formula of(GatherOperatorDesc desc, TensorLayout in, TensorLayout idx, TensorLayout out) {
            int rank = in.rank();
            if (rank < 1 || idx.rank() != rank || out.rank() != rank) {
                throw refused(desc, "Input, Indices and Output need the same DimensionCount, at least 1");
            }
            if (in.type() != out.type()) {
                throw refused(desc, "Output's DataType must be Input's");
            }
            if (desc.axis() < 0 || desc.axis() >= rank || desc.indexDimensions() < 0
                    || desc.indexDimensions() > rank) {
                throw refused(desc, "Axis must be in [0, DimensionCount), IndexDimensions in [0, DimensionCount]");
            }
            int axis = (int) desc.axis();
            int k = (int) desc.indexDimensions();
            if (k > 0) {
                for (int d = 0; d < rank - k; d++) {
                    if (idx.sizes()[d] != 1) {
                        throw refused(desc, "Indices dimensions before the last IndexDimensions must be 1");
                    }
                }
            } else {
                checkOneIndexPerElement(desc, in.sizes(), idx.sizes(), axis);
            }
            Formula formula = new Formula(rank, axis, k, k == 0 ? alongOutput(idx.sizes(), out.sizes())
                    : new int[rank]);
            long[] sizes = formula.sizes(in, idx);
            long[] aligned = formula.indexDimensions() == 0 ? Arrays.copyOfRange(out.sizes(), 1, rank)
                    : Arrays.copyOfRange(out.sizes(), 0, rank);
            // Entries cropped from the front are read at coordinate 0, whatever their size (measured: docs §10.3).
            long[] kept = Arrays.copyOfRange(sizes, sizes.length - aligned.length, sizes.length);
            if (!Arrays.equals(kept, aligned)) {
                throw refused(desc, "Output.Sizes must be the formula sizes " + Arrays.toString(sizes)
                        + " right-aligned");
            }
            return formula;
        }

        /** k = 0: the indices' sizes after their leading 1s start the input's sizes after its leading 1s. */
        private static void checkOneIndexPerElement(GatherOperatorDesc desc, long[] in, long[] idx, int axis) {
            int inFirst = firstAbove1(in);
            int idxFirst = firstAbove1(idx);
            int count = idx.length - idxFirst;
            if (count > axis || count > in.length - inFirst) {
                throw refused(desc, "IndexDimensions 0 with more indices sizes after their leading 1s than Axis or "
                        + "than the input has after its own");
            }
            for (int j = 0; j < count; j++) {
                if (idx[idxFirst + j] != in[inFirst + j]) {
                    throw refused(desc, "IndexDimensions 0 with indices sizes that do not start the input's");
                }
            }
        }

        /** k = 0: indices dimension d after the leading 1s takes the next output dimension after the output's. */
        private static int[] alongOutput(long[] idx, long[] out) {
            int[] along = new int[idx.length];
            Arrays.fill(along, -1);
            int o = firstAbove1(out);
            for (int d = firstAbove1(idx); d < idx.length; d++, o++) {
                along[d] = o < out.length ? o : -1;
            }
            return along;
        }

        private static int firstAbove1(long[] sizes) {
            int d = 0;
            while (d < sizes.length && sizes[d] == 1) {
                d++;
            }
            return d;
        }

        private static IllegalArgumentException refused(GatherOperatorDesc desc, String rule) {
            return new IllegalArgumentException("not a GATHER the reference models: " + rule + ": " + desc);
        }

        /** F, of length L = R - 1 + k. */
        long[] sizes(TensorLayout in, TensorLayout idx) {
            long[] sizes = new long[formulaLength()];
            int at = 0;
            for (int d = 0; d < axis; d++) {
                sizes[at++] = in.sizes()[d];
            }
            for (int d = rank - indexDimensions; d < rank; d++) {
                sizes[at++] = idx.sizes()[d];
            }
            for (int d = axis + 1; d < rank; d++) {
                sizes[at++] = in.sizes()[d];
            }
            return sizes;
        }

        int formulaLength() {
            return rank - 1 + indexDimensions;
        }

        /** f: the cropped dimensions at 0 in front of o (k >= 1), or o without its padding dimension (k = 0). */
        long[] formulaCoordinate(long[] o) {
            if (indexDimensions == 0) {
                return Arrays.copyOfRange(o, 1, rank);
            }
            long[] f = new long[formulaLength()];
            System.arraycopy(o, 0, f, f.length - rank, rank);
            return f;
        }

        /**
         * k >= 1: (0, ..., 0) ++ f[Axis, Axis + k), the last k indices dimensions (the others are 1). k = 0: each
         * indices dimension at the output coordinate it is read along, or 0.
         */
        long[] indicesCoordinate(long[] o, long[] f) {
            long[] coordinate = new long[rank];
            if (indexDimensions == 0) {
                for (int d = 0; d < rank; d++) {
                    coordinate[d] = alongOutput[d] < 0 ? 0 : o[alongOutput[d]];
                }
                return coordinate;
            }
            System.arraycopy(f, axis, coordinate, rank - indexDimensions, indexDimensions);
            return coordinate;
        }

        /** f[0, Axis) ++ (position) ++ f[Axis + k, L). */
        long[] inputCoordinate(long[] f, long position) {
            long[] coordinate = new long[rank];
            System.arraycopy(f, 0, coordinate, 0, axis);
            coordinate[axis] = position;
            System.arraycopy(f, axis + indexDimensions, coordinate, axis + 1, rank - axis - 1);
            return coordinate;
        }
    }
}
