package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveDiagonalMatrix;
import dev.dmlemu.testkit.NaiveMaxUnpooling;
import dev.dmlemu.testkit.NaiveOneHot;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The choices ONE_HOT, DIAGONAL_MATRIX and MAX_UNPOOLING make, pinned on the real DirectML.dll
 * (docs/directml-behaviour.md §16.8): which position an index of each type names and where the on value is read,
 * how DIAGONAL_MATRIX's FLOAT Value becomes an integer element, and where MAX_UNPOOLING's indices write.
 * Each probe's DLL output must equal the recorded one (or, for the values, the emulator's and the naive
 * reference's); the emulator and the naive reference must give the same.
 */
class PlacementMeasuredTest {

    /** Eight indices per type into sequences of 3 (on 20, off 10), and the hot position the DLL wrote (-1: none). */
    private record IndexProbe(TensorDataType type, long[] indices, int[] hot) {}

    private static final List<IndexProbe> INDEX_PROBES = List.of(
            new IndexProbe(TensorDataType.INT32, new long[] {0, 2, -1, 3, -4, -3, 7, Integer.MIN_VALUE},
                    new int[] {0, 2, 2, -1, -1, 0, -1, -1}),
            new IndexProbe(TensorDataType.UINT32, new long[] {0, 2, 0xFFFF_FFFFL, 3, 0xFFFF_FFFCL, 0xFFFF_FFFDL, 7,
                1L << 31}, new int[] {0, 2, -1, -1, -1, -1, -1, -1}),
            new IndexProbe(TensorDataType.INT64, new long[] {0, 2, -1, (1L << 32) + 1, -(1L << 32) + 1,
                -(1L << 32) - 2, -3, (1L << 32) + 2}, new int[] {0, 2, 2, 1, -1, 1, 0, 2}),
            new IndexProbe(TensorDataType.INT64, new long[] {0xFFFF_FFFFL, 0xFFFF_FFFEL, -(1L << 32), Long.MAX_VALUE,
                Long.MIN_VALUE, (1L << 33) + 1, -(1L << 33) + 1, 1}, new int[] {-1, -1, -1, -1, -1, 1, -1, 1}),
            new IndexProbe(TensorDataType.UINT64, new long[] {-1, Long.MIN_VALUE, (1L << 32) + 1, -(1L << 32) + 1, -2,
                0xFFFF_FFFFL, 2, 0}, new int[] {-1, -1, -1, -1, -1, -1, 2, 0}));

