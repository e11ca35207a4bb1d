package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import java.util.Random;

/**
 * Finite floating-point elements: normal values and -0.0, never NaN, infinity or a subnormal, whose handling a GPU
 * or a text format may not preserve bit for bit. Integer types keep their random bits.
 */
final class FiniteValues {

    private FiniteValues() {}

    /** Overwrites every whole element from the tensor's start to the end of its array. */
    static void fill(Random r, TensorDataType type, TensorBytes tensor) {
        if (!type.isFloatingPoint()) {
            return;
        }
        int es = type.sizeInBytes();
        byte[] bytes = tensor.bytes();
        for (int at = tensor.offset(); at + es <= bytes.length; at += es) {
            boolean negativeZero = r.nextInt(16) == 0;
            long bits = switch (type) {
                case FLOAT16 -> negativeZero ? 0x8000 : half(r);
                case FLOAT32 -> Float.floatToRawIntBits(negativeZero ? -0.0f : (float) r.nextDouble(-1e6, 1e6));
                case FLOAT64 -> Double.doubleToRawLongBits(negativeZero ? -0.0 : r.nextDouble(-1e12, 1e12));
                default -> throw new IllegalArgumentException(type.name());
            };
            LittleEndian.put(bytes, at, es, bits);
        }
    }

    /** A normal half: any sign and mantissa, a biased exponent of 1 to 30. */
    private static long half(Random r) {
        return (long) r.nextInt(2) << 15 | (long) (1 + r.nextInt(30)) << 10 | r.nextInt(1 << 10);
    }
}
