package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/**
 * The shapes of element-wise bodies: a function of one, two or three elements, given once for float tensors (on exact
 * doubles, rounded once to the output type) and once for integer tensors (on exact longs, written modulo the output's
 * width). Float arithmetic on doubles gives the correctly rounded FLOAT32 and FLOAT16 result for +, -, *, / (a double
 * holds more than twice their precision plus two bits), and x86 arithmetic keeps NaN payloads as DirectML on its CPU
 * device does (docs/directml-behaviour.md §15).
 */
final class Bodies {

    private Bodies() {}

    @FunctionalInterface
    interface FloatOp1 {
        double apply(double x);
    }

    @FunctionalInterface
    interface FloatOp2 {
        double apply(double a, double b);
    }

    @FunctionalInterface
    interface IntOp1 {
        long apply(long x, TensorDataType type);
    }

    @FunctionalInterface
    interface IntOp2 {
        long apply(long a, long b, TensorDataType type);
    }

    /** A function of one element that keeps float bits as they are: it works on the bits of every type. */
    @FunctionalInterface
    interface BitsOp1 {
        long apply(long bits, TensorDataType type);
    }

    static ElementFunction unary(FloatOp1 onFloats, IntOp1 onIntegers) {
        return (in, out, n) -> {
            Lanes x = in[0];
            if (x.isFloat()) {
                for (int i = 0; i < n; i++) {
                    out.values[i] = onFloats.apply(x.values[i]);
                }
                out.carrier = Lanes.Carrier.VALUES;
            } else {
                for (int i = 0; i < n; i++) {
                    out.bits[i] = onIntegers.apply(x.bits[i], x.type);
                }
                out.carrier = Lanes.Carrier.BITS;
            }
        };
    }

    static ElementFunction onBits(BitsOp1 op) {
        return (in, out, n) -> {
            Lanes x = in[0];
            for (int i = 0; i < n; i++) {
                out.bits[i] = op.apply(x.bits[i], x.type);
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    /** A function of two elements' bits, whatever their type (the BIT_* operators accept float tensors too). */
    static ElementFunction onBits(IntOp2 op) {
        return (in, out, n) -> {
            Lanes a = in[0];
            Lanes b = in[1];
            for (int i = 0; i < n; i++) {
                out.bits[i] = op.apply(a.bits[i], b.bits[i], a.type);
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    /** Whether the second operand is chosen. */
    @FunctionalInterface
    interface FloatChoice {
        boolean second(double a, double b);
    }

    @FunctionalInterface
    interface IntChoice {
        boolean second(long a, long b, TensorDataType type);
    }

    /** One of the two operands, its bits copied as they are (MIN, MAX). */
    static ElementFunction select(FloatChoice onFloats, IntChoice onIntegers) {
        return (in, out, n) -> {
            Lanes a = in[0];
            Lanes b = in[1];
            boolean floats = a.isFloat();
            for (int i = 0; i < n; i++) {
                boolean second = floats ? onFloats.second(a.values[i], b.values[i])
                        : onIntegers.second(a.bits[i], b.bits[i], a.type);
                out.bits[i] = second ? b.bits[i] : a.bits[i];
            }
            out.carrier = Lanes.Carrier.BITS;
        };
    }

    static ElementFunction binary(FloatOp2 onFloats, IntOp2 onIntegers) {
        return (in, out, n) -> {
            Lanes a = in[0];
            Lanes b = in[1];
            if (a.isFloat()) {
                for (int i = 0; i < n; i++) {
                    out.values[i] = onFloats.apply(a.values[i], b.values[i]);
                }
                out.carrier = Lanes.Carrier.VALUES;
            } else {
                for (int i = 0; i < n; i++) {
                    out.bits[i] = onIntegers.apply(a.bits[i], b.bits[i], a.type);
                }
                out.carrier = Lanes.Carrier.BITS;
            }
        };
    }

    /** The NaN x86 arithmetic makes from no NaN operand (inf - inf, 0 * inf): negative, quiet, no payload. */
    static final double DEFAULT_NAN = Double.longBitsToDouble(0xFFF8_0000_0000_0000L);

    /**
     * IEEE arithmetic with the NaN rules DirectML's CPU device shows (measured on ADD1 and ScaleBias,
     * docs/directml-behaviour.md §15): a NaN operand, the first one if both are, comes out quiet with its payload and
     * sign; an invalid operation on numbers gives {@link #DEFAULT_NAN}. Written out because the JIT may swap the
     * operands of a commutative operation, which would change which NaN wins.
     */
    static FloatOp2 ieee(FloatOp2 op) {
        return (a, b) -> {
            if (a != a) {
                return a;
            }
            if (b != b) {
                return b;
            }
            double r = op.apply(a, b);
            return r != r ? DEFAULT_NAN : r;
        };
    }

    /** Signed comparison for every integer type but UINT64, whose lanes are its unsigned bits. */
    static int compare(long a, long b, TensorDataType type) {
        return type == TensorDataType.UINT64 ? Long.compareUnsigned(a, b) : Long.compare(a, b);
    }

    /** The sign bit of a float type's bits. */
    static long signBit(TensorDataType type) {
        return 1L << (type.sizeInBits() - 1);
    }
}
