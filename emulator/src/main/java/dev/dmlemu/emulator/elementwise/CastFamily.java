package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * CAST's pairs of data types in four families, each with one body (docs/directml-behaviour.md §15.6). Measured on the
 * referee, DirectML converts through a 32-bit register: an integer is sign- or zero-extended into it, a float truncated
 * into it as the output's signedness says (an invalid conversion gives the register's minimum when the output is
 * signed, all ones when unsigned), and an output narrower than the register takes the register's value, read with
 * the output's signedness, saturated. The register is 64 bits wide when either type is [inferred: the device refuses
 * every 64-bit CAST]. Floats are converted to nearest even; FLOAT16 is reached through FLOAT32, as a shader does.
 */
enum CastFamily {
    FLOAT_TO_FLOAT {
        @Override
        long convert(long bits, double value, TensorDataType from, TensorDataType to) {
            if (from == to) {
                return bits; // measured on FLOAT32: a signaling NaN stays as it is
            }
            return value != value ? quietNan(bits, from, to) : floatBits(value, to);
        }
    },
    FLOAT_TO_INTEGER {
        @Override
        long convert(long bits, double value, TensorDataType from, TensorDataType to) {
            int width = registerWidth(from, to);
            return CastRegister.narrow(CastRegister.truncate(value, width, to.isSignedInteger()), width, to);
        }
    },
    INTEGER_TO_INTEGER {
        @Override
        long convert(long bits, double value, TensorDataType from, TensorDataType to) {
            // The lane holds the exact value, already extended as its type says: its low bits are the register.
            return CastRegister.narrow(bits, registerWidth(from, to), to);
        }
    },
    INTEGER_TO_FLOAT {
        @Override
        long convert(long bits, double value, TensorDataType from, TensorDataType to) {
            boolean unsigned64 = from == TensorDataType.UINT64 && bits < 0;
            return switch (to) {
                case FLOAT64 -> Double.doubleToRawLongBits(unsigned64 ? unsignedToDouble(bits) : (double) bits);
                case FLOAT32 -> Float.floatToRawIntBits(unsigned64 ? unsignedToFloat(bits) : (float) bits)
                        & 0xFFFF_FFFFL;
                default -> Half.fromDouble(unsigned64 ? unsignedToFloat(bits) : (float) bits) & 0xFFFFL;
            };
        }
    };

    /**
     * The output element's bits from the input element's ({@code bits}: an integer's exact value, a float's raw bits)
     * and, for a float input, its exact value.
     */
    abstract long convert(long bits, double value, TensorDataType from, TensorDataType to);

    static CastFamily of(TensorDataType from, TensorDataType to) {
        if (from.isFloatingPoint()) {
            return to.isFloatingPoint() ? FLOAT_TO_FLOAT : FLOAT_TO_INTEGER;
        }
        return to.isFloatingPoint() ? INTEGER_TO_FLOAT : INTEGER_TO_INTEGER;
    }

    /** The body of one pair: every lane converted by its family. */
    static ElementFunction body(TensorDataType from, TensorDataType to) {
        CastFamily family = of(from, to);
        return (in, out, n) -> {
            Lanes x = in[0];
            for (int i = 0; i < n; i++) {
                out.bits[i] = family.convert(x.bits[i], x.values[i], from, to);
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    /** 32 bits, or 64 when either type is 64 bits wide. */
    static int registerWidth(TensorDataType from, TensorDataType to) {
        return Math.max(32, Math.max(from.sizeInBits(), to.sizeInBits()));
    }

    /** A non-NaN value rounded to nearest even in a float type; FLOAT16 through FLOAT32 [inferred]. */
    private static long floatBits(double value, TensorDataType to) {
        return switch (to) {
            case FLOAT64 -> Double.doubleToRawLongBits(value);
            case FLOAT32 -> Float.floatToRawIntBits((float) value) & 0xFFFF_FFFFL;
            default -> Half.fromDouble((float) value) & 0xFFFFL;
        };
    }

    /**
     * A NaN converted between float types as x86 converts one [inferred: the device refuses FLOAT64 and lacks
     * FLOAT16]: quiet, its sign kept, the leading bits of its payload kept as far as the output's mantissa reaches.
     */
    private static long quietNan(long bits, TensorDataType from, TensorDataType to) {
        // The NaN's sign and mantissa, left-aligned in a double's 52-bit mantissa.
        int mantissaBits = switch (from) {
            case FLOAT64 -> 52;
            case FLOAT32 -> 23;
            default -> 10;
        };
        long sign = bits >>> (from.sizeInBits() - 1) & 1;
        long mantissa = (bits & ((1L << mantissaBits) - 1)) << (52 - mantissaBits);
        return switch (to) {
            case FLOAT64 -> sign << 63 | 0x7FF8_0000_0000_0000L | mantissa;
            case FLOAT32 -> sign << 31 | 0x7FC0_0000L | mantissa >>> 29;
            default -> sign << 15 | 0x7E00L | mantissa >>> 42;
        };
    }

    /** UINT64 bits of 2^63 or more to the nearest double: halved with the lost bit kept sticky, converted, doubled. */
    private static double unsignedToDouble(long bits) {
        return (double) (bits >>> 1 | bits & 1) * 2.0;
    }

    private static float unsignedToFloat(long bits) {
        return (float) (bits >>> 1 | bits & 1) * 2.0f;
    }
}
