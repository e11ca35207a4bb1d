package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.UnfoldOperatorDesc;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid cases of MAX_POOLING, MAX_POOLING1, MAX_POOLING2, UNFOLD and FOLD at 6_4: 4-D and 5-D inputs laid out as every kit
 * generator lays them, windows of 1 to 3 (4 now and then) with strides, dilations (MAX_POOLING2) and paddings that may
 * leave whole windows in the padding, output sizes from the window formula or one off it (DirectML does not check
 * them; without indices, whole-input windows get spatial output sizes of 1 or the input's, the only ones modelled),
 * the indices output UINT32 or UINT64 or absent. Half the inputs hold any bits, the other half values drawn from
 * a few edge values so that windows tie: ±0.0, ±1, NaN, ±infinity, ±FLT_MAX, the integer extremes.
 */
public final class PoolingCases {

    /** The operators this generator draws. */
    public static final List<OperatorType> OPERATORS = List.of(OperatorType.MAX_POOLING, OperatorType.MAX_POOLING1,
            OperatorType.MAX_POOLING2, OperatorType.UNFOLD, OperatorType.FOLD);

    /** UNFOLD's and FOLD's types: those its tables list (measured, docs/directml-behaviour.md §14.4). */
    private static final List<TensorDataType> UNFOLD_TYPES = List.of(TensorDataType.FLOAT64, TensorDataType.FLOAT32,
            TensorDataType.INT64, TensorDataType.INT32, TensorDataType.INT8, TensorDataType.UINT64,
            TensorDataType.UINT32, TensorDataType.UINT8);

    /** The poolings' data types at 6_4 but FLOAT16, whose comparisons could not be measured. */
    private static final List<TensorDataType> TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT64,
            TensorDataType.INT32, TensorDataType.INT16, TensorDataType.INT8, TensorDataType.UINT64,
            TensorDataType.UINT32, TensorDataType.UINT16, TensorDataType.UINT8);

    private static final float[] FLOAT_EDGES = {0f, -0f, 1f, -1f, 2f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY, Float.MAX_VALUE, -Float.MAX_VALUE};

    private final CaseOptions options;

    public PoolingCases(CaseOptions options) {
        this.options = options;
    }

    public MovementCase generate(OperatorType operator, long seed) {
        Random r = new Random(seed);
        if (operator == OperatorType.UNFOLD || operator == OperatorType.FOLD) {
            return operator == OperatorType.UNFOLD ? unfold(r) : fold(r);
        }
        List<TensorDataType> allowed = TYPES.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = allowed.get(r.nextInt(allowed.size()));
        int spatial = 2 + (r.nextInt(4) == 0 ? 1 : 0);
        long[] in = new long[spatial + 2];
        long[] out = new long[spatial + 2];
        in[0] = out[0] = 1 + r.nextInt(2);
        in[1] = out[1] = 1 + r.nextInt(3);
        long[] strides = new long[spatial];
        long[] windows = new long[spatial];
        long[] starts = new long[spatial];
        long[] ends = new long[spatial];
        long[] dilations = new long[spatial];
        for (int d = 0; d < spatial; d++) {
            in[d + 2] = 1 + r.nextInt(spatial == 3 ? 4 : 7);
            windows[d] = 1 + r.nextInt(r.nextInt(6) == 0 ? 4 : 3);
            strides[d] = 1 + r.nextInt(3);
            dilations[d] = operator == OperatorType.MAX_POOLING2 ? 1 + r.nextInt(2) : 1;
            starts[d] = r.nextInt((int) windows[d] + (r.nextInt(8) == 0 ? 3 : 1));
            ends[d] = r.nextInt((int) windows[d] + (r.nextInt(8) == 0 ? 3 : 1));
            long extent = (windows[d] - 1) * dilations[d] + 1;
            long room = in[d + 2] + starts[d] + ends[d] - extent;
            long formula = room < 0 ? 1 : room / strides[d] + 1;
            int off = r.nextInt(8);
            out[d + 2] = Math.max(1, formula + (off == 0 ? 1 : off == 1 ? -1 : 0));
        }
        wholeInputWindowsNowAndThen(seed, in, out, windows, starts, ends, dilations);
        BufferTensorDesc input = tensor(r, type, in, Role.INPUT);
        BufferTensorDesc output = tensor(r, type, out, Role.OUTPUT);
        TensorDesc indices = TensorDesc.NULL;
        if (operator != OperatorType.MAX_POOLING && r.nextInt(7) != 0) {
            indices = tensor(r, r.nextBoolean() ? TensorDataType.UINT32 : TensorDataType.UINT64, out, Role.OUTPUT);
        }
        if (!(indices instanceof BufferTensorDesc) && keepModelledReductionSizes(in, out, windows, starts, ends, dilations)) {
            output = tensor(r, type, out, Role.OUTPUT);
        }
        OperatorDesc desc = switch (operator) {
            case MAX_POOLING -> new MaxPoolingOperatorDesc(input, output, spatial, Shapes.toList(strides),
                    Shapes.toList(windows), Shapes.toList(starts), Shapes.toList(ends));
            case MAX_POOLING1 -> MaxPooling1OperatorDesc.builder().inputTensor(input).outputTensor(output)
                    .outputIndicesTensor(indices).dimensionCount(spatial).strides(Shapes.toList(strides))
                    .windowSize(Shapes.toList(windows)).startPadding(Shapes.toList(starts))
                    .endPadding(Shapes.toList(ends)).build();
            case MAX_POOLING2 -> MaxPooling2OperatorDesc.builder().inputTensor(input).outputTensor(output)
                    .outputIndicesTensor(indices).dimensionCount(spatial).strides(Shapes.toList(strides))
                    .windowSize(Shapes.toList(windows)).startPadding(Shapes.toList(starts))
                    .endPadding(Shapes.toList(ends)).dilations(Shapes.toList(dilations)).build();
            default -> throw new IllegalArgumentException("no pooling cases for " + operator);
        };
        TensorBytes inputBytes = place(r, input, Role.INPUT);
        if (r.nextBoolean()) {
            edgeValues(r, type, inputBytes);
        }
        TensorBytes outputBytes = place(r, output, Role.OUTPUT);
        List<TensorBytes> outputs = operator == OperatorType.MAX_POOLING ? List.of(outputBytes)
                : List.of(outputBytes, indices instanceof BufferTensorDesc b ? place(r, b, Role.OUTPUT)
                        : TensorBytes.of(new byte[4]));
        return new MovementCase(desc, List.of(inputBytes), outputs);
    }

    /**
     * One pooling in eight gets windows the size of the input, without padding or dilation, and spatial output sizes of
     * 1, the input's or one more: without indices DirectML computes them as a reduction (docs/directml-behaviour.md
     * §16.9), which the draws above seldom reach. A Random of its own keeps the other cases' draws as they were.
     */
    private static void wholeInputWindowsNowAndThen(long seed, long[] in, long[] out, long[] windows, long[] starts,
            long[] ends, long[] dilations) {
        Random side = new Random(seed ^ 0x5EED_0F3A_11L);
        if (side.nextInt(8) != 0) {
            return;
        }
        for (int d = 0; d < windows.length; d++) {
            windows[d] = in[d + 2];
            starts[d] = 0;
            ends[d] = 0;
            dilations[d] = 1;
            int pick = side.nextInt(3);
            out[d + 2] = pick == 0 ? 1 : pick == 1 ? in[d + 2] : in[d + 2] + 1;
        }
    }

    /**
     * Without indices, whole-input windows are DirectML's REDUCE MAX, modelled only for spatial output sizes of 1 or
     * the input's (docs/directml-behaviour.md §16.9): moves any other output size to the input's, and says whether it
     * moved one.
     */
    private static boolean keepModelledReductionSizes(long[] in, long[] out, long[] windows, long[] starts, long[] ends,
            long[] dilations) {
        for (int d = 0; d < windows.length; d++) {
            if (windows[d] != in[d + 2] || starts[d] != 0 || ends[d] != 0 || dilations[d] != 1) {
                return false;
            }
        }
        boolean moved = false;
        for (int d = 2; d < in.length; d++) {
            if (out[d] != 1 && out[d] != in[d]) {
                out[d] = in[d];
                moved = true;
            }
        }
        return moved;
    }

    /**
     * UNFOLD: 1 to 3 spatial dimensions of 1 to 5, windows 1 to 3, strides 1 or 2, dilations 0 to 2 (0 now and then),
     * paddings 0 to 2, the 3-D output the window formula gives.
     */
    private MovementCase unfold(Random r) {
        List<TensorDataType> allowed = UNFOLD_TYPES.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = allowed.get(r.nextInt(allowed.size()));
        int spatial = 1 + r.nextInt(3);
        long[] in = new long[spatial + 2];
        in[0] = 1 + r.nextInt(2);
        in[1] = 1 + r.nextInt(3);
        long[] windows = new long[spatial];
        long[] strides = new long[spatial];
        long[] dilations = new long[spatial];
        long[] starts = new long[spatial];
        long[] ends = new long[spatial];
        long windowElements = 1;
        long blocks = 1;
        for (int d = 0; d < spatial; d++) {
            windows[d] = 1 + r.nextInt(3);
            strides[d] = 1 + r.nextInt(2);
            dilations[d] = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(2);
            starts[d] = r.nextInt(3);
            ends[d] = r.nextInt(3);
            long extent = dilations[d] * (windows[d] - 1) + 1;
            in[d + 2] = Math.max(1, extent - starts[d] - ends[d]) + r.nextInt(4);
            windowElements *= windows[d];
            blocks *= (in[d + 2] + starts[d] + ends[d] - extent) / strides[d] + 1;
        }
        long[] out = {in[0], in[1] * windowElements, blocks};
        BufferTensorDesc input = tensor(r, type, in, Role.INPUT);
        BufferTensorDesc output = tensor(r, type, out, Role.OUTPUT);
        OperatorDesc desc = new UnfoldOperatorDesc(input, output, spatial, Shapes.toList(windows),
                Shapes.toList(strides), Shapes.toList(dilations), Shapes.toList(starts), Shapes.toList(ends));
        return new MovementCase(desc, List.of(place(r, input, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    /**
     * FOLD: 1 to 3 spatial dimensions, windows 1 to 4 (1 to 2 past one dimension) with strides 1 or 2 so that windows
     * overlap, dilations 1 to 3 (0, where DirectML reads outside the window, is not modelled), paddings 0 to 2. FLOAT32 inputs hold values
     * whose sum depends on the order of the additions (half the cases), edge values or any bits; integer inputs
     * edge values (so that INT8 and UINT8 saturate and the others wrap) or any bits.
     */
    private MovementCase fold(Random r) {
        List<TensorDataType> allowed = UNFOLD_TYPES.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = allowed.get(r.nextInt(allowed.size()));
        int spatial = 1 + r.nextInt(3);
        long[] out = new long[spatial + 2];
        out[0] = 1 + r.nextInt(2);
        out[1] = 1 + r.nextInt(3);
        long[] windows = new long[spatial];
        long[] strides = new long[spatial];
        long[] dilations = new long[spatial];
        long[] starts = new long[spatial];
        long[] ends = new long[spatial];
        long windowElements = 1;
        long blocks = 1;
        for (int d = 0; d < spatial; d++) {
            windows[d] = 1 + r.nextInt(spatial == 1 ? 4 : 2);
            strides[d] = 1 + r.nextInt(2);
            dilations[d] = 1 + r.nextInt(r.nextInt(6) == 0 ? 3 : 2);
            starts[d] = r.nextInt(3);
            ends[d] = r.nextInt(3);
            long extent = dilations[d] * (windows[d] - 1) + 1;
            out[d + 2] = Math.max(1, extent - starts[d] - ends[d]) + r.nextInt(spatial == 3 ? 3 : 5);
            windowElements *= windows[d];
            blocks *= (out[d + 2] + starts[d] + ends[d] - extent) / strides[d] + 1;
        }
        long[] in = {out[0], out[1] * windowElements, blocks};
        BufferTensorDesc input = tensor(r, type, in, Role.INPUT);
        BufferTensorDesc output = tensor(r, type, out, Role.OUTPUT);
        OperatorDesc desc = new FoldOperatorDesc(input, output, spatial, Shapes.toList(windows),
                Shapes.toList(strides), Shapes.toList(dilations), Shapes.toList(starts), Shapes.toList(ends));
        TensorBytes inputBytes = place(r, input, Role.INPUT);
        int values = r.nextInt(4);
        if (type == TensorDataType.FLOAT32 && (values < 2 || options.elementValues() == ElementValues.FINITE)) {
            for (int at = inputBytes.offset(); at + 4 <= inputBytes.bytes().length; at += 4) {
                float x = (float) (r.nextGaussian() * Math.pow(10, r.nextInt(9) - 4));
                LittleEndian.put(inputBytes.bytes(), at, 4, Float.floatToRawIntBits(x));
            }
        } else if (values < 3 && type != TensorDataType.FLOAT64) {
            edgeValues(r, type, inputBytes);
        }
        return new MovementCase(desc, List.of(inputBytes), List.of(place(r, output, Role.OUTPUT)));
    }

    /** Overwrites every element slot of the array with one of a few edge values of the type. */
    static void edgeValues(Random r, TensorDataType type, TensorBytes bytes) {
        int size = type.sizeInBytes();
        for (int at = bytes.offset(); at + size <= bytes.bytes().length; at += size) {
            long bits;
            if (type == TensorDataType.FLOAT32) {
                bits = Float.floatToRawIntBits(FLOAT_EDGES[r.nextInt(FLOAT_EDGES.length)]);
            } else {
                long top = 1L << (8 * size - 1);
                long[] edges = {0, 1, -1, top, top - 1, 2};
                bits = edges[r.nextInt(edges.length)];
            }
            LittleEndian.put(bytes.bytes(), at, size, bits);
        }
    }

    private BufferTensorDesc tensor(Random r, TensorDataType type, long[] sizes, Role role) {
        return TensorDraws.tensor(r, type, sizes, TensorDraws.strides(r, sizes, role, options.layout()),
                options.layout());
    }

    private TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return TensorDraws.place(r, tensor, role, options.placement(), options.elementValues());
    }
}
