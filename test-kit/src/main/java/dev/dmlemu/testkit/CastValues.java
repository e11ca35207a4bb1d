package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.Random;

/**
 * The input values of a CAST case: the element-wise generator's values (random bits, small numbers, the input type's
 * edges) mixed with numbers where a conversion to the output type changes behaviour, held in the input type: the
 * output's limits and one beyond them, the 32- and 64-bit limits DirectML's register has, and numbers just past what
 * a float output holds exactly; for a float input, each also nudged by a half and by one unit in the last place.
 */
final class CastValues {

    private CastValues() {}

    static TensorBytes of(Random random, BufferTensorDesc input, TensorDataType to) {
        TensorDataType from = input.dataType();
        int width = from.sizeInBytes();
        byte[] bytes = new byte[Math.toIntExact(input.totalTensorSizeInBytes())];
        for (int at = 0; at + width <= bytes.length; at += width) {
            LittleEndian.put(bytes, at, width, random.nextInt(10) < 4 ? critical(random, from, to)
                    : ElementWiseCases.value(random, from));
        }
        return TensorBytes.of(bytes);
    }

    private static long critical(Random random, TensorDataType from, TensorDataType to) {
        double[] limits = limits(to);
        double v = limits[random.nextInt(limits.length)];
        if (random.nextBoolean()) {
            v = -v;
        }
        if (!from.isFloatingPoint()) {
            // Modulo 2^64 as the input's bits hold it: 2^64 is 0, 2^63 the bits 8000000000000000.
            long whole = Math.abs(v) >= 0x1p64 ? 0 : v >= 0x1p63 ? Long.MIN_VALUE + (long) (v - 0x1p63) : (long) v;
            return whole + random.nextInt(3) - 1; // stored modulo the input's width
        }
        switch (random.nextInt(4)) {
            case 0 -> v += 0.5;
            case 1 -> v -= 0.5;
            case 2 -> v = random.nextBoolean() ? Math.nextUp(v) : Math.nextDown(v);
            default -> { }
        }
        return switch (from) {
            case FLOAT64 -> Double.doubleToRawLongBits(v);
            case FLOAT32 -> Float.floatToRawIntBits(random.nextBoolean() ? (float) v : nudge((float) v, random))
                    & 0xFFFF_FFFFL;
            default -> KitHalf.fromFloat((float) v);
        };
    }

    private static float nudge(float v, Random random) {
        return random.nextBoolean() ? Math.nextUp(v) : Math.nextDown(v);
    }

    /** Where a conversion to {@code to} changes behaviour, as non-negative numbers (their negatives are drawn too). */
    private static double[] limits(TensorDataType to) {
        double[] register = {0, 1, 0x1p31, 0x1p32, 0x1p63, 0x1p64};
        return switch (to) {
            case FLOAT64 -> new double[] {0x1p53 + 1, 0x1p63, 0x1p64, Double.MIN_VALUE, Double.MAX_VALUE, 1};
            case FLOAT32 -> new double[] {0x1p24 + 1, 0x1p24 + 3, 0x1p31, 0x1p32, 0x1p63, Float.MIN_VALUE,
                Float.MIN_VALUE / 2, Float.MAX_VALUE, 1 + 0x1p-24};
            case FLOAT16 -> new double[] {2049, 2051, 65504, 65520, 0x1p-24, 0x1p-25, 0x1p-14, 1 + 0x1p-11};
            default -> {
                int bits = to.sizeInBits();
                double max = to.isSignedInteger() ? Math.scalb(1.0, bits - 1) - 1 : Math.scalb(1.0, bits) - 1;
                double[] all = new double[register.length + 3];
                System.arraycopy(register, 0, all, 0, register.length);
                all[register.length] = max;
                all[register.length + 1] = max + 1;
                all[register.length + 2] = to.isSignedInteger() ? max + 2 : 128;
                yield all;
            }
        };
    }
}
