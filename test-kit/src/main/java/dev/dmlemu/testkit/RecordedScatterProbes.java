package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Scatter cases run on the real DirectML.dll 1.15.4 (feature level 6_4), copied by hand with the output it printed:
 * the docs examples and the probes of docs/directml-behaviour.md §12.4 and §13.5, each under the name it was recorded with.
 * Data is FLOAT32 and indices UINT32 unless the name says otherwise; the output starts zeroed, as the referee's does.
 * The naive reference and the emulator are both held to these bytes.
 */
public final class RecordedScatterProbes {

    private RecordedScatterProbes() {}

    /** One recorded case: the desc, the buffers as uploaded, and the output bytes DirectML wrote. */
    public record Probe(String name, OperatorDesc desc, byte[] input, byte[] indices, byte[] updates,
            byte[] expected) {

        /** A zeroed output buffer of the output tensor's TotalTensorSizeInBytes. */
        public byte[] freshOutput() {
            BufferTensorDesc output = (BufferTensorDesc) desc.tensorFields().get(3).desc();
            return new byte[Math.toIntExact(output.totalTensorSizeInBytes())];
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** Every probe, in-range and out-of-range alike (all recorded under DirectML's own behaviour). */
    public static List<Probe> all() {
        return List.of(
                // Docs example 1: a duplicate index 3, the later update wins.
                elements("scatter_docs_ex1_1d", f32(5), u32(4), 0, floats(0, 1, 2, 3, 4), ints(3, 1, 3, 0),
                        floats(5, 6, 7, 8), floats(8, 6, 2, 7, 4)),
                elements("scatter_docs_ex2_input3x3", f32(3, 3), u32(2, 3), 0, floats(0, 0, 0, 0, 0, 0, 0, 0, 0),
                        ints(1, 0, 2, 0, 2, 1), floats(10, 11, 12, 20, 21, 22),
                        floats(20, 11, 0, 10, 0, 22, 0, 21, 12)),
                elements("s_dup_2d_axis0", f32(3, 2), u32(3, 2), 0, floats(0, 0, 0, 0, 0, 0), ints(1, 0, 1, 0, 1, 0),
                        floats(1, 2, 3, 4, 5, 6), floats(0, 6, 5, 0, 0, 0)),
                // Out of range: an inner-axis overflow writes into the next row; past the output it is dropped.
                elements("s_oob_inner_axis", f32(3, 3), u32(3, 1), 1, floats(1, 2, 3, 4, 5, 6, 7, 8, 9),
                        ints(3, 4, 3), floats(10, 20, 30), floats(1, 2, 3, 10, 5, 6, 7, 20, 9)),
                elements("s_oob_outer_axis", f32(3, 3), u32(1, 3), 0, floats(1, 2, 3, 4, 5, 6, 7, 8, 9),
                        ints(3, 5, 100), floats(10, 20, 30), floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                elements("s_neg_oob_i32", f32(2, 3), i32(2, 1), 1, floats(1, 2, 3, 4, 5, 6), ints(-4, -4),
                        floats(10, 20), floats(1, 2, 20, 4, 5, 6)),
                elements("s_neg_u64", f32(2, 3), u64(2, 1), 1, floats(1, 2, 3, 4, 5, 6), longs(-1, 1L << 32),
                        floats(10, 20), floats(1, 2, 10, 20, 5, 6)),
                elements("s_neg_i32", f32(2, 3), i32(2, 2), 1, floats(1, 2, 3, 4, 5, 6), ints(-1, -3, -2, 0),
                        floats(10, 20, 30, 40), floats(20, 2, 10, 40, 30, 6)),
                elements("s_int64_data", packed(TensorDataType.INT64, 4), i64(2), 0, longs(1, 2, 3, 4), longs(-1, 0),
                        longs(Long.MIN_VALUE, Long.MAX_VALUE), longs(Long.MAX_VALUE, 2, 3, Long.MIN_VALUE)),
                elements("s_strided_input_transposed", strided(List.of(2L, 2L), List.of(1L, 2L)), u32(1, 2), 0,
                        floats(1, 2, 3, 4), ints(1, 0), floats(10, 20), floats(1, 20, 10, 4)),
                // A size-1 axis ignores the index: every update lands on row 0.
                elements("se_unit_axis_ignores", f32(1, 3), u32(1, 3), 0, floats(1, 2, 3), ints(1, 5, 0),
                        floats(10, 20, 30), floats(10, 20, 30)),
                elements("se_unit_axis_ignores_i64", f32(2, 1, 3), i64(2, 1, 3), 1, floats(1, 2, 3, 4, 5, 6),
                        longs(7, -3, 1, 0, 4294967297L, -1), floats(10, 20, 30, 40, 50, 60),
                        floats(10, 20, 30, 40, 50, 60)),
                // 2^32 + 1 keeps its low 32 bits (1); -4 + 3 = -1 becomes 2^32 - 1 and wraps from row 1 to element 2.
                elements("se_wrap_mod32_inner", f32(3, 3), i64(3, 1), 1, floats(1, 2, 3, 4, 5, 6, 7, 8, 9),
                        longs(4294967297L, -4, 4), floats(10, 20, 30), floats(1, 10, 20, 4, 5, 6, 7, 8, 9)),
                new Probe("se_strided_output", new ScatterElementsOperatorDesc(f32(2, 3), i32(2, 2), f32(2, 2),
                        strided(List.of(2L, 3L), List.of(1L, 2L)), 1), floats(1, 2, 3, 4, 5, 6), ints(2, 0, 1, -1),
                        floats(10, 20, 30, 40), stridedOutput(new float[] {20, 2, 10, 4, 30, 40}, 2, 3, 1, 2)),
                new Probe("se_strided_updates_indices", new ScatterElementsOperatorDesc(f32(3, 2),
                        strided(TensorDataType.UINT32, List.of(2L, 2L), List.of(1L, 2L)),
                        strided(List.of(2L, 2L), List.of(1L, 2L)), f32(3, 2), 0), floats(1, 2, 3, 4, 5, 6),
                        ints(2, 0, 1, 2), floats(10, 20, 30, 40), floats(20, 2, 3, 30, 10, 40)),
                new Probe("se_uint8_dup_last", new ScatterElementsOperatorDesc(packed(TensorDataType.UINT8, 8),
                        u32(6), packed(TensorDataType.UINT8, 6), packed(TensorDataType.UINT8, 8), 0),
                        bytes(1, 2, 3, 4, 5, 6, 7, 8), ints(0, 3, 0, 3, 0, 9), bytes(10, 20, 30, 40, 50, 60, 0, 0),
                        bytes(50, 2, 3, 40, 5, 6, 7, 8)),
                nd("scatter_nd_docs_rank2", f32(1, 8), u32(4, 1), f32(1, 4), 1, 2, floats(1, 2, 3, 4, 5, 6, 7, 8),
                        ints(4, 3, 1, 7), floats(9, 10, 11, 12), floats(1, 11, 3, 10, 9, 6, 7, 12)),
                nd("snd_dup", f32(1, 4), u32(3, 1), f32(1, 3), 1, 2, floats(0, 0, 0, 0), ints(2, 2, 2),
                        floats(1, 2, 3), floats(0, 0, 3, 0)),
                nd("snd_oob", f32(1, 4), u32(3, 1), f32(1, 3), 1, 2, floats(1, 2, 3, 4), ints(4, 9, -1),
                        floats(10, 20, 30), floats(1, 2, 3, 4)),
                nd("snd_neg_i32", f32(1, 4), i32(2, 1), f32(1, 2), 1, 2, floats(1, 2, 3, 4), ints(-1, -4),
                        floats(10, 20), floats(20, 2, 3, 10)),
                nd("snd_slice_rows", f32(3, 2), u32(2, 1), f32(2, 2), 2, 2, floats(1, 2, 3, 4, 5, 6), ints(2, 0),
                        floats(10, 20, 30, 40), floats(30, 40, 3, 4, 10, 20)),
                // (0, 3) walks into row 1; (2, 5) lands past the output and is dropped.
                nd("snd_inner_walk", f32(3, 3), u32(2, 2), f32(1, 2), 2, 2, floats(1, 2, 3, 4, 5, 6, 7, 8, 9),
                        ints(0, 3, 2, 5), floats(10, 20), floats(1, 2, 3, 10, 5, 6, 7, 8, 9)),
                // A size-1 dimension keeps its index: (0, 1) in {3,1,2} is row 1.
                nd("snd_unit_dim_no_ignore", f32(3, 1, 2), u32(1, 1, 2), f32(1, 1, 2), 3, 3,
                        floats(1, 2, 3, 4, 5, 6), ints(0, 1), floats(10, 20), floats(1, 2, 10, 20, 5, 6)),
                // Indices and updates with one more, leading, dimension than the input: read right-aligned.
                nd("snd_extra_leading_dim", f32(4, 2), i32(1, 2, 1), f32(1, 2, 2), 2, 2,
                        floats(1, 2, 3, 4, 5, 6, 7, 8), ints(-1, 1), floats(10, 20, 30, 40),
                        floats(1, 2, 30, 40, 5, 6, 10, 20)),
                nd("snd_counts_with_leading_ones", f32(1, 2, 3), i64(1, 2, 2), f32(1, 1, 2), 2, 2,
                        floats(1, 2, 3, 4, 5, 6), longs(1, -1, 0, 4294967298L), floats(10, 20),
                        floats(1, 2, 20, 4, 5, 10)),
                // Indices and updates of other DimensionCounts than the input: every shape right-aligned (§13.3).
                nd("snd_x_formula_longer_than_input", f32(2, 2), u32(2, 2, 1), f32(2, 2, 2), 2, 3,
                        floats(1, 2, 3, 4), ints(1, 0, 0, 1), floats(10, 20, 30, 40, 50, 60, 70, 80),
                        floats(50, 60, 70, 80)),
                nd("snd_x_indices_rank1", f32(2, 3), i32(2), f32(1), 2, 1, floats(1, 2, 3, 4, 5, 6), ints(1, -1),
                        floats(10), floats(1, 2, 3, 4, 5, 10)),
                nd("snd_x_updates_minus1", f32(1, 3, 2), u32(1, 2, 1), f32(2, 2), 2, 2, floats(1, 2, 3, 4, 5, 6),
                        ints(2, 0), floats(10, 20, 30, 40), floats(30, 40, 3, 4, 10, 20)),
                nd("snd_dup_slices", f32(3, 2), u32(3, 1), f32(3, 2), 2, 2, floats(1, 2, 3, 4, 5, 6), ints(1, 1, 0),
                        floats(10, 20, 30, 40, 50, 60), floats(50, 60, 30, 40, 5, 6)),
                new Probe("snd_strided_output", new ScatterNdOperatorDesc(f32(2, 3), u32(1, 1), f32(1, 3),
                        strided(List.of(2L, 3L), List.of(1L, 2L)), 2, 2), floats(1, 2, 3, 4, 5, 6), ints(1),
                        floats(10, 20, 30), stridedOutput(new float[] {1, 2, 3, 10, 20, 30}, 2, 3, 1, 2)));
    }

    private static Probe elements(String name, BufferTensorDesc input, BufferTensorDesc indices, long axis,
            byte[] in, byte[] idx, byte[] updates, byte[] expected) {
        BufferTensorDesc updatesTensor = packed(input.dataType(), Shapes.toArray(indices.sizes()));
        BufferTensorDesc output = packed(input.dataType(), Shapes.toArray(input.sizes()));
        return new Probe(name, new ScatterElementsOperatorDesc(input, indices, updatesTensor, output, axis), in, idx,
                updates, expected);
    }

    private static Probe nd(String name, BufferTensorDesc input, BufferTensorDesc indices, BufferTensorDesc updates,
            long inputCount, long indicesCount, byte[] in, byte[] idx, byte[] upd, byte[] expected) {
        return new Probe(name, new ScatterNdOperatorDesc(input, indices, updates, input, inputCount, indicesCount),
                in, idx, upd, expected);
    }

    /** The bytes of an output with the given strides whose logical row-major values are {@code logical}. */
    private static byte[] stridedOutput(float[] logical, long rows, long columns, long rowStride, long columnStride) {
        long span = (rows - 1) * rowStride + (columns - 1) * columnStride + 1;
        ByteBuffer b = ByteBuffer.allocate((int) span * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                b.putFloat((int) ((r * rowStride + c * columnStride) * 4), logical[(int) (r * columns + c)]);
            }
        }
        return b.array();
    }

    private static BufferTensorDesc packed(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static BufferTensorDesc f32(long... sizes) {
        return packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc u32(long... sizes) {
        return packed(TensorDataType.UINT32, sizes);
    }

    private static BufferTensorDesc i32(long... sizes) {
        return packed(TensorDataType.INT32, sizes);
    }

    private static BufferTensorDesc i64(long... sizes) {
        return packed(TensorDataType.INT64, sizes);
    }

    private static BufferTensorDesc u64(long... sizes) {
        return packed(TensorDataType.UINT64, sizes);
    }

    private static BufferTensorDesc strided(List<Long> sizes, List<Long> strides) {
        return strided(TensorDataType.FLOAT32, sizes, strides);
    }

    private static BufferTensorDesc strided(TensorDataType type, List<Long> sizes, List<Long> strides) {
        return BufferTensorDesc.strided(type, sizes, strides);
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    private static byte[] ints(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putInt((int) v);
        }
        return b.array();
    }

    private static byte[] longs(long... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            b.putLong(v);
        }
        return b.array();
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}
