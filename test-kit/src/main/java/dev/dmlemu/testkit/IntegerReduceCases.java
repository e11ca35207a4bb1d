package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Seeded REDUCE SUM, MULTIPLY, L1 and SUM_SQUARE cases over INT32, UINT32, INT64 and UINT64 (docs/directml-behaviour.md
 * §16.7, "Integer sums and products"; MULTIPLY and SUM_SQUARE only on the 32-bit types, which the measuring device
 * compiles): ranks 1 to 5, one to all axes, packed or padded tensors, values near 0, near the type's extremes and
 * random over its whole range, so sums and products wrap.
 */
public final class IntegerReduceCases {

    private static final TensorDataType[] TYPES = {TensorDataType.INT32, TensorDataType.UINT32,
        TensorDataType.INT64, TensorDataType.UINT64};

    private IntegerReduceCases() {}

    public static MovementCase generate(long seed) {
        Random random = new Random(seed);
        TensorDataType type = TYPES[random.nextInt(TYPES.length)];
        boolean wide = type.sizeInBytes() == 8;
        ReduceFunction[] functions = wide ? new ReduceFunction[] {ReduceFunction.SUM, ReduceFunction.L1}
                : new ReduceFunction[] {ReduceFunction.SUM, ReduceFunction.L1, ReduceFunction.MULTIPLY,
                    ReduceFunction.SUM_SQUARE};
        ReduceFunction function = functions[random.nextInt(functions.length)];
        int rank = 1 + random.nextInt(5);
        long[] sizes = new long[rank];
        for (int d = 0; d < rank; d++) {
            sizes[d] = 1 + random.nextInt(5);
        }
        List<Long> axes = new ArrayList<>();
        for (int d = 0; d < rank; d++) {
            if (random.nextBoolean()) {
                axes.add((long) d);
            }
        }
        if (axes.isEmpty()) {
            axes.add((long) random.nextInt(rank));
        }
        long[] outSizes = sizes.clone();
        for (long axis : axes) {
            outSizes[(int) axis] = 1;
        }
        BufferTensorDesc input = TensorDraws.packedOrPadded(random, type, sizes);
        BufferTensorDesc output = TensorDraws.packedOrPadded(random, type, outSizes);
        int width = type.sizeInBytes();
        byte[] values = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
        for (int e = 0; e < values.length / width; e++) {
            long value = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(7) - 3;
                case 1 -> random.nextBoolean() ? Long.MAX_VALUE - random.nextInt(3)
                        : Long.MIN_VALUE + random.nextInt(3);
                case 2 -> random.nextInt(1 << 17) - (1 << 16);
                default -> random.nextLong();
            };
            if (width == 4 && random.nextInt(3) == 0) {
                value = random.nextBoolean() ? Integer.MAX_VALUE - random.nextInt(3) : Integer.MIN_VALUE;
            }
            LittleEndian.put(values, e * width, width, value);
        }
        byte[] pattern = new byte[Math.toIntExact(output.totalTensorSizeInBytes())];
        Arrays.fill(pattern, (byte) 0xAB);
        return new MovementCase(new ReduceOperatorDesc(function, input, output, axes.size(), axes),
                List.of(TensorBytes.of(values)), List.of(TensorBytes.of(pattern)));
    }
}
