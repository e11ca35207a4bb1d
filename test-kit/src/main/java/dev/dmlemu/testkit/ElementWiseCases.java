package dev.dmlemu.testkit;

import dev.dmlemu.desc.ActivationHardSigmoidOperatorDesc;
import dev.dmlemu.desc.ActivationHardSwishOperatorDesc;
import dev.dmlemu.desc.ActivationIdentityOperatorDesc;
import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ActivationParameterizedReluOperatorDesc;
import dev.dmlemu.desc.ActivationReluGradOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationShrinkOperatorDesc;
import dev.dmlemu.desc.ActivationThresholdedReluOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CastOperatorDesc;
import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseAdd1OperatorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitAndOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitCountOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitNotOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitOrOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftLeftOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftRightOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitXorOperatorDesc;
import dev.dmlemu.desc.ElementWiseCeilOperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipGrad1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipGradOperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseDequantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseDifferenceSquareOperatorDesc;
import dev.dmlemu.desc.ElementWiseDivideOperatorDesc;
import dev.dmlemu.desc.ElementWiseFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.ElementWiseIfOperatorDesc;
import dev.dmlemu.desc.ElementWiseIsInfinityOperatorDesc;
import dev.dmlemu.desc.ElementWiseIsNanOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalAndOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalEqualsOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalGreaterThanOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalGreaterThanOrEqualOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalLessThanOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalLessThanOrEqualOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalNotOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalOrOperatorDesc;
import dev.dmlemu.desc.ElementWiseLogicalXorOperatorDesc;
import dev.dmlemu.desc.ElementWiseMaxOperatorDesc;
import dev.dmlemu.desc.ElementWiseMeanOperatorDesc;
import dev.dmlemu.desc.ElementWiseMinOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusTruncateOperatorDesc;
import dev.dmlemu.desc.ElementWiseMultiplyOperatorDesc;
import dev.dmlemu.desc.ElementWiseNegateOperatorDesc;
import dev.dmlemu.desc.ElementWiseQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseRoundOperatorDesc;
import dev.dmlemu.desc.ElementWiseSignOperatorDesc;
import dev.dmlemu.desc.ElementWiseSubtractOperatorDesc;
import dev.dmlemu.desc.ElementWiseThresholdOperatorDesc;
import dev.dmlemu.desc.IsInfinityMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.RoundingMode;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * Seeded element-wise cases: ranks 1-8 of at most {@link #MAX_ELEMENTS} elements; each input packed, padded,
 * transposed or broadcast along some dimensions (stride 0); the output packed or padded; values that are random
 * bits mixed with the type's edge values (NaNs with payloads, signaling ones, ±infinity, ±0, denormals, extremes);
 * ScaleBias and fused activations with random parameters where the desc has them.
 */
public final class ElementWiseCases {

    public static final int MAX_ELEMENTS = 240;

    private ElementWiseCases() {}

    /** A case of {@code op} on {@code type}; CAST's output type is drawn from {@link #CAST_TYPES} by the seed. */
    public static ElementWiseCase generate(ElementWiseOp op, TensorDataType type, long seed) {
        if (op == ElementWiseOp.CAST) {
            return cast(type, CAST_TYPES.get(new Random(~seed).nextInt(CAST_TYPES.size())), seed);
        }
        return generate(op, type, op.outputType(type), new Random(seed));
    }

    /** Every data type CAST's tables name at 6_4 (all the element-wise types). */
    public static final List<TensorDataType> CAST_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT16,
            TensorDataType.FLOAT64, TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT16,
            TensorDataType.UINT16, TensorDataType.INT32, TensorDataType.UINT32, TensorDataType.INT64,
            TensorDataType.UINT64);

    /**
     * A CAST case from {@code from} to {@code to}: the layouts of every case, and values that mix the input type's
     * edges with the output type's range limits as the input type holds them (each limit, one beyond it, and for
     * floats the halves around them), where conversions saturate, wrap or go invalid.
     */
    public static ElementWiseCase cast(TensorDataType from, TensorDataType to, long seed) {
        return generate(ElementWiseOp.CAST, from, to, new Random(seed));
    }

    private static ElementWiseCase generate(ElementWiseOp op, TensorDataType type, TensorDataType outputType,
            Random random) {
        int rank = 1 + random.nextInt(8);
        List<Long> sizes = sizes(random, rank);
        List<BufferTensorDesc> inputs = new ArrayList<>();
        for (int i = 0; i < op.arity(); i++) {
            inputs.add(layout(random, op.inputType(i, type), sizes, true));
        }
        BufferTensorDesc output = layout(random, outputType, sizes, false);
        List<TensorBytes> bytes = new ArrayList<>();
        for (BufferTensorDesc input : inputs) {
            bytes.add(op == ElementWiseOp.CAST ? CastValues.of(random, input, outputType) : values(random, input));
        }
        return new ElementWiseCase(op, desc(op, random, inputs, output), inputs, output, bytes);
    }

    /**
     * A seeded case whose rows are long and contiguous, the element-wise engine's packed fast path: {@code rows} rows
     * of {@code rowLength} elements, the output packed, each input packed or broadcast (stride 0) along the rows, the
     * columns or both. The first input holds the type's edge values among random ones; where the second has the
     * same layout, about one element in five is a tie for a float sum (half a unit in the last place of the first
     * operand's element, either sign) or an operand that cancels it.
     */
    public static ElementWiseCase generatePacked(ElementWiseOp op, TensorDataType type, long seed, long rows,
            long rowLength) {
        return generatePacked(op, type, op.outputType(type), seed, rows, rowLength);
    }

    /** {@link #generatePacked} for CAST from {@code from} to {@code to}, with {@link #cast}'s values. */
    public static ElementWiseCase castPacked(TensorDataType from, TensorDataType to, long seed, long rows,
            long rowLength) {
        return generatePacked(ElementWiseOp.CAST, from, to, seed, rows, rowLength);
    }

    /**
     * {@link #castPacked} FLOAT32 to INT32 with every input below 2^23 in magnitude: any bits there (denormals and
     * signed zeros among them), halves, quarters and whole numbers of either sign, so that whole pieces stay in the
     * range where the emulator may truncate without Java's {@code (int)}.
     */
    public static ElementWiseCase castPackedBelowTwoTo23(long seed, long rows, long rowLength) {
        ElementWiseCase c = castPacked(TensorDataType.FLOAT32, TensorDataType.INT32, seed, rows, rowLength);
        Random random = new Random(~seed);
        ByteBuffer values = ByteBuffer.allocate(Math.toIntExact(Math.multiplyExact(Math.multiplyExact(rows, rowLength),
                4L))).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at < values.capacity(); at += 4) {
            float x = switch (random.nextInt(4)) {
                case 0 -> Float.intBitsToFloat(random.nextInt(0x4B00_0000) | random.nextInt() << 31);
                case 1 -> (random.nextInt(1 << 24) - (1 << 23)) / 2f;
                case 2 -> (random.nextInt(64) - 32) / 4f;
                default -> random.nextInt(1 << 24) - (1 << 23) + 1;
            };
            values.putFloat(at, x);
        }
        return new ElementWiseCase(c.op(), c.desc(), c.inputTensors(), c.outputTensor(),
                List.of(TensorBytes.of(values.array())));
    }

    private static ElementWiseCase generatePacked(ElementWiseOp op, TensorDataType type, TensorDataType outputType,
            long seed, long rows, long rowLength) {
        Random random = new Random(seed);
        List<Long> sizes = List.of(rows, rowLength);
        List<BufferTensorDesc> inputs = new ArrayList<>();
        for (int i = 0; i < op.arity(); i++) {
            int style = i == 0 ? 0 : random.nextInt(5);
            List<Long> strides = switch (style) {
                case 1 -> List.of(0L, 1L); // one row for every row
                case 2 -> List.of(1L, 0L); // one element along each row
                case 3 -> List.of(0L, 0L); // a scalar
                default -> List.of(rowLength, 1L);
            };
            inputs.add(BufferTensorDesc.strided(op.inputType(i, type), sizes, strides));
        }
        BufferTensorDesc output = BufferTensorDesc.packed(outputType, rows, rowLength);
        List<TensorBytes> bytes = new ArrayList<>();
        for (BufferTensorDesc input : inputs) {
            bytes.add(op == ElementWiseOp.CAST ? CastValues.of(random, input, outputType) : values(random, input));
        }
        if (inputs.size() > 1 && inputs.get(1).strides().equals(inputs.get(0).strides()) && type.isFloatingPoint()) {
            bytes.set(1, TensorBytes.of(ties(random, type, bytes.get(0).bytes(), bytes.get(1).bytes())));
        }
        return new ElementWiseCase(op, desc(op, random, inputs, output), inputs, output, bytes);
    }

    /** {@code b} with about one element in five replaced by a tie or a cancellation of {@code a}'s element. */
    private static byte[] ties(Random random, TensorDataType type, byte[] a, byte[] b) {
        int width = type.sizeInBytes();
        byte[] out = b.clone();
        for (int at = 0; at + width <= out.length; at += width) {
            if (random.nextInt(5) != 0) {
                continue;
            }
            long x = LittleEndian.bits(a, at, width);
            long tie = switch (type) {
                case FLOAT32 -> {
                    float f = Float.intBitsToFloat((int) x);
                    float t = random.nextInt(3) == 0 ? -f : Math.ulp(f) / 2 * (random.nextBoolean() ? 1 : -1);
                    yield Float.floatToRawIntBits(t) & 0xFFFF_FFFFL;
                }
                case FLOAT64 -> {
                    double d = Double.longBitsToDouble(x);
                    yield Double.doubleToRawLongBits(random.nextInt(3) == 0 ? -d : Math.ulp(d) / 2);
                }
                default -> LittleEndian.bits(b, at, width);
            };
            LittleEndian.put(out, at, width, tie);
        }
        return out;
    }

    private static List<Long> sizes(Random random, int rank) {
        List<Long> sizes = new ArrayList<>();
        long product = 1;
        for (int d = 0; d < rank; d++) {
            long size = 1 + random.nextInt(d == rank - 1 ? 9 : 4);
            while (product * size > MAX_ELEMENTS) {
                size--;
            }
            sizes.add(size);
            product *= size;
        }
        return sizes;
    }

    /** Packed, or with padding, transposed dimensions and (inputs only) broadcast dimensions. */
    private static BufferTensorDesc layout(Random random, TensorDataType type, List<Long> sizes, boolean input) {
        int rank = sizes.size();
        int style = random.nextInt(4);
        if (style == 0) {
            return BufferTensorDesc.packed(type, sizes.stream().mapToLong(Long::longValue).toArray());
        }
        Integer[] order = new Integer[rank];
        for (int d = 0; d < rank; d++) {
            order[d] = d;
        }
        if (style >= 2) {
            for (int d = rank - 1; d > 0; d--) {
                int e = random.nextInt(d + 1);
                Integer t = order[d];
                order[d] = order[e];
                order[e] = t;
            }
        }
        long[] strides = new long[rank];
        long step = 1;
        for (int k = rank - 1; k >= 0; k--) {
            int d = order[k];
            strides[d] = step;
            step *= sizes.get(d) + (random.nextInt(3) == 0 ? random.nextInt(3) : 0);
        }
        if (input && style == 3) {
            for (int d = 0; d < rank; d++) {
                if (random.nextInt(3) == 0) {
                    strides[d] = 0;
                }
            }
        }
        List<Long> list = new ArrayList<>();
        for (long s : strides) {
            list.add(s);
        }
        BufferTensorDesc tensor = BufferTensorDesc.strided(type, sizes, list);
        if (random.nextInt(4) == 0) {
            tensor = tensor.withTotalTensorSizeInBytes(tensor.totalTensorSizeInBytes() + 4L * (1 + random.nextInt(3)));
        }
        return tensor;
    }

    private static TensorBytes values(Random random, BufferTensorDesc tensor) {
        int width = tensor.dataType().sizeInBytes();
        byte[] bytes = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        for (int at = 0; at + width <= bytes.length; at += width) {
            LittleEndian.put(bytes, at, width, value(random, tensor.dataType()));
        }
        return TensorBytes.of(bytes);
    }

    /** Random bits, a small number, or an edge value of the type. */
    static long value(Random random, TensorDataType type) {
        int pick = random.nextInt(10);
        if (pick < 3) {
            long[] edges = edges(type);
            return edges[random.nextInt(edges.length)];
        }
        if (pick < 6) {
            int small = random.nextInt(17) - 8;
            return switch (type) {
                case FLOAT32 -> Float.floatToRawIntBits(small * 0.5f) & 0xFFFF_FFFFL;
                case FLOAT64 -> Double.doubleToRawLongBits(small * 0.5);
                case FLOAT16 -> KitHalf.fromFloat(small * 0.5f);
                default -> type.isUnsignedInteger() ? Math.abs(small) : small;
            };
        }
        long bits = random.nextLong();
        if (type.isFloatingPoint() && random.nextBoolean()) {
            // A finite value of moderate magnitude, so that sums and products stay in range.
            double v = (random.nextDouble() - 0.5) * Math.pow(2, random.nextInt(40) - 20);
            return switch (type) {
                case FLOAT32 -> Float.floatToRawIntBits((float) v) & 0xFFFF_FFFFL;
                case FLOAT64 -> Double.doubleToRawLongBits(v);
                default -> KitHalf.fromFloat((float) v);
            };
        }
        return bits;
    }

    static long[] edges(TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> new long[] {0x7FC0_0000L, 0xFFC0_0000L, 0x7FC1_2345L, 0x7F80_0001L, 0xFFA0_0001L,
                0x7F80_0000L, 0xFF80_0000L, 0x0L, 0x8000_0000L, 0x1L, 0x8000_0001L, 0x007F_FFFFL, 0x0080_0000L,
                0x7F7F_FFFFL, 0xFF7F_FFFFL, 0x3F80_0000L, 0xBF80_0000L};
            case FLOAT16 -> new long[] {0x7E00, 0xFE00, 0x7E55, 0x7C01, 0xFD01, 0x7C00, 0xFC00, 0x0, 0x8000, 0x1,
                0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00};
            case FLOAT64 -> new long[] {0x7FF8_0000_0000_0000L, 0xFFF8_0000_0000_0000L, 0x7FF0_0000_0000_0001L,
                0x7FF0_0000_0000_0000L, 0xFFF0_0000_0000_0000L, 0x0L, 0x8000_0000_0000_0000L, 0x1L,
                0x000F_FFFF_FFFF_FFFFL, 0x7FEF_FFFF_FFFF_FFFFL, 0x3FF0_0000_0000_0000L};
            case INT8 -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE, 0, -1, 1};
            case UINT8 -> new long[] {0, 0xFF, 0x80, 1};
            case INT16 -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE, 0, -1, 1};
            case UINT16 -> new long[] {0, 0xFFFF, 0x8000, 1};
            case INT32 -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1};
            case UINT32 -> new long[] {0, 0xFFFF_FFFFL, 0x8000_0000L, 1};
            case INT64 -> new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
            case UINT64 -> new long[] {0, -1L, Long.MIN_VALUE, 1};
            default -> throw new IllegalArgumentException("no element-wise values for " + type);
        };
    }

    private static OperatorDesc desc(ElementWiseOp op, Random random, List<BufferTensorDesc> in,
            BufferTensorDesc out) {
        boolean floats = in.get(0).dataType().isFloatingPoint();
        Optional<ScaleBias> scaleBias = floats && random.nextBoolean() ? Optional.of(scaleBias(random))
                : Optional.empty();
        return switch (op) {
            case IDENTITY -> new ElementWiseIdentityOperatorDesc(in.get(0), out, scaleBias);
            case ABS -> new ElementWiseAbsOperatorDesc(in.get(0), out, scaleBias);
            case NEGATE -> new ElementWiseNegateOperatorDesc(in.get(0), out);
            case ADD -> new ElementWiseAddOperatorDesc(in.get(0), in.get(1), out);
            case ADD1 -> new ElementWiseAdd1OperatorDesc(in.get(0), in.get(1), out,
                    floats ? activation(random) : Optional.empty());
            case SUBTRACT -> new ElementWiseSubtractOperatorDesc(in.get(0), in.get(1), out);
            case MULTIPLY -> new ElementWiseMultiplyOperatorDesc(in.get(0), in.get(1), out);
            case MIN -> new ElementWiseMinOperatorDesc(in.get(0), in.get(1), out);
            case MAX -> new ElementWiseMaxOperatorDesc(in.get(0), in.get(1), out);
            case CLIP -> {
                float[] bounds = bounds(random);
                yield new ElementWiseClipOperatorDesc(in.get(0), out, scaleBias, bounds[0], bounds[1]);
            }
            case CLIP1 -> clip1(random, in.get(0), out, scaleBias);
            case CEIL -> new ElementWiseCeilOperatorDesc(in.get(0), out, scaleBias);
            case FLOOR -> new ElementWiseFloorOperatorDesc(in.get(0), out, scaleBias);
            case LOGICAL_EQUALS -> new ElementWiseLogicalEqualsOperatorDesc(in.get(0), in.get(1), out);
            case LOGICAL_GREATER_THAN -> new ElementWiseLogicalGreaterThanOperatorDesc(in.get(0), in.get(1), out);
            case LOGICAL_GREATER_THAN_OR_EQUAL -> new ElementWiseLogicalGreaterThanOrEqualOperatorDesc(in.get(0),
                    in.get(1), out);
            case LOGICAL_LESS_THAN -> new ElementWiseLogicalLessThanOperatorDesc(in.get(0), in.get(1), out);
            case LOGICAL_LESS_THAN_OR_EQUAL -> new ElementWiseLogicalLessThanOrEqualOperatorDesc(in.get(0),
                    in.get(1), out);
            case LOGICAL_AND -> new ElementWiseLogicalAndOperatorDesc(in.get(0), in.get(1), out);
            case LOGICAL_OR -> new ElementWiseLogicalOrOperatorDesc(in.get(0), in.get(1), out);
            case LOGICAL_XOR -> new ElementWiseLogicalXorOperatorDesc(in.get(0), in.get(1), out);
            case LOGICAL_NOT -> new ElementWiseLogicalNotOperatorDesc(in.get(0), out);
            case IS_NAN -> new ElementWiseIsNanOperatorDesc(in.get(0), out);
            case IS_INFINITY -> new ElementWiseIsInfinityOperatorDesc(in.get(0), out,
                    IsInfinityMode.values()[random.nextInt(IsInfinityMode.values().length)]);
            case BIT_AND -> new ElementWiseBitAndOperatorDesc(in.get(0), in.get(1), out);
            case BIT_OR -> new ElementWiseBitOrOperatorDesc(in.get(0), in.get(1), out);
            case BIT_XOR -> new ElementWiseBitXorOperatorDesc(in.get(0), in.get(1), out);
            case BIT_NOT -> new ElementWiseBitNotOperatorDesc(in.get(0), out);
            case BIT_COUNT -> new ElementWiseBitCountOperatorDesc(in.get(0), out);
            case BIT_SHIFT_LEFT -> new ElementWiseBitShiftLeftOperatorDesc(in.get(0), in.get(1), out);
            case BIT_SHIFT_RIGHT -> new ElementWiseBitShiftRightOperatorDesc(in.get(0), in.get(1), out);
            case SIGN -> new ElementWiseSignOperatorDesc(in.get(0), out);
            case IF -> new ElementWiseIfOperatorDesc(in.get(0), in.get(1), in.get(2), out);
            case DIVIDE -> new ElementWiseDivideOperatorDesc(in.get(0), in.get(1), out);
            case MEAN -> new ElementWiseMeanOperatorDesc(in.get(0), in.get(1), out);
            case DIFFERENCE_SQUARE -> new ElementWiseDifferenceSquareOperatorDesc(in.get(0), in.get(1), out);
            case MODULUS_TRUNCATE -> new ElementWiseModulusTruncateOperatorDesc(in.get(0), in.get(1), out);
            case MODULUS_FLOOR -> new ElementWiseModulusFloorOperatorDesc(in.get(0), in.get(1), out);
            case ROUND -> new ElementWiseRoundOperatorDesc(in.get(0), out,
                    RoundingMode.values()[random.nextInt(RoundingMode.values().length)]);
            case THRESHOLD -> new ElementWiseThresholdOperatorDesc(in.get(0), out, scaleBias,
                    THRESHOLDS[random.nextInt(THRESHOLDS.length)]);
            case CLIP_GRAD -> {
                float[] bounds = bounds(random);
                yield new ElementWiseClipGradOperatorDesc(in.get(0), in.get(1), out, bounds[0], bounds[1]);
            }
            case CLIP_GRAD1 -> {
                ElementWiseClip1OperatorDesc clip = (ElementWiseClip1OperatorDesc) clip1(random, in.get(0), out,
                        Optional.empty());
                yield new ElementWiseClipGrad1OperatorDesc(in.get(0), in.get(1), out, clip.minMaxDataType(),
                        clip.min(), clip.max());
            }
            case QUANTIZE_LINEAR -> new ElementWiseQuantizeLinearOperatorDesc(in.get(0), in.get(1), in.get(2), out);
            case DEQUANTIZE_LINEAR -> new ElementWiseDequantizeLinearOperatorDesc(in.get(0), in.get(1), in.get(2),
                    out);
            case CAST -> new CastOperatorDesc(in.get(0), out);
            case ACTIVATION_IDENTITY -> new ActivationIdentityOperatorDesc(in.get(0), out);
            case ACTIVATION_RELU -> new ActivationReluOperatorDesc(in.get(0), out);
            case ACTIVATION_LEAKY_RELU -> new ActivationLeakyReluOperatorDesc(in.get(0), out, parameter(random));
            case ACTIVATION_LINEAR -> new ActivationLinearOperatorDesc(in.get(0), out, parameter(random),
                    parameter(random));
            case ACTIVATION_THRESHOLDED_RELU -> new ActivationThresholdedReluOperatorDesc(in.get(0), out,
                    parameter(random));
            case ACTIVATION_SHRINK -> new ActivationShrinkOperatorDesc(in.get(0), out, Math.abs(parameter(random)),
                    Math.abs(parameter(random)));
            case ACTIVATION_HARD_SIGMOID -> new ActivationHardSigmoidOperatorDesc(in.get(0), out, parameter(random),
                    parameter(random));
            case ACTIVATION_PARAMETERIZED_RELU -> new ActivationParameterizedReluOperatorDesc(in.get(0), in.get(1),
                    out);
            case ACTIVATION_RELU_GRAD -> new ActivationReluGradOperatorDesc(in.get(0), in.get(1), out);
            case ACTIVATION_HARD_SWISH -> new ActivationHardSwishOperatorDesc(in.get(0), out, parameter(random),
                    parameter(random));
        };
    }

    /** THRESHOLD's Min: small numbers, signed zeros, NaN, infinities and values past the integer types' ranges. */
    private static final float[] THRESHOLDS = {-2.5f, -1f, -0.0f, 0f, 0.5f, 1f, 3f, 100f, Float.NaN,
        Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY, 3e9f, -5f, 300f, 1e10f, -0.5f};

    /** Min at most max, both small numbers, -0.0 and 0 among them. */
    /**
     * Min and Max: mostly in order, one case in four as drawn, so that Min may lie above Max; either may be a NaN.
     * DirectML takes both (docs/directml-behaviour.md §15.7).
     */
    private static float[] bounds(Random random) {
        float[] candidates = {-2.5f, -1f, -0.0f, 0f, 0.5f, 1f, 3f, 100f, Float.NaN};
        float a = candidates[random.nextInt(candidates.length)];
        float b = candidates[random.nextInt(candidates.length)];
        return random.nextInt(4) == 0 ? new float[] {a, b} : new float[] {Math.min(a, b), Math.max(a, b)};
    }

    /** CLIP1's bounds in the tensor's own type: two of its values, mostly the smaller as Min. */
    private static OperatorDesc clip1(Random random, BufferTensorDesc in, BufferTensorDesc out,
            Optional<ScaleBias> scaleBias) {
        TensorDataType type = in.dataType();
        if (type.isFloatingPoint()) {
            float[] bounds = bounds(random);
            return new ElementWiseClip1OperatorDesc(in, out, scaleBias, type, ScalarUnion.of(type, bounds[0]),
                    ScalarUnion.of(type, bounds[1]));
        }
        long a = ScalarUnion.ofInteger(type, value(random, type)).asLong(type);
        long b = ScalarUnion.ofInteger(type, value(random, type)).asLong(type);
        // In order but one case in four, as bounds() draws them.
        boolean aFirst = random.nextInt(4) == 0 || (type == TensorDataType.UINT64 ? Long.compareUnsigned(a, b) <= 0
                : a <= b);
        return new ElementWiseClip1OperatorDesc(in, out, scaleBias, type,
                ScalarUnion.ofInteger(type, aFirst ? a : b), ScalarUnion.ofInteger(type, aFirst ? b : a));
    }

    private static ScaleBias scaleBias(Random random) {
        float[] scales = {1f, 2f, 3f, 0.5f, -1f, 0.1f, 1e-3f, 7.25f};
        float[] biases = {0f, 0.1f, -1f, 2.5f, -0.0f, 1e-30f};
        return new ScaleBias(scales[random.nextInt(scales.length)], biases[random.nextInt(biases.length)]);
    }

    /** An activation's Alpha, Beta, Bias or Threshold: small numbers, rounding ones among them, and signed zeros. */
    private static float parameter(Random random) {
        float[] params = {0.25f, 0.1f, -0.5f, 1f, 0f, 2f, -0.0f, 0.2f, -3f, 1e-30f};
        return params[random.nextInt(params.length)];
    }

    private static Optional<OperatorDesc> activation(Random random) {
        TensorDesc none = TensorDesc.NULL;
        float[] params = {0.25f, 0.1f, -0.5f, 1f, 0f, 2f};
        float p = params[random.nextInt(params.length)];
        float q = params[random.nextInt(params.length)];
        return switch (random.nextInt(7)) {
            case 0 -> Optional.empty();
            case 1 -> Optional.of(new ActivationIdentityOperatorDesc(none, none));
            case 2 -> Optional.of(new ActivationReluOperatorDesc(none, none));
            case 3 -> Optional.of(new ActivationLeakyReluOperatorDesc(none, none, p));
            case 4 -> Optional.of(new ActivationLinearOperatorDesc(none, none, p, q));
            case 5 -> Optional.of(new ActivationThresholdedReluOperatorDesc(none, none, p));
            default -> Optional.of(new ActivationShrinkOperatorDesc(none, none, Math.abs(p), Math.abs(q)));
        };
    }
}