    @Test
    void oneHotIndicesNameThePositionsTheRealDllWrites() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PlacementMeasuredTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        try (Emulator emulator = new Emulator()) {
            for (IndexProbe probe : INDEX_PROBES) {
                int width = probe.type().sizeInBytes();
                ByteBuffer indices = ByteBuffer.allocate(8 * width).order(ByteOrder.LITTLE_ENDIAN);
                for (long index : probe.indices()) {
                    if (width == 4) {
                        indices.putInt((int) index);
                    } else {
                        indices.putLong(index);
                    }
                }
                ByteBuffer values = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putFloat(10).putFloat(20);
                ByteBuffer expected = ByteBuffer.allocate(96).order(ByteOrder.LITTLE_ENDIAN);
                for (int hot : probe.hot()) {
                    for (int k = 0; k < 3; k++) {
                        expected.putFloat(k == hot ? 20 : 10);
                    }
                }
                OneHotOperatorDesc desc = new OneHotOperatorDesc(BufferTensorDesc.packed(probe.type(), 8, 1),
                        BufferTensorDesc.packed(TensorDataType.FLOAT32, 2, 1),
                        BufferTensorDesc.packed(TensorDataType.FLOAT32, 8, 3), 1);
                MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(indices.array()),
                        TensorBytes.of(values.array())), List.of(TensorBytes.of(new byte[96])));
                byte[] dll = real.executeArrays(desc, c.all().stream().map(TensorBytes::bytes).toList()).get(0);
                String what = probe.type() + " " + Arrays.toString(probe.indices());
                assertArrayEquals(expected.array(), dll, () -> what + ": the DLL");
                assertArrayEquals(dll, EmulatorOnCase.outputs(emulator, validator, c).get(0), () -> what
                        + ": the emulator");
                assertArrayEquals(dll, NaiveOneHot.run(c).get(0), () -> what + ": NaiveOneHot");
            }
        }
    }

    /**
     * The on value is element 1 along the ValuesTensor's last dimension, through that dimension's stride, whatever
     * the sizes: values bytes 16..31 (INT8) read with sizes and strides as below put the byte at the last stride.
     */
    @Test
    void theOnValueIsReadThroughTheLastDimensionsStride() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PlacementMeasuredTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        long[][][] layouts = {{{2, 1, 1}, {3, 5, 7}}, {{1, 2, 1}, {3, 5, 7}}, {{1, 1, 2}, {3, 5, 7}},
            {{2, 1, 1}, {1, 0, 2}}, {{2, 2, 1}, {1, 3, 7}}};
        byte[] valueBytes = new byte[16];
        for (int i = 0; i < 16; i++) {
            valueBytes[i] = (byte) (16 + i);
        }
        try (Emulator emulator = new Emulator()) {
            for (long[][] layout : layouts) {
                BufferTensorDesc values = new BufferTensorDesc(TensorDataType.INT8, dev.dmlemu.desc.TensorFlags.NONE,
                        3, Arrays.stream(layout[0]).boxed().toList(),
                        java.util.Optional.of(Arrays.stream(layout[1]).boxed().toList()), 16, 0);
                OneHotOperatorDesc desc = new OneHotOperatorDesc(BufferTensorDesc.packed(TensorDataType.INT32, 2, 1, 1),
                        values, BufferTensorDesc.packed(TensorDataType.INT8, 2, 2, 1), 1);
                byte[] indices = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0).putInt(1).array();
                MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(indices), TensorBytes.of(valueBytes)),
                        List.of(TensorBytes.of(new byte[4])));
                byte on = (byte) (16 + layout[1][2]);
                byte[] expected = {on, 16, 16, on};
                byte[] dll = Arrays.copyOf(real.executeArrays(desc, c.all().stream().map(TensorBytes::bytes)
                        .toList()).get(0), 4);
                String what = Arrays.deepToString(layout);
                assertArrayEquals(expected, dll, () -> what + ": the DLL");
                assertArrayEquals(dll, Arrays.copyOf(EmulatorOnCase.outputs(emulator, validator, c).get(0), 4),
                        () -> what + ": the emulator");
                assertArrayEquals(dll, Arrays.copyOf(NaiveOneHot.run(c).get(0), 4), () -> what + ": NaiveOneHot");
            }
        }
    }

    /** A MAX_UNPOOLING probe: FLOAT32 input 1, 2, 3, 4, its indices, the output prefilled with 99 and as written. */
    private record UnpoolingProbe(long[] input, TensorDataType indexType, long[] indices, long[] output,
            float[] written) {}

    private static final List<UnpoolingProbe> UNPOOLING_PROBES = List.of(
            new UnpoolingProbe(new long[] {1, 1, 2, 2}, TensorDataType.UINT32, new long[] {0, 4, 8, 2},
                    new long[] {1, 1, 3, 3}, new float[] {1, 0, 4, 0, 2, 0, 0, 0, 3}),
            // Indices number the whole output, across channels and batches, not each plane.
            new UnpoolingProbe(new long[] {1, 2, 1, 2}, TensorDataType.UINT32, new long[] {0, 3, 0, 3},
                    new long[] {1, 2, 2, 2}, new float[] {3, 0, 0, 4, 0, 0, 0, 0}),
            new UnpoolingProbe(new long[] {2, 1, 1, 2}, TensorDataType.UINT32, new long[] {0, 5, 1, 2},
                    new long[] {2, 1, 2, 2}, new float[] {1, 3, 4, 0, 0, 2, 0, 0}),
            // Past the output: no write.
            new UnpoolingProbe(new long[] {1, 1, 2, 2}, TensorDataType.UINT32, new long[] {0, 100, 0xFFFF_FFFFL, 1},
                    new long[] {1, 1, 3, 3}, new float[] {1, 4, 0, 0, 0, 0, 0, 0, 0}),
            // One target four times: the last input element's value stays.
            new UnpoolingProbe(new long[] {1, 1, 2, 2}, TensorDataType.UINT32, new long[] {1, 1, 1, 1},
                    new long[] {1, 1, 3, 3}, new float[] {0, 4, 0, 0, 0, 0, 0, 0, 0}),
            // A UINT64 index counts by its low 32 bits: 2^32 + 1 is 1.
            new UnpoolingProbe(new long[] {1, 1, 2, 2}, TensorDataType.UINT64, new long[] {0, (1L << 32) + 1, 8, 2},
                    new long[] {1, 1, 3, 3}, new float[] {1, 2, 4, 0, 0, 0, 0, 0, 3}));

    @Test
    void maxUnpoolingWritesAtWholeOutputElementNumbers() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PlacementMeasuredTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        try (Emulator emulator = new Emulator()) {
            for (UnpoolingProbe probe : UNPOOLING_PROBES) {
                int width = probe.indexType().sizeInBytes();
                ByteBuffer input = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
                ByteBuffer indices = ByteBuffer.allocate(4 * width).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < 4; i++) {
                    input.putFloat(i + 1);
                    if (width == 4) {
                        indices.putInt((int) probe.indices()[i]);
                    } else {
                        indices.putLong(probe.indices()[i]);
                    }
                }
                int outputs = probe.written().length;
                ByteBuffer prefilled = ByteBuffer.allocate(4 * outputs).order(ByteOrder.LITTLE_ENDIAN);
                ByteBuffer expected = ByteBuffer.allocate(4 * outputs).order(ByteOrder.LITTLE_ENDIAN);
                for (float value : probe.written()) {
                    prefilled.putFloat(99);
                    expected.putFloat(value);
                }
                dev.dmlemu.desc.MaxUnpoolingOperatorDesc desc = new dev.dmlemu.desc.MaxUnpoolingOperatorDesc(
                        BufferTensorDesc.packed(TensorDataType.FLOAT32, probe.input()),
                        BufferTensorDesc.packed(probe.indexType(), probe.input()),
                        BufferTensorDesc.packed(TensorDataType.FLOAT32, probe.output()));
                MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(input.array()),
                        TensorBytes.of(indices.array())), List.of(TensorBytes.of(prefilled.array())));
                byte[] dll = real.executeArrays(desc, c.all().stream().map(TensorBytes::bytes).toList()).get(0);
                String what = probe.indexType() + " " + Arrays.toString(probe.indices());
                assertArrayEquals(expected.array(), Arrays.copyOf(dll, 4 * outputs), () -> what + ": the DLL");
                assertArrayEquals(dll, EmulatorOnCase.outputs(emulator, validator, c).get(0), () -> what
                        + ": the emulator");
                assertArrayEquals(dll, NaiveMaxUnpooling.run(c).get(0), () -> what + ": NaiveMaxUnpooling");
            }
        }
    }

    /** PADDING's values (§16.5): fractional both ways, at and past each type's range, huge, NaN, infinite. */
    private static final float[] VALUES = {0f, -0f, 1f, 2.5f, -2.5f, 3.7f, -3.7f, -0.5f, -1f, 127.9f, 128f, 255.5f,
        256f, -129f, 65536f, -40000f, 2147483520f, 2147483648f, 3e9f, 4294967040f, 4294967296f, -3e9f, 5e18f, -1e19f,
        2e19f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};

    @Test
    void diagonalMatrixIntegerValuesAreTruncatedAsPaddingValuesAre() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PlacementMeasuredTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        try (Emulator emulator = new Emulator()) {
            for (TensorDataType type : List.of(TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT32,
                    TensorDataType.UINT32, TensorDataType.INT64, TensorDataType.UINT64, TensorDataType.FLOAT64)) {
                StringBuilder line = new StringBuilder("PlacementMeasuredTest DIAGONAL_MATRIX " + type + ":");
                int es = type.sizeInBytes();
                for (float v : VALUES) {
                    // A 1x2 matrix with Offset 1: element 0 is 0, element 1 the value.
                    BufferTensorDesc out = BufferTensorDesc.packed(type, 1, 2);
                    DiagonalMatrixOperatorDesc desc = new DiagonalMatrixOperatorDesc(out, 1, v);
                    byte[] prefilled = new byte[(int) out.totalTensorSizeInBytes()];
                    Arrays.fill(prefilled, (byte) 0x5A);
                    MovementCase c = new MovementCase(desc, List.of(), List.of(TensorBytes.of(prefilled)));
                    byte[] dll = Arrays.copyOf(real.executeArrays(desc, List.of(prefilled)).get(0), 2 * es);
                    line.append(' ').append(v).append("->")
                            .append(HexFormat.of().formatHex(Arrays.copyOfRange(dll, es, 2 * es)));
                    assertArrayEquals(new byte[es], Arrays.copyOf(dll, es), () -> type + " " + v + ": off the band");
                    assertArrayEquals(dll, Arrays.copyOf(EmulatorOnCase.outputs(emulator, validator, c).get(0),
                            2 * es), () -> type + " " + v + ": the emulator");
                    assertArrayEquals(dll, Arrays.copyOf(NaiveDiagonalMatrix.run(c).get(0), 2 * es),
                            () -> type + " " + v + ": NaiveDiagonalMatrix");
                }
                System.out.println(line);
            }
        }
    }
}
