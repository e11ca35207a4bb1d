package dev.dmlemu.testkit;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.DepthSpaceOrder;
import dev.dmlemu.desc.DepthToSpace1OperatorDesc;
import dev.dmlemu.desc.DepthToSpaceOperatorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.SpaceToDepth1OperatorDesc;
import dev.dmlemu.desc.SpaceToDepthOperatorDesc;
import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.SliceGradOperatorDesc;
import dev.dmlemu.desc.SliceOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TileOperatorDesc;
import dev.dmlemu.desc.ValueScale2dOperatorDesc;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid cases of the data-movement operators: ranks 1 to the options' maximum, every data type of the
 * options, tensors laid out as every kit generator lays them (padded, transposed, broadcast inputs, padded totals),
 * windows and parts drawn so that the desc is valid at 6_4. The indices and index-values options are not used.
 */
public final class MovementCases {

    /** The operators this generator draws. */
    public static final List<OperatorType> OPERATORS = List.of(OperatorType.SLICE, OperatorType.SLICE1,
            OperatorType.JOIN, OperatorType.SPLIT, OperatorType.FILL_VALUE_CONSTANT, OperatorType.FILL_VALUE_SEQUENCE,
            OperatorType.CUMULATIVE_SUMMATION, OperatorType.CUMULATIVE_PRODUCT, OperatorType.PADDING,
            OperatorType.PADDING1, OperatorType.TILE, OperatorType.SPACE_TO_DEPTH, OperatorType.SPACE_TO_DEPTH1,
            OperatorType.DEPTH_TO_SPACE, OperatorType.DEPTH_TO_SPACE1, OperatorType.SLICE_GRAD,
            OperatorType.VALUE_SCALE_2D);

    /** PADDING's types at 6_4 but the 16-bit ones, whose FLOAT PaddingValue conversion was not measured. */
    private static final List<TensorDataType> PADDING_TYPES = List.of(TensorDataType.FLOAT64, TensorDataType.FLOAT32,
            TensorDataType.INT64, TensorDataType.INT32, TensorDataType.INT8, TensorDataType.UINT64,
            TensorDataType.UINT32, TensorDataType.UINT8);

    /** PADDING's FLOAT values for integer outputs: halves, fractions both ways, past every range, NaN, infinities. */
    private static final float[] PADDING_VALUES = {0f, -0f, 1f, 2.5f, -2.5f, 3.7f, -3.7f, 127.9f, 128f, 255.5f,
        256f, -129f, 65536f, -40000f, 3e9f, -3e9f, 5e18f, -1e19f, 2e19f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY};

