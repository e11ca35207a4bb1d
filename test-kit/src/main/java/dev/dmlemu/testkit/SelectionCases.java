package dev.dmlemu.testkit;

import dev.dmlemu.desc.ActivationHardmax1OperatorDesc;
import dev.dmlemu.desc.ActivationHardmaxOperatorDesc;
import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid cases of the selection operators (TOP_K, TOP_K1, ARGMIN, ARGMAX, REDUCE with MAX, MIN, ARGMAX or
 * ARGMIN, ACTIVATION_HARDMAX and HARDMAX1): ranks 1 to the options' maximum, the data types of the options that the 6_4 tables list (FLOAT16, whose
 * comparisons are not modelled, left out), index outputs of the options' index types the tables allow, tensors laid out
 * as every kit generator lays them, axes drawn so that the desc is valid at 6_4. The inputs hold ties and edge values:
 * most elements come from a few small values, the rest from NaNs (several payloads), infinities, -0.0, subnormals and
 * integer extremes, or any bits (finite floats only under {@link CaseOptions.ElementValues#FINITE}). Half the FLOAT32
 * reductions hold nothing but -0.0, +0.0 and, in a fifth of the elements, -1 (largest) or 1 (smallest), so that ties
 * of signed zeros decide the output, whose winner depends on the input's layout (docs/directml-behaviour.md §16.7);
 * half of those read the input transposed.
 */
public final class SelectionCases {

    /** The operators this generator draws. */
    public static final List<OperatorType> OPERATORS = List.of(OperatorType.TOP_K, OperatorType.TOP_K1,
            OperatorType.ARGMIN, OperatorType.ARGMAX, OperatorType.REDUCE, OperatorType.ACTIVATION_HARDMAX,
            OperatorType.ACTIVATION_HARDMAX1);

    /** The input types of every one of these operators at 6_4 but FLOAT16. */
    private static final List<TensorDataType> TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT64,
            TensorDataType.INT32, TensorDataType.INT16, TensorDataType.INT8, TensorDataType.UINT64,
            TensorDataType.UINT32, TensorDataType.UINT16, TensorDataType.UINT8);

    private static final List<TensorDataType> TOP_K_INDEX_TYPES = List.of(TensorDataType.UINT32,
            TensorDataType.UINT64);

    private static final List<ReduceFunction> FUNCTIONS = List.of(ReduceFunction.MAX, ReduceFunction.MIN,
            ReduceFunction.ARGMAX, ReduceFunction.ARGMIN);

    private static final int[] FLOAT_EDGES = {0x7FC00000, 0xFFC00000, 0x7F800001, 0xFFBADBAD, 0x7F800000, 0xFF800000,
        0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00400000, 0x7F7FFFFF, 0xFF7FFFFF};

    private final CaseOptions options;

    public SelectionCases(CaseOptions options) {
        this.options = options;
    }

    public MovementCase generate(OperatorType operator, long seed) {
        Random r = new Random(seed);
        List<TensorDataType> allowed = TYPES.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = allowed.get(r.nextInt(allowed.size()));
        int rank = 1 + r.nextInt(options.maxRank());
        return switch (operator) {
            case TOP_K, TOP_K1 -> topK(r, operator, type, rank);
            case ARGMIN, ARGMAX, REDUCE -> reduction(r, operator, type, rank);
            case ACTIVATION_HARDMAX, ACTIVATION_HARDMAX1 -> hardmax(r, operator, rank);
            default -> throw new IllegalArgumentException("no selection cases for " + operator);
        };
    }

    private MovementCase topK(Random r, OperatorType operator, TensorDataType type, int rank) {
        long[] sizes = sizes(r, rank);
        int axis = r.nextInt(rank);
        // Longer lines now and then, where the merge order of NaNs shows.
        sizes[axis] += Shapes.product(sizes) * 40 <= options.maxElements() * 4L ? r.nextInt(40) : r.nextInt(4);
        long k = 1 + (r.nextBoolean() ? r.nextInt((int) sizes[axis]) : sizes[axis] - 1);
        long[] outSizes = sizes.clone();
        outSizes[axis] = k;
        List<TensorDataType> indexTypes = TOP_K_INDEX_TYPES.stream().filter(options.indexTypes()::contains).toList();
        TensorDataType indexType = indexTypes.get(r.nextInt(indexTypes.size()));
        BufferTensorDesc input = tensor(r, type, sizes, Role.INPUT);
        BufferTensorDesc values = tensor(r, type, outSizes, Role.OUTPUT);
        BufferTensorDesc indices = tensor(r, indexType, outSizes, Role.OUTPUT);
        OperatorDesc desc = operator == OperatorType.TOP_K
                ? new TopKOperatorDesc(input, values, indices, axis, k)
                : new TopK1OperatorDesc(input, values, indices, axis, k, direction(r));
        return new MovementCase(desc, List.of(filled(r, input)),
                List.of(place(r, values, Role.OUTPUT), place(r, indices, Role.OUTPUT)));
    }

    private MovementCase reduction(Random r, OperatorType operator, TensorDataType type, int rank) {
        long[] sizes = sizes(r, rank);
        List<Long> axes = new ArrayList<>();
        int count = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(rank + 1);
        for (int a = 0; a < count; a++) {
            axes.add((long) r.nextInt(rank));
        }
        long[] outSizes = sizes.clone();
        for (long axis : axes) {
            outSizes[(int) axis] = 1;
        }
        ReduceFunction function = FUNCTIONS.get(r.nextInt(FUNCTIONS.size()));
        boolean indexOut = operator != OperatorType.REDUCE || function == ReduceFunction.ARGMAX
                || function == ReduceFunction.ARGMIN;
        TensorDataType outType = indexOut
                ? options.indexTypes().get(r.nextInt(options.indexTypes().size())) : type;
        boolean zeroTies = type == TensorDataType.FLOAT32 && r.nextBoolean();
        // Half the signed-zero ties over a transposed input, where the walks of MAX and of ARGMAX differ.
        BufferTensorDesc input = zeroTies && options.layout() != CaseOptions.Layout.PACKED && r.nextBoolean()
                ? TensorDraws.tensor(r, type, sizes, TensorDraws.transposedStrides(r, sizes), options.layout())
                : tensor(r, type, sizes, Role.INPUT);
        BufferTensorDesc output = tensor(r, outType, outSizes, Role.OUTPUT);
        OperatorDesc desc = switch (operator) {
            case ARGMIN -> new ArgminOperatorDesc(input, output, axes.size(), axes, direction(r));
            case ARGMAX -> new ArgmaxOperatorDesc(input, output, axes.size(), axes, direction(r));
            default -> new ReduceOperatorDesc(function, input, output, axes.size(), axes);
        };
        boolean largest = operator == OperatorType.ARGMAX || operator == OperatorType.REDUCE
                && (function == ReduceFunction.MAX || function == ReduceFunction.ARGMAX);
        TensorBytes filled = zeroTies ? signedZeros(r, input, largest ? -1f : 1f) : filled(r, input);
        return new MovementCase(desc, List.of(filled), List.of(place(r, output, Role.OUTPUT)));
    }

    /**
     * HARDMAX (an effective rank of at most 2: sizes of 1 in front of the last two dimensions) or HARDMAX1 (axes as
     * REDUCE draws them: none now and then, repeats allowed), on FLOAT32, the one type both the tables and the device
     * have; half the inputs are signed-zero ties among -1s.
     */
    private MovementCase hardmax(Random r, OperatorType operator, int rank) {
        TensorDataType type = TensorDataType.FLOAT32;
        long[] sizes = sizes(r, rank);
        List<Long> axes = new ArrayList<>();
        if (operator == OperatorType.ACTIVATION_HARDMAX) {
            for (int d = 0; d < rank - 2; d++) {
                sizes[d] = 1;
            }
        } else {
            int count = r.nextInt(8) == 0 ? 0 : 1 + r.nextInt(rank + 1);
            for (int a = 0; a < count; a++) {
                axes.add((long) r.nextInt(rank));
            }
        }
        BufferTensorDesc input = tensor(r, type, sizes, Role.INPUT);
        BufferTensorDesc output = tensor(r, type, sizes, Role.OUTPUT);
        OperatorDesc desc = operator == OperatorType.ACTIVATION_HARDMAX
                ? new ActivationHardmaxOperatorDesc(input, output)
                : new ActivationHardmax1OperatorDesc(input, output, axes.size(), axes);
        TensorBytes filled = r.nextBoolean() ? signedZeros(r, input, -1f) : filled(r, input);
        return new MovementCase(desc, List.of(filled), List.of(place(r, output, Role.OUTPUT)));
    }

    /** A FLOAT32 input's array of -0.0 and +0.0 but a fifth of the elements {@code other} (below or above zero). */
    private TensorBytes signedZeros(Random r, BufferTensorDesc input, float other) {
        TensorBytes placed = place(r, input, Role.INPUT);
        for (int at = placed.offset(); at + 4 <= placed.bytes().length; at += 4) {
            int draw = r.nextInt(5);
            float value = draw < 2 ? 0f : draw < 4 ? -0f : other;
            LittleEndian.put(placed.bytes(), at, 4, Float.floatToRawIntBits(value));
        }
        return placed;
    }

    private static AxisDirection direction(Random r) {
        return r.nextBoolean() ? AxisDirection.INCREASING : AxisDirection.DECREASING;
    }

    /** The input's array with ties and edge values in every element-sized slot from the tensor's start. */
    private TensorBytes filled(Random r, BufferTensorDesc input) {
        TensorBytes placed = place(r, input, Role.INPUT);
        TensorDataType type = input.dataType();
        int width = type.sizeInBytes();
        int small = 2 + r.nextInt(4);
        boolean finite = options.elementValues() == CaseOptions.ElementValues.FINITE;
        for (int at = placed.offset(); at + width <= placed.bytes().length; at += width) {
            int draw = r.nextInt(10);
            long bits;
            if (type == TensorDataType.FLOAT32) {
                float tie = r.nextInt(small) - 1;
                int edge = FLOAT_EDGES[r.nextInt(FLOAT_EDGES.length)];
                bits = draw < 6 ? Float.floatToRawIntBits(tie) : draw < 9 && !(finite && isNotFinite(edge))
                        ? edge : finite ? Float.floatToRawIntBits((float) r.nextGaussian()) : r.nextInt();
            } else {
                long sign = type.name().startsWith("INT") ? 1L << (8 * width - 1) : 0;
                long[] edges = {0, 1, -1, sign, sign - 1, 2};
                bits = draw < 6 ? r.nextInt(small) - (sign != 0 ? 1 : 0) : draw < 9 ? edges[r.nextInt(edges.length)]
                        : r.nextLong();
            }
            LittleEndian.put(placed.bytes(), at, width, bits);
        }
        return placed;
    }

    private static boolean isNotFinite(int bits) {
        return !Float.isFinite(Float.intBitsToFloat(bits));
    }

    /** Sizes of 1 to maxSize (a quarter up to maxSize + 2), 1 once the product passes maxElements. */
    private long[] sizes(Random r, int rank) {
        long[] sizes = new long[rank];
        long product = 1;
        for (int d = 0; d < rank; d++) {
            long size = product > options.maxElements() / options.maxSize() ? 1
                    : 1 + r.nextInt(options.maxSize() + (r.nextInt(4) == 0 ? 2 : 0));
            sizes[d] = size;
            product *= size;
        }
        return sizes;
    }

    private BufferTensorDesc tensor(Random r, TensorDataType type, long[] sizes, Role role) {
        return TensorDraws.tensor(r, type, sizes, TensorDraws.strides(r, sizes, role, options.layout()),
                options.layout());
    }

    private TensorBytes place(Random r, BufferTensorDesc tensor, Role role) {
        return TensorDraws.place(r, tensor, role, options.placement(), options.elementValues());
    }
}
