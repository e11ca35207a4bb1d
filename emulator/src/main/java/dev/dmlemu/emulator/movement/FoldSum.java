package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;

/**
 * How FOLD adds the elements that land on one output element, on raw bits from +0, as measured on the real DLL
 * (docs/directml-behaviour.md §16.9): floats rounded after each step with x86's NaN rules (the running sum's NaN wins
 * over the element's, each comes out quiet, an invalid sum gives the default NaN), 32- and 64-bit integers modulo
 * 2^width, INT8 and UINT8 summed wide and saturated to the type once at the end. The NaN rules are written out because
 * the JIT may swap the operands of an addition.
 */
enum FoldSum {
    FLOAT32 {
        @Override
        long add(long sum, long element) {
            float a = Float.intBitsToFloat((int) sum);
            float x = Float.intBitsToFloat((int) element);
            if (a != a) {
                return sum | FLOAT32_QUIET;
            }
            if (x != x) {
                return element | FLOAT32_QUIET;
            }
            float r = a + x;
            return r != r ? FLOAT32_DEFAULT_NAN : Float.floatToRawIntBits(r) & 0xFFFF_FFFFL;
        }
    },
    /** FLOAT64 [inferred]: the device does not compile FLOAT64 FOLD, so FLOAT32's rule is carried over. */
    FLOAT64 {
        @Override
        long add(long sum, long element) {
            double a = Double.longBitsToDouble(sum);
            double x = Double.longBitsToDouble(element);
            if (a != a) {
                return sum | FLOAT64_QUIET;
            }
            if (x != x) {
                return element | FLOAT64_QUIET;
            }
            double r = a + x;
            return r != r ? FLOAT64_DEFAULT_NAN : Double.doubleToRawLongBits(r);
        }
    },
    WRAPPING {
        @Override
        long add(long sum, long element) {
            return sum + element;
        }
    },
    INT8 {
        @Override
        long add(long sum, long element) {
            return sum + (byte) element;
        }

        @Override
        long finish(long sum) {
            return Math.max(Byte.MIN_VALUE, Math.min(Byte.MAX_VALUE, sum));
        }
    },
    UINT8 {
        @Override
        long add(long sum, long element) {
            return sum + element;
        }

        @Override
        long finish(long sum) {
            return Math.min(0xFF, sum);
        }
    };

    private static final long FLOAT32_QUIET = 0x40_0000L;
    private static final long FLOAT32_DEFAULT_NAN = 0xFFC0_0000L;
    private static final long FLOAT64_QUIET = 0x8_0000_0000_0000L;
    private static final long FLOAT64_DEFAULT_NAN = 0xFFF8_0000_0000_0000L;

    /** The running sum after one more element (its bits zero-extended, as {@link ElementBits} reads them). */
    abstract long add(long sum, long element);

    /** The bits stored from the running sum (only the element's width of them counts). */
    long finish(long sum) {
        return sum;
    }

    static FoldSum of(OperatorType operator, TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> FLOAT32;
            case FLOAT64 -> FLOAT64;
            case INT8 -> INT8;
            case UINT8 -> UINT8;
            case INT32, UINT32, INT64, UINT64 -> WRAPPING;
            default -> throw Shapes.refuse(operator, type + " sums are not modelled: the measuring device lacks"
                    + " 16-bit types, and FOLD's tables list none");
        };
    }
}