    /** FILL_VALUE_SEQUENCE's types at 6_4 but FLOAT16, whose arithmetic is not modelled. */
    private static final List<TensorDataType> SEQUENCE_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT64,
            TensorDataType.INT32, TensorDataType.INT16, TensorDataType.INT8, TensorDataType.UINT64,
            TensorDataType.UINT32, TensorDataType.UINT16, TensorDataType.UINT8);

    /** The cumulative operators' types at 6_4 but FLOAT16, whose arithmetic is not modelled. */
    private static final List<TensorDataType> SCAN_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT64,
            TensorDataType.INT32, TensorDataType.UINT64, TensorDataType.UINT32);

    private final CaseOptions options;
    private final MovementDraws draws;

    public MovementCases(CaseOptions options) {
        this.options = options;
        this.draws = new MovementDraws(options);
    }

    public MovementCase generate(OperatorType operator, long seed) {
        Random r = new Random(seed);
        List<TensorDataType> types = switch (operator) {
            case FILL_VALUE_SEQUENCE -> SEQUENCE_TYPES;
            case CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT -> SCAN_TYPES;
            case PADDING -> PADDING_TYPES;
            case TILE -> options.dataTypes().stream().filter(t -> t != TensorDataType.FLOAT64).toList();
            case VALUE_SCALE_2D -> List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT16);
            default -> options.dataTypes();
        };
        List<TensorDataType> allowed = types.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = allowed.get(r.nextInt(allowed.size()));
        int rank = 1 + r.nextInt(options.maxRank());
        return switch (operator) {
            case SLICE, SLICE1, SLICE_GRAD -> slice(r, operator, type, rank);
            case JOIN, SPLIT -> join(r, operator, type, rank);
            case FILL_VALUE_CONSTANT -> fill(r, type, rank);
            case FILL_VALUE_SEQUENCE -> sequence(r, type, rank);
            case CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT -> scan(r, operator, type, rank);
            case PADDING, PADDING1 -> padding(r, operator, type, rank);
            case TILE -> tile(r, type, rank);
            case SPACE_TO_DEPTH, SPACE_TO_DEPTH1, DEPTH_TO_SPACE, DEPTH_TO_SPACE1 -> depthSpace(r, operator, type);
            case VALUE_SCALE_2D -> valueScale2d(r, type);
            default -> throw new IllegalArgumentException("no movement cases for " + operator);
        };
    }

    private MovementCase slice(Random r, OperatorType operator, TensorDataType type, int rank) {
        long[] inputSizes = sizes(r, rank);
        long[] offsets = new long[rank];
        long[] windowSizes = new long[rank];
        long[] strides = new long[rank];
        long[] outputSizes = new long[rank];
        for (int d = 0; d < rank; d++) {
            offsets[d] = r.nextInt((int) inputSizes[d]);
            long room = inputSizes[d] - offsets[d];
            boolean window = operator != OperatorType.SLICE;
            windowSizes[d] = window ? 1 + r.nextInt((int) room) : room;
            long magnitude = 1 + r.nextInt(3);
            strides[d] = window && r.nextBoolean() ? -magnitude : magnitude;
            long reachable = 1 + (windowSizes[d] - 1) / magnitude;
            outputSizes[d] = 1 + r.nextInt((int) reachable);
        }
        if (operator == OperatorType.SLICE_GRAD) {
            // SLICE1 backwards: the sliced sizes are the input gradient's, the large ones the output gradient's.
            BufferTensorDesc gradient = input(r, type, outputSizes);
            BufferTensorDesc large = output(r, type, inputSizes);
            OperatorDesc desc = new SliceGradOperatorDesc(gradient, large, rank, Shapes.toList(offsets),
                    Shapes.toList(windowSizes), java.util.Arrays.stream(strides).mapToInt(s -> (int) s).boxed().toList());
            return new MovementCase(desc, List.of(place(r, gradient, Role.INPUT)),
                    List.of(place(r, large, Role.OUTPUT)));
        }
        BufferTensorDesc input = input(r, type, inputSizes);
        BufferTensorDesc output = output(r, type, outputSizes);
        OperatorDesc desc = operator == OperatorType.SLICE
                ? new SliceOperatorDesc(input, output, rank, Shapes.toList(offsets), Shapes.toList(outputSizes),
                        Shapes.toList(strides))
                : new Slice1OperatorDesc(input, output, rank, Shapes.toList(offsets), Shapes.toList(windowSizes),
                        java.util.Arrays.stream(strides).mapToInt(s -> (int) s).boxed().toList());
        return new MovementCase(desc, List.of(place(r, input, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase join(Random r, OperatorType operator, TensorDataType type, int rank) {
        long[] wholeSizes = sizes(r, rank);
        int axis = r.nextInt(rank);
        wholeSizes[axis] += r.nextInt(4);
        int parts = 1 + r.nextInt((int) Math.min(4, wholeSizes[axis]));
        long[] along = new long[parts];
        long left = wholeSizes[axis];
        for (int p = 0; p < parts; p++) {
            long room = left - (parts - 1 - p);
            along[p] = p == parts - 1 ? left : 1 + r.nextInt((int) room);
            left -= along[p];
        }
        boolean join = operator == OperatorType.JOIN;
        BufferTensorDesc whole = join ? output(r, type, wholeSizes) : input(r, type, wholeSizes);
        List<TensorDesc> partDescs = new ArrayList<>();
        for (long size : along) {
            long[] sizes = wholeSizes.clone();
            sizes[axis] = size;
            partDescs.add(join ? input(r, type, sizes) : output(r, type, sizes));
        }
        List<TensorBytes> partBytes = new ArrayList<>();
        for (TensorDesc part : partDescs) {
            partBytes.add(place(r, (BufferTensorDesc) part, join ? Role.INPUT : Role.OUTPUT));
        }
        TensorBytes wholeBytes = place(r, whole, join ? Role.OUTPUT : Role.INPUT);
        return join
                ? new MovementCase(new JoinOperatorDesc(parts, partDescs, whole, axis), partBytes,
                        List.of(wholeBytes))
                : new MovementCase(new SplitOperatorDesc(whole, parts, partDescs, axis), List.of(wholeBytes),
                        partBytes);
    }

    private MovementCase fill(Random r, TensorDataType type, int rank) {
        BufferTensorDesc output = output(r, type, sizes(r, rank));
        long bits = r.nextLong();
        ScalarUnion value = new ScalarUnion(type.sizeInBytes() == 8 ? bits : bits & ((1L << (8 * type.sizeInBytes())) - 1));
        if (type.isFloatingPoint() && options.elementValues() == CaseOptions.ElementValues.FINITE) {
            value = ScalarUnion.of(type, r.nextDouble(-1e6, 1e6));
        }
        return new MovementCase(new FillValueConstantOperatorDesc(output, type, value), List.of(),
                List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase sequence(Random r, TensorDataType type, int rank) {
        BufferTensorDesc output = output(r, type, sizes(r, rank));
        ScalarUnion start;
        ScalarUnion delta;
        if (type == TensorDataType.FLOAT32) {
            start = ScalarUnion.of(type, r.nextGaussian() * Math.pow(10, r.nextInt(9) - 3));
            delta = ScalarUnion.of(type, r.nextGaussian() * Math.pow(10, r.nextInt(7) - 3));
        } else {
            start = ScalarUnion.ofInteger(type, r.nextLong());
            delta = ScalarUnion.ofInteger(type, r.nextBoolean() ? r.nextInt(7) - 3 : r.nextLong());
        }
        return new MovementCase(new FillValueSequenceOperatorDesc(output, type, start, delta), List.of(),
                List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase scan(Random r, OperatorType operator, TensorDataType type, int rank) {
        long[] sizes = sizes(r, rank);
        int axis = r.nextInt(rank);
        sizes[axis] += r.nextInt(6);
        BufferTensorDesc input = input(r, type, sizes);
        BufferTensorDesc output = output(r, type, sizes);
        AxisDirection direction = r.nextBoolean() ? AxisDirection.INCREASING : AxisDirection.DECREASING;
        boolean exclusive = r.nextBoolean();
        OperatorDesc desc = operator == OperatorType.CUMULATIVE_SUMMATION
                ? new CumulativeSummationOperatorDesc(input, output, axis, direction, exclusive)
                : new CumulativeProductOperatorDesc(input, output, axis, direction, exclusive);
        TensorBytes in = place(r, input, Role.INPUT);
        if (type == TensorDataType.FLOAT32 && (options.elementValues() == CaseOptions.ElementValues.FINITE
                || r.nextInt(4) != 0)) {
            // Values whose rounding depends on the order of the operations (most cases), else any bits.
            boolean product = operator == OperatorType.CUMULATIVE_PRODUCT;
            for (int at = in.offset(); at + 4 <= in.bytes().length; at += 4) {
                float x = (float) (product ? 1 + r.nextGaussian() * 0.05 : r.nextGaussian() * Math.pow(10,
                        r.nextInt(7) - 3));
                LittleEndian.put(in.bytes(), at, 4, Float.floatToRawIntBits(x));
            }
        }
        return new MovementCase(desc, List.of(in), List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase padding(Random r, OperatorType operator, TensorDataType type, int rank) {
        long[] in = sizes(r, rank);
        PaddingMode[] modes = PaddingMode.values();
        PaddingMode mode = modes[r.nextInt(modes.length)];
        long[] start = new long[rank];
        long[] end = new long[rank];
        long[] out = new long[rank];
        long elements = Shapes.product(in);
        for (int d = 0; d < rank; d++) {
            // REFLECTION reaches n - 1 elements past an edge, SYMMETRIC and WRAP n, the others any number.
            long most = switch (mode) {
                case REFLECTION -> in[d] - 1;
                case SYMMETRIC, WRAP -> in[d];
                default -> 3;
            };
            boolean room = elements * 4 < options.maxElements() * 4L;
            start[d] = room ? r.nextInt((int) Math.min(most, 3) + 1) : 0;
            end[d] = room ? r.nextInt((int) Math.min(most, 3) + 1) : 0;
            out[d] = start[d] + in[d] + end[d];
            elements = elements / in[d] * out[d];
        }
        BufferTensorDesc input = input(r, type, in);
        BufferTensorDesc output = output(r, type, out);
        OperatorDesc desc;
        if (operator == OperatorType.PADDING) {
            float value = type.isFloatingPoint() ? (float) (r.nextGaussian() * 100)
                    : PADDING_VALUES[r.nextInt(PADDING_VALUES.length)];
            desc = new PaddingOperatorDesc(input, output, mode, value, rank, Shapes.toList(start), Shapes.toList(end));
        } else {
            long bits = r.nextLong();
            ScalarUnion value = new ScalarUnion(type.sizeInBytes() == 8 ? bits
                    : bits & ((1L << (8 * type.sizeInBytes())) - 1));
            desc = new Padding1OperatorDesc(input, output, mode, type, value, rank, Shapes.toList(start),
                    Shapes.toList(end));
        }
        return new MovementCase(desc, List.of(place(r, input, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase tile(Random r, TensorDataType type, int rank) {
        long[] in = sizes(r, rank);
        long[] repeats = new long[rank];
        long[] out = new long[rank];
        long elements = Shapes.product(in);
        for (int d = 0; d < rank; d++) {
            repeats[d] = elements * 3 <= options.maxElements() * 3L ? 1 + r.nextInt(3) : 1;
            out[d] = in[d] * repeats[d];
            elements *= repeats[d];
        }
        BufferTensorDesc input = input(r, type, in);
        BufferTensorDesc output = output(r, type, out);
        return new MovementCase(new TileOperatorDesc(input, output, rank, Shapes.toList(repeats)),
                List.of(place(r, input, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    /**
     * VALUE_SCALE_2D over NCHW with 1 or 3 channels, a Scale and a Bias per channel drawn from small numbers, rounding
     * ones, signed zeros and a tiny one; the input holds the element-wise cases' mix of edge values (NaNs with
     * payloads, infinities, denormals, extremes) and small numbers.
     */
    private MovementCase valueScale2d(Random r, TensorDataType type) {
        long channels = r.nextBoolean() ? 1 : 3;
        long[] sizes = {1 + r.nextInt(2), channels, 1 + r.nextInt(4), 1 + r.nextInt(6)};
        BufferTensorDesc input = input(r, type, sizes);
        BufferTensorDesc output = output(r, type, sizes);
        float[] parameters = {0.1f, -3f, 1f, 0f, -0f, 2.5f, 1e-30f, 0.3f, -0.5f};
        float scale = parameters[r.nextInt(parameters.length)];
        List<Float> bias = new ArrayList<>();
        for (int c = 0; c < channels; c++) {
            bias.add(parameters[r.nextInt(parameters.length)]);
        }
        TensorBytes placed = place(r, input, Role.INPUT);
        int width = type.sizeInBytes();
        for (int at = placed.offset(); at + width <= placed.bytes().length; at += width) {
            LittleEndian.put(placed.bytes(), at, width, ElementWiseCases.value(r, type));
        }
        return new MovementCase(new ValueScale2dOperatorDesc(input, output, scale, channels, bias), List.of(placed),
                List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase depthSpace(Random r, OperatorType operator, TensorDataType type) {
        long b = 1 + r.nextInt(3);
        long[] spatial = {1 + r.nextInt(2), 1 + r.nextInt(3), b * (1 + r.nextInt(3)), b * (1 + r.nextInt(3))};
        long[] depth = {spatial[0], spatial[1] * b * b, spatial[2] / b, spatial[3] / b};
        boolean toDepth = operator == OperatorType.SPACE_TO_DEPTH || operator == OperatorType.SPACE_TO_DEPTH1;
        BufferTensorDesc input = input(r, type, toDepth ? spatial : depth);
        BufferTensorDesc output = output(r, type, toDepth ? depth : spatial);
        DepthSpaceOrder order = r.nextBoolean() ? DepthSpaceOrder.DEPTH_COLUMN_ROW : DepthSpaceOrder.COLUMN_ROW_DEPTH;
        OperatorDesc desc = switch (operator) {
            case SPACE_TO_DEPTH -> new SpaceToDepthOperatorDesc(input, output, b);
            case SPACE_TO_DEPTH1 -> new SpaceToDepth1OperatorDesc(input, output, b, order);
            case DEPTH_TO_SPACE -> new DepthToSpaceOperatorDesc(input, output, b);
            default -> new DepthToSpace1OperatorDesc(input, output, b, order);
        };
        return new MovementCase(desc, List.of(place(r, input, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    private long[] sizes(Random r, int rank) {
        return draws.sizes(r, rank);
    }

    private BufferTensorDesc input(Random r, TensorDataType type, long[] sizes) {
        return draws.tensor(r, type, sizes, Role.INPUT);
    }

    private BufferTensorDesc output(Random r, TensorDataType type, long[] sizes) {
        return draws.tensor(r, type, sizes, Role.OUTPUT);
    }

    private TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return draws.place(r, tensor, role);
    }
}
