package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DiagonalMatrix1OperatorDesc;
import dev.dmlemu.desc.DiagonalMatrixOperatorDesc;
import dev.dmlemu.desc.OneHotOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.List;
import java.util.Random;

/**
 * Seeded valid cases of the operators that place elements by an index, a position or a length (ONE_HOT,
 * DIAGONAL_MATRIX, DIAGONAL_MATRIX1, NONZERO_COORDINATES, REVERSE_SUBSEQUENCES, MAX_UNPOOLING), drawn as
 * {@link MovementCases} draws its own: ranks 1 to the options' maximum (2 to 4 for the matrices; 4 for MAX_UNPOOLING,
 * whose output is the input's with each spatial size 0 to 2 larger), the options' data and index types, tensors
 * laid out as every kit generator lays them, any bits in the buffers. Index values, lengths and diagonal bounds mix
 * in-range, negative, just-out-of-range and 32-bit and 64-bit extreme values (MAX_UNPOOLING's targets are distinct
 * three cases in four, and may repeat in the others); NONZERO_COORDINATES' inputs hold zeros (both signs), NaN,
 * subnormals and infinities. DIAGONAL_MATRIX1 always has its InputTensor: a case binds a buffer to every tensor field.
 */
public final class PlacementCases {

    /** The operators this generator draws. */
    public static final List<OperatorType> OPERATORS = List.of(OperatorType.ONE_HOT, OperatorType.DIAGONAL_MATRIX,
            OperatorType.DIAGONAL_MATRIX1, OperatorType.NONZERO_COORDINATES, OperatorType.REVERSE_SUBSEQUENCES,
            OperatorType.MAX_UNPOOLING);

    /** REVERSE_SUBSEQUENCES' sequence-length types and MAX_UNPOOLING's index types at 6_4. */
    private static final List<TensorDataType> LENGTH_TYPES = List.of(TensorDataType.UINT32, TensorDataType.UINT64);

