package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorFlags;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The real DLL's probes of which of a max pooling window's equal elements gives the value (docs/directml-behaviour.md
 * §16.9), as cases with the DLL's answers written down: FLOAT32 MAX_POOLING2 of rank 4 or 5 whose first output's
 * window holds -0.0 then 0.0 along the last dimension and, with two outputs, whose second output's window, one row
 * on, holds 0.0 then -0.0; every other element is 0.0. The index, when written, is always the first element's: 0,
 * and 2 for the second output.
 */
public final class MaxPoolingTieProbes {

    /** The indices output: absent, packed UINT32, UINT32 strided with gaps, or packed UINT64. */
    public enum Indices { NONE, PACKED, GAPS, PACKED_UINT64 }

    /**
     * One probe.
     *
     * @param outputs 1 or 2 output elements, along the second-last dimension
     * @param inputGaps, outputGaps strided tensors: every stride twice the packed one
     * @param window the window along the last dimension (2, the input's size, unless a padding probe widens it)
     * @param firstGivesValue the DLL's answer: the value came from the first equal element (-0.0), not the last
     */
    public record Probe(int rank, int outputs, boolean inputGaps, boolean outputGaps, Indices indices, long window,
            long start, long end, boolean firstGivesValue) {

        /** The case, outputs filled with 0x7F bytes. */
        public MovementCase toCase() {
            int spatial = rank - 2;
            long[] in = new long[rank];
            java.util.Arrays.fill(in, 1);
            long[] out = in.clone();
            in[rank - 1] = 2;
            in[rank - 2] = outputs;
            out[rank - 2] = outputs;
            List<Long> windows = new ArrayList<>(Collections.nCopies(spatial, 1L));
            windows.set(spatial - 1, window);
            List<Long> starts = new ArrayList<>(Collections.nCopies(spatial, 0L));
            starts.set(spatial - 1, start);
            List<Long> ends = new ArrayList<>(Collections.nCopies(spatial, 0L));
            ends.set(spatial - 1, end);
            BufferTensorDesc input = layout(TensorDataType.FLOAT32, in, inputGaps);
            BufferTensorDesc output = layout(TensorDataType.FLOAT32, out, outputGaps);
            TensorDesc indexTensor = indices == Indices.NONE ? TensorDesc.NULL
                    : layout(indices == Indices.PACKED_UINT64 ? TensorDataType.UINT64 : TensorDataType.UINT32, out,
                            indices == Indices.GAPS);
            List<Long> ones = Collections.nCopies(spatial, 1L);
            MaxPooling2OperatorDesc desc = MaxPooling2OperatorDesc.builder().inputTensor(input).outputTensor(output)
                    .outputIndicesTensor(indexTensor).dimensionCount(spatial).windowSize(windows).strides(ones)
                    .startPadding(starts).endPadding(ends).dilations(ones).build();
            List<Long> strides = input.effectiveStrides();
            ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(input.totalTensorSizeInBytes()))
                    .order(ByteOrder.LITTLE_ENDIAN);
            b.putFloat(0, -0f);
            if (outputs == 2) {
                b.putFloat(Math.toIntExact(4 * (strides.get(rank - 2) + strides.get(rank - 1))), -0f);
            }
            long indexBytes = indexTensor instanceof BufferTensorDesc i ? i.totalTensorSizeInBytes() : 4;
            return new MovementCase(desc, List.of(TensorBytes.of(b.array())), List.of(
                    TensorBytes.unwritten(output.totalTensorSizeInBytes()), TensorBytes.unwritten(indexBytes)));
        }
    }

    /** The probes, in docs/directml-behaviour.md §16.9's order. */
    public static final List<Probe> MEASURED = List.of(
            // 4-D: the first without indices over packed tensors, unless the window is the whole input.
            new Probe(4, 2, false, false, Indices.NONE, 2, 0, 0, true),
            new Probe(4, 2, false, false, Indices.PACKED, 2, 0, 0, false),
            new Probe(4, 2, true, false, Indices.NONE, 2, 0, 0, false),
            new Probe(4, 2, false, true, Indices.NONE, 2, 0, 0, false),
            new Probe(4, 2, true, true, Indices.GAPS, 2, 0, 0, false),
            new Probe(4, 1, false, false, Indices.NONE, 2, 0, 0, false),
            new Probe(4, 1, false, false, Indices.NONE, 3, 1, 0, true),
            new Probe(4, 1, false, false, Indices.NONE, 3, 0, 1, true),
            // 5-D: the first with UINT32 indices when some tensor, the indices included, is strided, whole input or not.
            new Probe(5, 2, false, false, Indices.NONE, 2, 0, 0, false),
            new Probe(5, 2, true, true, Indices.NONE, 2, 0, 0, false),
            new Probe(5, 2, false, false, Indices.PACKED, 2, 0, 0, false),
            new Probe(5, 2, false, false, Indices.GAPS, 2, 0, 0, true),
            new Probe(5, 2, false, true, Indices.PACKED, 2, 0, 0, true),
            new Probe(5, 2, true, false, Indices.PACKED, 2, 0, 0, true),
            new Probe(5, 1, true, false, Indices.PACKED, 2, 0, 0, true),
            // 5-D with UINT64 indices: the first, packed or not; 4-D: the last.
            new Probe(5, 2, false, false, Indices.PACKED_UINT64, 2, 0, 0, true),
            new Probe(5, 2, true, false, Indices.PACKED_UINT64, 2, 0, 0, true),
            new Probe(4, 2, false, false, Indices.PACKED_UINT64, 2, 0, 0, false),
            // One output element: gaps in the output's size-1 dimensions are no stride.
            new Probe(5, 1, false, true, Indices.GAPS, 2, 0, 0, false));

    private MaxPoolingTieProbes() {}

    /** The bits of the value a probe's output element {@code n} (0 or 1) must hold. */
    public static int expectedBits(Probe p, int n) {
        boolean negative = p.firstGivesValue() == (n == 0);
        return negative ? 0x8000_0000 : 0;
    }

    /** The FLOAT32 bits of output element {@code n} in a probe's output array. */
    public static int valueBits(Probe p, byte[] output, int n) {
        BufferTensorDesc out = (BufferTensorDesc) p.toCase().desc().tensorFields().get(1).desc();
        long at = n * out.effectiveStrides().get(p.rank() - 2);
        return ByteBuffer.wrap(output).order(ByteOrder.LITTLE_ENDIAN).getInt(Math.toIntExact(4 * at));
    }

    /** The index output element {@code n} of a probe with indices holds. */
    public static long index(Probe p, byte[] indices, int n) {
        BufferTensorDesc ix = (BufferTensorDesc) p.toCase().desc().tensorFields().get(2).desc();
        long at = n * ix.effectiveStrides().get(p.rank() - 2);
        ByteBuffer b = ByteBuffer.wrap(indices).order(ByteOrder.LITTLE_ENDIAN);
        return ix.dataType() == TensorDataType.UINT64 ? b.getLong(Math.toIntExact(8 * at))
                : Integer.toUnsignedLong(b.getInt(Math.toIntExact(4 * at)));
    }

    private static BufferTensorDesc layout(TensorDataType type, long[] sizes, boolean gaps) {
        if (!gaps) {
            return BufferTensorDesc.packed(type, sizes);
        }
        long[] strides = new long[sizes.length];
        long packed = 1;
        long last = 0;
        for (int d = sizes.length - 1; d >= 0; d--) {
            strides[d] = Math.multiplyExact(2, packed);
            packed = Math.multiplyExact(packed, sizes[d]);
            last = Math.addExact(last, Math.multiplyExact(sizes[d] - 1, strides[d]));
        }
        return new BufferTensorDesc(type, TensorFlags.NONE, sizes.length, Shapes.toList(sizes),
                Optional.of(Shapes.toList(strides)), Math.multiplyExact(last + 1, type.sizeInBytes()), 0);
    }
}
