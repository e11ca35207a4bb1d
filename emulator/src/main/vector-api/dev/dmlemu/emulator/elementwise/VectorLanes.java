package dev.dmlemu.emulator.elementwise;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The packed lanes on the incubating Vector API (JDK 17: {@code --add-modules jdk.incubator.vector}), reading and
 * writing the tensors' heap arrays in place. The only class of the project that imports the module: it is loaded
 * only through {@link InPlaceLane#of}, after the boot layer was seen to hold the module. Each operation is its own
 * loop on a constant operator, since C2 compiles a Vector API call to vector instructions only when its operator is a
 * constant where it is inlined.
 */
final class VectorLanes {

    private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_PREFERRED;
    private static final int LANES = FLOATS.length();
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, LE);
    private static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, LE);

    private VectorLanes() {}

    /**
     * The lane for {@code lane}, or null for the lanes this class does not cover (the byte copy, scale-bias). Found by
     * name from {@link InPlaceLane}: keep the name and the signature.
     */
    static InPlaceLane of(PackedLane lane) {
        if (INTS.length() != LANES) {
            return null; // the int view of a float vector must have the same lanes
        }
        if (lane instanceof PackedLane.FloatArithmetic op) {
            return switch (op) {
                case ADD -> VectorLanes::addFloats;
                case SUBTRACT -> VectorLanes::subtractFloats;
                case MULTIPLY -> VectorLanes::multiplyFloats;
            };
        }
        if (lane instanceof PackedLane.IntArithmetic op) {
            return switch (op) {
                case ADD -> VectorLanes::addInts;
                case SUBTRACT -> VectorLanes::subtractInts;
                case MULTIPLY -> VectorLanes::multiplyInts;
            };
        }
        if (lane == PackedLane.Truncation.TO_INT32) {
            return VectorLanes::truncate;
        }
        return null;
    }

    private static void addFloats(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] a = arrays[0];
        byte[] b = arrays[1];
        byte[] out = arrays[2];
        int i = 0;
        for (int bound = FLOATS.loopBound(count); i < bound; i += LANES) {
            int k = i * Float.BYTES;
            FloatVector x = FloatVector.fromByteArray(FLOATS, a, at[0] + k, LE);
            FloatVector y = FloatVector.fromByteArray(FLOATS, b, at[1] + k, LE);
            writeFloats(x.add(y), out, at[2] + k, i, exact);
        }
        for (; i < count; i++) {
            int k = i * Float.BYTES;
            writeFloat((float) FLOAT.get(a, at[0] + k) + (float) FLOAT.get(b, at[1] + k), out, at[2] + k, i, exact);
        }
    }

    private static void subtractFloats(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] a = arrays[0];
        byte[] b = arrays[1];
        byte[] out = arrays[2];
        int i = 0;
        for (int bound = FLOATS.loopBound(count); i < bound; i += LANES) {
            int k = i * Float.BYTES;
            FloatVector x = FloatVector.fromByteArray(FLOATS, a, at[0] + k, LE);
            FloatVector y = FloatVector.fromByteArray(FLOATS, b, at[1] + k, LE);
            writeFloats(x.sub(y), out, at[2] + k, i, exact);
        }
        for (; i < count; i++) {
            int k = i * Float.BYTES;
            writeFloat((float) FLOAT.get(a, at[0] + k) - (float) FLOAT.get(b, at[1] + k), out, at[2] + k, i, exact);
        }
    }

    private static void multiplyFloats(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] a = arrays[0];
        byte[] b = arrays[1];
        byte[] out = arrays[2];
        int i = 0;
        for (int bound = FLOATS.loopBound(count); i < bound; i += LANES) {
            int k = i * Float.BYTES;
            FloatVector x = FloatVector.fromByteArray(FLOATS, a, at[0] + k, LE);
            FloatVector y = FloatVector.fromByteArray(FLOATS, b, at[1] + k, LE);
            writeFloats(x.mul(y), out, at[2] + k, i, exact);
        }
        for (; i < count; i++) {
            int k = i * Float.BYTES;
            writeFloat((float) FLOAT.get(a, at[0] + k) * (float) FLOAT.get(b, at[1] + k), out, at[2] + k, i, exact);
        }
    }

    /** Writes {@code r}, its NaN lanes first replaced by the exact body's bits (read before anything is written). */
    private static void writeFloats(FloatVector r, byte[] out, int offset, int first,
            InPlaceLane.ExactElement exact) {
        VectorMask<Float> nan = r.compare(VectorOperators.NE, r);
        if (nan.anyTrue()) {
            int[] bits = r.reinterpretAsInts().toArray();
            for (int j = 0; j < LANES; j++) {
                if (nan.laneIsSet(j)) {
                    bits[j] = exact.bits(first + j);
                }
            }
            IntVector.fromArray(INTS, bits, 0).intoByteArray(out, offset, LE);
        } else {
            r.intoByteArray(out, offset, LE);
        }
    }

    private static void writeFloat(float r, byte[] out, int offset, int element, InPlaceLane.ExactElement exact) {
        INT.set(out, offset, r != r ? exact.bits(element) : Float.floatToRawIntBits(r));
    }

    private static void addInts(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] a = arrays[0];
        byte[] b = arrays[1];
        byte[] out = arrays[2];
        int i = 0;
        for (int bound = INTS.loopBound(count); i < bound; i += LANES) {
            int k = i * Integer.BYTES;
            IntVector x = IntVector.fromByteArray(INTS, a, at[0] + k, LE);
            IntVector y = IntVector.fromByteArray(INTS, b, at[1] + k, LE);
            x.add(y).intoByteArray(out, at[2] + k, LE);
        }
        for (; i < count; i++) {
            int k = i * Integer.BYTES;
            INT.set(out, at[2] + k, (int) INT.get(a, at[0] + k) + (int) INT.get(b, at[1] + k));
        }
    }

    private static void subtractInts(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] a = arrays[0];
        byte[] b = arrays[1];
        byte[] out = arrays[2];
        int i = 0;
        for (int bound = INTS.loopBound(count); i < bound; i += LANES) {
            int k = i * Integer.BYTES;
            IntVector x = IntVector.fromByteArray(INTS, a, at[0] + k, LE);
            IntVector y = IntVector.fromByteArray(INTS, b, at[1] + k, LE);
            x.sub(y).intoByteArray(out, at[2] + k, LE);
        }
        for (; i < count; i++) {
            int k = i * Integer.BYTES;
            INT.set(out, at[2] + k, (int) INT.get(a, at[0] + k) - (int) INT.get(b, at[1] + k));
        }
    }

    private static void multiplyInts(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] a = arrays[0];
        byte[] b = arrays[1];
        byte[] out = arrays[2];
        int i = 0;
        for (int bound = INTS.loopBound(count); i < bound; i += LANES) {
            int k = i * Integer.BYTES;
            IntVector x = IntVector.fromByteArray(INTS, a, at[0] + k, LE);
            IntVector y = IntVector.fromByteArray(INTS, b, at[1] + k, LE);
            x.mul(y).intoByteArray(out, at[2] + k, LE);
        }
        for (; i < count; i++) {
            int k = i * Integer.BYTES;
            INT.set(out, at[2] + k, (int) INT.get(a, at[0] + k) * (int) INT.get(b, at[1] + k));
        }
    }

    /**
     * FLOAT32 to INT32 toward zero. C2 17 has no vector instruction for the API's F2I conversion here (it ran about
     * 5x slower than the staged loop), so the truncation is done on the bits: the significand with its implicit one,
     * shifted by the exponent, then the sign. That is exact for |x| < 2^31; every other element (NaN, infinities, out
     * of range) comes from the exact body.
     */
    private static void truncate(byte[][] arrays, int[] at, int count, InPlaceLane.ExactElement exact) {
        byte[] in = arrays[0];
        byte[] out = arrays[1];
        int i = 0;
        for (int bound = INTS.loopBound(count); i < bound; i += LANES) {
            int k = i * Integer.BYTES;
            IntVector bits = IntVector.fromByteArray(INTS, in, at[0] + k, LE);
            IntVector exponent = bits.lanewise(VectorOperators.LSHR, 23).and(0xFF);
            IntVector significand = bits.and(0x7F_FFFF).or(0x80_0000);
            // value = significand * 2^(exponent - 150); below 1 (exponent < 127) it truncates to 0
            IntVector left = significand.lanewise(VectorOperators.LSHL, exponent.sub(150));
            IntVector right = significand.lanewise(VectorOperators.LSHR, exponent.neg().add(150));
            IntVector magnitude = right.blend(left, exponent.compare(VectorOperators.GE, 150))
                    .blend(0, exponent.compare(VectorOperators.LT, 127));
            IntVector r = magnitude.blend(magnitude.neg(), bits.compare(VectorOperators.LT, 0));
            VectorMask<Integer> outside = exponent.compare(VectorOperators.GE, 127 + 31);
            if (outside.anyTrue()) {
                int[] fixed = r.toArray();
                for (int j = 0; j < LANES; j++) {
                    if (outside.laneIsSet(j)) {
                        fixed[j] = exact.bits(i + j);
                    }
                }
                r = IntVector.fromArray(INTS, fixed, 0);
            }
            r.intoByteArray(out, at[1] + k, LE);
        }
        for (; i < count; i++) {
            int k = i * Integer.BYTES;
            float x = (float) FLOAT.get(in, at[0] + k);
            INT.set(out, at[1] + k, Math.abs(x) < 0x1p31f ? (int) x : exact.bits(i));
        }
    }
}
