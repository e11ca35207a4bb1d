package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;

/**
 * Which raw element bits NONZERO_COORDINATES counts as zero: for floating-point types both zeros (every bit but the
 * sign clear; NaN and subnormals are nonzero), for integers 0 alone.
 */
record ZeroTest(long magnitudeMask) {

    static ZeroTest of(OperatorType operator, TensorDataType type) {
        return switch (type) {
            case FLOAT16 -> new ZeroTest(0x7FFFL);
            case FLOAT32 -> new ZeroTest(0x7FFF_FFFFL);
            case FLOAT64 -> new ZeroTest(Long.MAX_VALUE);
            default -> {
                if (!type.isByteAddressable()) {
                    throw Shapes.refuse(operator, "the emulator reads whole bytes; " + type + " packs two per byte");
                }
                yield new ZeroTest(-1L);
            }
        };
    }

    boolean isZero(long bits) {
        return (bits & magnitudeMask) == 0;
    }
}