    /** NONZERO_COORDINATES' input types at 6_4. */
    private static final List<TensorDataType> NONZERO_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT16,
            TensorDataType.INT32, TensorDataType.INT16, TensorDataType.INT8, TensorDataType.UINT32,
            TensorDataType.UINT16, TensorDataType.UINT8);

    /** FLOAT32 elements NONZERO_COORDINATES may treat apart: both zeros, NaN, the smallest subnormal, infinity. */
    private static final long[] SPECIAL_FLOATS = {0, 0x8000_0000L, 0x7FC0_0000L, 0xFFC0_0001L, 1, 0x8000_0001L,
        0x7F80_0000L};

    /** DIAGONAL_MATRIX's types but the 16-bit ones, whose FLOAT Value conversion was not measured. */
    private static final List<TensorDataType> DIAGONAL_TYPES = List.of(TensorDataType.FLOAT64, TensorDataType.FLOAT32,
            TensorDataType.INT64, TensorDataType.INT32, TensorDataType.INT8, TensorDataType.UINT64,
            TensorDataType.UINT32, TensorDataType.UINT8);

    /** DIAGONAL_MATRIX's FLOAT values for integer outputs (PADDING's, §16.5). */
    private static final float[] INTEGER_VALUES = {0f, -0f, 1f, 2.5f, -2.5f, 3.7f, -3.7f, 127.9f, 128f, 255.5f, 256f,
        -129f, 65536f, -40000f, 3e9f, -3e9f, 5e18f, -1e19f, 2e19f, Float.NaN, Float.POSITIVE_INFINITY,
        Float.NEGATIVE_INFINITY};

    private final CaseOptions options;
    private final MovementDraws draws;

    public PlacementCases(CaseOptions options) {
        this.options = options;
        this.draws = new MovementDraws(options);
    }

    public MovementCase generate(OperatorType operator, long seed) {
        Random r = new Random(seed);
        return switch (operator) {
            case ONE_HOT -> oneHot(r);
            case DIAGONAL_MATRIX, DIAGONAL_MATRIX1 -> diagonal(r, operator);
            case NONZERO_COORDINATES -> nonzero(r);
            case REVERSE_SUBSEQUENCES -> reverse(r);
            case MAX_UNPOOLING -> maxUnpooling(r);
            default -> throw new IllegalArgumentException("no placement cases for " + operator);
        };
    }

    private MovementCase oneHot(Random r) {
        TensorDataType type = pick(r, options.dataTypes());
        TensorDataType indexType = pick(r, options.indexTypes());
        int rank = 1 + r.nextInt(options.maxRank());
        long[] out = sizes(r, rank);
        int axis = r.nextInt(rank);
        out[axis] += r.nextInt(4);
        long[] in = out.clone();
        in[axis] = 1;
        long[] valueSizes = new long[rank];
        java.util.Arrays.fill(valueSizes, 1);
        valueSizes[r.nextInt(rank)] = 2 + r.nextInt(2);
        if (rank > 1 && r.nextInt(4) == 0) {
            valueSizes[r.nextInt(rank)] += 1;
        }
        BufferTensorDesc indices = draws.tensor(r, indexType, in, Role.INDICES);
        BufferTensorDesc values = input(r, type, valueSizes);
        long onValueEnd = (values.effectiveStrides().get(rank - 1) + 1) * type.sizeInBytes();
        if (onValueEnd > values.totalTensorSizeInBytes()) {
            // The on value is read through the last dimension's stride: keep it inside the tensor.
            values = BufferTensorDesc.packed(type, valueSizes);
        }
        BufferTensorDesc output = output(r, type, out);
        TensorBytes indexBytes = place(r, indices, Role.INDICES);
        long depth = out[axis];
        TensorDraws.writeIndices(indices, indexBytes, e -> index(r, indexType, depth));
        return new MovementCase(new OneHotOperatorDesc(indices, values, output, axis),
                List.of(indexBytes, place(r, values, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    /** Mostly within a sequence both ways, else just past it, or a 32-bit or 64-bit extreme. */
    private static long index(Random r, TensorDataType type, long depth) {
        long value = switch (r.nextInt(8)) {
            case 0 -> new long[] {Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL, 1L << 32, (1L << 32) + 1,
                -(1L << 32) + 1, Long.MAX_VALUE, Long.MIN_VALUE, -1}[r.nextInt(9)];
            case 1 -> ((long) (1 + r.nextInt(3)) << 32) + r.nextInt((int) depth + 1) * (r.nextBoolean() ? 1 : -1);
            default -> r.nextInt((int) (2 * depth + 4)) - depth - 2;
        };
        return LittleEndian.stored(type, value);
    }

    private MovementCase diagonal(Random r, OperatorType operator) {
        List<TensorDataType> allowed = DIAGONAL_TYPES.stream().filter(options.dataTypes()::contains).toList();
        TensorDataType type = pick(r, allowed);
        int rank = 2 + r.nextInt(Math.max(1, Math.min(3, options.maxRank() - 1)));
        long[] sizes = sizes(r, rank);
        sizes[rank - 1] += r.nextInt(4);
        sizes[rank - 2] += r.nextInt(4);
        long span = sizes[rank - 1] + sizes[rank - 2];
        BufferTensorDesc output = output(r, type, sizes);
        if (operator == OperatorType.DIAGONAL_MATRIX) {
            float value = type.isFloatingPoint() ? (float) (r.nextGaussian() * 100)
                    : INTEGER_VALUES[r.nextInt(INTEGER_VALUES.length)];
            OperatorDesc desc = new DiagonalMatrixOperatorDesc(output, bound(r, span), value);
            return new MovementCase(desc, List.of(), List.of(place(r, output, Role.OUTPUT)));
        }
        BufferTensorDesc input = input(r, type, sizes);
        long bits = r.nextLong();
        ScalarUnion value = new ScalarUnion(type.sizeInBytes() == 8 ? bits
                : bits & ((1L << (8 * type.sizeInBytes())) - 1));
        OperatorDesc desc = new DiagonalMatrix1OperatorDesc(input, output, type, value, bound(r, span),
                bound(r, span));
        return new MovementCase(desc, List.of(place(r, input, Role.INPUT)), List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase nonzero(Random r) {
        TensorDataType type = pick(r, NONZERO_TYPES.stream().filter(options.dataTypes()::contains).toList());
        long[] sizes = sizes(r, 1 + r.nextInt(options.maxRank()));
        long elements = Shapes.product(sizes);
        long[] countSizes = new long[1 + r.nextInt(8)];
        java.util.Arrays.fill(countSizes, 1);
        long[] rows = new long[2 + r.nextInt(7)];
        java.util.Arrays.fill(rows, 1);
        rows[rows.length - 2] = elements;
        rows[rows.length - 1] = sizes.length;
        BufferTensorDesc input = input(r, type, sizes);
        BufferTensorDesc count = output(r, TensorDataType.UINT32, countSizes);
        BufferTensorDesc coordinates = output(r, TensorDataType.UINT32, rows);
        TensorBytes in = place(r, input, Role.INPUT);
        // A zero one time in three (any zero of the type), else special floats or any bits.
        int width = type.sizeInBytes();
        int zeros = r.nextInt(4);
        TensorDraws.writeIndices(input, in, e -> {
            if (r.nextInt(4) < zeros) {
                return type.isFloatingPoint() && r.nextBoolean() ? 1L << (8 * width - 1) : 0;
            }
            if (type == TensorDataType.FLOAT32 && r.nextBoolean()) {
                return SPECIAL_FLOATS[r.nextInt(SPECIAL_FLOATS.length)];
            }
            return r.nextLong();
        });
        return new MovementCase(new dev.dmlemu.desc.NonzeroCoordinatesOperatorDesc(input, count, coordinates),
                List.of(in), List.of(place(r, count, Role.OUTPUT), place(r, coordinates, Role.OUTPUT)));
    }

    private MovementCase reverse(Random r) {
        TensorDataType type = pick(r, options.dataTypes());
        TensorDataType lengthType = pick(r, LENGTH_TYPES);
        int rank = 1 + r.nextInt(options.maxRank());
        long[] sizes = sizes(r, rank);
        int axis = r.nextInt(rank);
        sizes[axis] += r.nextInt(5);
        long[] lineSizes = sizes.clone();
        lineSizes[axis] = 1;
        BufferTensorDesc input = input(r, type, sizes);
        BufferTensorDesc lengths = draws.tensor(r, lengthType, lineSizes, Role.INDICES);
        BufferTensorDesc output = output(r, type, sizes);
        TensorBytes lengthBytes = place(r, lengths, Role.INDICES);
        long size = sizes[axis];
        // Mostly within the line, else past it: by a little, 2^32 and above (UINT64), or the type's largest.
        TensorDraws.writeIndices(lengths, lengthBytes, e -> switch (r.nextInt(8)) {
            case 0 -> size + 1 + r.nextInt(3);
            case 1 -> lengthType == TensorDataType.UINT64 ? (1L << 32) + r.nextInt((int) size + 1) : 0xFFFF_FFFFL;
            case 2 -> -1;
            default -> r.nextInt((int) size + 1);
        });
        return new MovementCase(new dev.dmlemu.desc.ReverseSubsequencesOperatorDesc(input, lengths, output, axis),
                List.of(place(r, input, Role.INPUT), lengthBytes), List.of(place(r, output, Role.OUTPUT)));
    }

    private MovementCase maxUnpooling(Random r) {
        // Every type of the 5_0 block but FLOAT64, which it lacks.
        TensorDataType type = pick(r, options.dataTypes().stream().filter(t -> t != TensorDataType.FLOAT64).toList());
        TensorDataType indexType = pick(r, LENGTH_TYPES);
        long[] in = {1 + r.nextInt(2), 1 + r.nextInt(3), 1 + r.nextInt(4), 1 + r.nextInt(4)};
        long[] out = {in[0], in[1], in[2] + r.nextInt(3), in[3] + r.nextInt(3)};
        long outElements = Shapes.product(out);
        BufferTensorDesc input = input(r, type, in);
        BufferTensorDesc indices = draws.tensor(r, indexType, in, Role.INDICES);
        BufferTensorDesc output = output(r, type, out);
        TensorBytes indexBytes = place(r, indices, Role.INDICES);
        // Three cases in four: distinct targets, a few past the output; else any targets, so duplicates too.
        boolean distinct = r.nextInt(4) != 0;
        List<Long> targets = new java.util.ArrayList<>();
        for (long t = 0; t < outElements; t++) {
            targets.add(t);
        }
        java.util.Collections.shuffle(targets, r);
        long[] next = {0};
        TensorDraws.writeIndices(indices, indexBytes, e -> {
            long target = distinct && next[0] < outElements ? targets.get((int) next[0]++)
                    : r.nextInt((int) outElements);
            return switch (r.nextInt(12)) {
                case 0 -> outElements + r.nextInt(3);
                case 1 -> 0xFFFF_FFFFL;
                case 2 -> indexType == TensorDataType.UINT64 ? ((long) (1 + r.nextInt(4)) << 32) + target : target;
                default -> target;
            };
        });
        return new MovementCase(new dev.dmlemu.desc.MaxUnpoolingOperatorDesc(input, indices, output),
                List.of(place(r, input, Role.INPUT), indexBytes), List.of(place(r, output, Role.OUTPUT)));
    }

    /** A diagonal offset or bound: mostly across the matrix and a little past it, sometimes an INT extreme. */
    private static int bound(Random r, long span) {
        if (r.nextInt(12) == 0) {
            return r.nextBoolean() ? Integer.MAX_VALUE : Integer.MIN_VALUE;
        }
        return r.nextInt((int) (2 * span + 3)) - (int) span - 1;
    }

    private static TensorDataType pick(Random r, List<TensorDataType> types) {
        return types.get(r.nextInt(types.size()));
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
