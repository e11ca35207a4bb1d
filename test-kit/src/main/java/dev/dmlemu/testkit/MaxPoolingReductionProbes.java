package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The real DLL's probes of max poolings without indices whose windows are the whole input (docs/directml-behaviour.md
 * §16.9), as cases with the DLL's answers written down. {@link #MODELLED}: spatial output sizes of 1 or the input's,
 * which DirectML computes as REDUCE MAX; {@link #UNMODELLED}: other output sizes, which the emulator refuses.
 */
public final class MaxPoolingReductionProbes {

    private static final long NAN = 0x7FC0_0000L;
    private static final long MINUS_INFINITY = 0xFF80_0000L;
    private static final long MINUS_ZERO = 0x8000_0000L;
    private static final long MINUS_ONE = 0xBF80_0000L;
    private static final long ONE = 0x3F80_0000L;

    /**
     * One probe: a whole-input window (WindowSize the input's spatial sizes), no padding, no indices.
     *
     * @param operator MAX_POOLING, or MAX_POOLING1 or MAX_POOLING2 with a NULL indices tensor
     * @param inStrides the input's strides, or null for packed
     * @param outStrides the output's strides, or null for packed
     * @param poolStrides the desc's Strides
     * @param values the input buffer's elements (FLOAT32 as raw bits)
     * @param expected the DLL's output, in row-major order of the output's elements (FLOAT32 as raw bits)
     */
    public record Probe(String name, OperatorType operator, TensorDataType type, long[] in, long[] inStrides,
            long[] out, long[] outStrides, long[] poolStrides, long[] values, long[] expected) {

        /** The case, the output filled with 0x7F bytes. */
        public MovementCase toCase() {
            int spatial = in.length - 2;
            BufferTensorDesc input = inStrides == null ? BufferTensorDesc.packed(type, in)
                    : BufferTensorDesc.strided(type, Shapes.toList(in), Shapes.toList(inStrides));
            BufferTensorDesc output = outStrides == null ? BufferTensorDesc.packed(type, out)
                    : BufferTensorDesc.strided(type, Shapes.toList(out), Shapes.toList(outStrides));
            List<Long> windows = Shapes.toList(Arrays.copyOfRange(in, 2, in.length));
            List<Long> zeros = Collections.nCopies(spatial, 0L);
            List<Long> strides = Shapes.toList(poolStrides);
            OperatorDesc desc = switch (operator) {
                case MAX_POOLING -> new MaxPoolingOperatorDesc(input, output, spatial, strides, windows, zeros, zeros);
                case MAX_POOLING1 -> new MaxPooling1OperatorDesc(input, output, TensorDesc.NULL, spatial, strides,
                        windows, zeros, zeros);
                default -> MaxPooling2OperatorDesc.builder().inputTensor(input).outputTensor(output)
                        .outputIndicesTensor(TensorDesc.NULL).dimensionCount(spatial).strides(strides)
                        .windowSize(windows).startPadding(zeros).endPadding(zeros)
                        .dilations(Collections.nCopies(spatial, 1L)).build();
            };
            int size = type.sizeInBytes();
            byte[] bytes = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
            for (int i = 0; i < values.length; i++) {
                LittleEndian.put(bytes, i * size, size, values[i]);
            }
            List<TensorBytes> outputs = new ArrayList<>(List.of(TensorBytes.unwritten(output.totalTensorSizeInBytes())));
            if (operator != OperatorType.MAX_POOLING) {
                outputs.add(TensorBytes.of(new byte[4]));
            }
            return new MovementCase(desc, List.of(TensorBytes.of(bytes)), outputs);
        }

        /** The output's elements in row-major order of its sizes, read from a run's output array. */
        public List<Long> read(byte[] output) {
            long[] strides = outStrides == null ? Shapes.packedStrides(out) : outStrides;
            int size = type.sizeInBytes();
            List<Long> elements = new ArrayList<>();
            for (long e = 0; e < Shapes.product(out); e++) {
                long at = Shapes.offset(Shapes.coordinate(e, out), strides) * size;
                long bits = LittleEndian.bits(output, Math.toIntExact(at), size);
                elements.add(type == TensorDataType.FLOAT32 || type.name().startsWith("U") ? bits
                        : bits << (64 - 8 * size) >> (64 - 8 * size));
            }
            return elements;
        }

        public List<Long> expectedList() {
            return Arrays.stream(expected).boxed().toList();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private static final long[] NINE = {0, 5, 1, 6, 2, 7, 3, 8, 4};

    /** Output sizes of 1 (reduced) or the input's (kept): what the emulator computes, REDUCE MAX's way. */
    public static final List<Probe> MODELLED = List.of(
            // [1, 1, 3, 3] holding 0 5 1 / 6 2 7 / 3 8 4: columns, then rows; the desc's Strides change nothing.
            new Probe("columns", OperatorType.MAX_POOLING, TensorDataType.INT32, sizes(1, 1, 3, 3), null,
                    sizes(1, 1, 1, 3), null, sizes(2, 1), NINE, sizes(6, 8, 7)),
            new Probe("rows", OperatorType.MAX_POOLING, TensorDataType.INT32, sizes(1, 1, 3, 3), null,
                    sizes(1, 1, 3, 1), null, sizes(1, 3), NINE, sizes(5, 7, 8)),
            // The same buffer read transposed (strides 1 down, 3 across): the columns are the buffer's runs.
            new Probe("columns of a transposed input", OperatorType.MAX_POOLING, TensorDataType.INT32,
                    sizes(1, 1, 3, 3), sizes(9, 9, 1, 3), sizes(1, 1, 1, 3), null, sizes(1, 1), NINE,
                    sizes(5, 7, 8)),
            // 5-D: D and W reduced, H kept, into a strided output.
            new Probe("5-D, two dimensions reduced", OperatorType.MAX_POOLING, TensorDataType.INT64,
                    sizes(1, 2, 2, 2, 2), null, sizes(1, 2, 1, 2, 1), sizes(4, 1, 2, 2, 2), sizes(1, 1, 1),
                    sizes(3, 14, 9, 0, 12, 5, 7, 1, 10, 2, 15, 8, 4, 13, 6, 11), sizes(14, 9, 13, 15)),
            // Of -0.0 and 0.0, the one at the higher address, not the later in row-major order: transposed [2, 2]
            // holding -1 0.0 / -0.0 -1 (addresses 0 2 / 1 3) gives -0.0, and 0.0 when the zeros swap.
            new Probe("the zero at the higher address", OperatorType.MAX_POOLING, TensorDataType.FLOAT32,
                    sizes(1, 1, 2, 2), sizes(4, 4, 1, 2), sizes(1, 1, 1, 1), null, sizes(1, 1),
                    sizes(MINUS_ONE, 0, MINUS_ZERO, MINUS_ONE), sizes(MINUS_ZERO)),
            new Probe("the zero at the higher address, swapped", OperatorType.MAX_POOLING, TensorDataType.FLOAT32,
                    sizes(1, 1, 2, 2), sizes(4, 4, 1, 2), sizes(1, 1, 1, 1), null, sizes(1, 1),
                    sizes(MINUS_ONE, MINUS_ZERO, 0, MINUS_ONE), sizes(0)),
            // NaN skipped; nothing but NaN and -infinity gives -infinity (a window rule's start would give -FLT_MAX).
            new Probe("NaN and -infinity", OperatorType.MAX_POOLING1, TensorDataType.FLOAT32, sizes(1, 1, 3, 2),
                    null, sizes(1, 1, 3, 1), null, sizes(1, 1),
                    sizes(NAN, MINUS_INFINITY, NAN, NAN, ONE, NAN), sizes(MINUS_INFINITY, MINUS_INFINITY, ONE)),
            new Probe("MAX_POOLING2 without indices", OperatorType.MAX_POOLING2, TensorDataType.INT32,
                    sizes(1, 2, 2, 3), null, sizes(1, 2, 2, 1), null, sizes(2, 2),
                    sizes(4, 9, 1, 7, 2, 8, 11, 0, 6, 3, 10, 5), sizes(9, 8, 11, 10)),
            new Probe("unsigned", OperatorType.MAX_POOLING1, TensorDataType.UINT8, sizes(1, 1, 2, 2), null,
                    sizes(1, 1, 1, 2), null, sizes(1, 1), sizes(200, 3, 7, 250), sizes(200, 250)),
            // A 64 x 64 window (4,096 elements, an innermost block) is REDUCE MAX's tree, not its walk: per channel
            // -0.0 at the first position, +0.0 at the second, -1 elsewhere; position 0 wins over 1 and over 4,095.
            new Probe("a window of 4,096, the tree", OperatorType.MAX_POOLING, TensorDataType.FLOAT32,
                    sizes(1, 4, 64, 64), null, sizes(1, 4, 1, 1), null, sizes(1, 1),
                    zeroPairs(4096, 0, 1, 1, 0, 0, 4095, 4095, 0), sizes(MINUS_ZERO, 0, MINUS_ZERO, 0)));

    /**
     * Planes of {@code plane} FLOAT32 elements, one per pair of {@code positions}: -0.0 at the first, +0.0 at the
     * second, -1 elsewhere (raw bits).
     */
    private static long[] zeroPairs(int plane, int... positions) {
        int planes = positions.length / 2;
        long[] values = new long[plane * planes];
        Arrays.fill(values, MINUS_ONE);
        for (int p = 0; p < planes; p++) {
            values[p * plane + positions[2 * p]] = MINUS_ZERO;
            values[p * plane + positions[2 * p + 1]] = 0;
        }
        return values;
    }

    /** Other output sizes: the emulator refuses them; the DLL's answers, for the record. */
    public static final List<Probe> UNMODELLED = List.of(
            // PoolingParityTest's MAX_POOLING seed -710668494442260967: outputs of [1, 2, 2, 2] from [1, 2, 1, 2].
            new Probe("more outputs than inputs", OperatorType.MAX_POOLING, TensorDataType.INT64, sizes(1, 2, 1, 2),
                    sizes(0, 4, 3, 1), sizes(1, 2, 2, 2), sizes(4, 1, 2, 4), sizes(1, 2),
                    sizes(5, 7, 0, 0, 9, 3), sizes(Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE,
                            Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE)),
            // [1, 2, 1, 2] into [1, 2, 2, 1]: one element each, as if the input were [1, 2, 2, 1].
            new Probe("sizes moved between dimensions", OperatorType.MAX_POOLING, TensorDataType.INT32,
                    sizes(1, 2, 1, 2), null, sizes(1, 2, 2, 1), null, sizes(1, 1), sizes(5, 7, 9, 3),
                    sizes(5, 7, 9, 3)),
            // [3, 3] holding 10 to 18 into [1, 2]: runs of 9 / 2 = 4 elements from each output's own position.
            new Probe("runs across rows", OperatorType.MAX_POOLING, TensorDataType.INT32, sizes(1, 1, 3, 3), null,
                    sizes(1, 1, 1, 2), null, sizes(1, 1), sizes(10, 11, 12, 13, 14, 15, 16, 17, 18),
                    sizes(13, 14)));

    private MaxPoolingReductionProbes() {}

    private static long[] sizes(long... values) {
        return values;
    }
}
