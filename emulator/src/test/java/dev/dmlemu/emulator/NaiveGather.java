package dev.dmlemu.emulator;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately naive GatherElements, written from the specs alone and sharing no code with the emulator: one
 * output coordinate at a time, over the original dimensions, on byte arrays assembled little-endian by hand.
 * Out-of-range handling follows docs/directml-behaviour.md §7.1 step by step (DIRECTML), a per-axis clamp
 * (CLAMP_AXIS), or reports the first offending coordinate (STRICT).
 */
final class NaiveGather {

    private NaiveGather() {}

    /** What a STRICT run refused: the output coordinate and the index as its type reads it. */
    record Refusal(List<Long> coordinate, String value) {}

    /**
     * Writes into {@code out} (which holds the caller's initial bytes) and returns null, or under STRICT returns the
     * first refusal and leaves {@code out} untouched.
     */
    static Refusal run(GatherCase c, IndexPolicy policy, byte[] in, byte[] idx, byte[] out) {
        int rank = c.indicesSizes.length;
        long count = 1;
        for (long s : c.indicesSizes) {
            count *= s;
        }
        long axisSize = c.inputSizes[c.axis];
        int es = c.dataType.sizeInBytes();
        int xs = c.indexType.sizeInBytes();
        boolean signedType = c.indexType.isSignedInteger();
        if (policy == IndexPolicy.STRICT) {
            for (long e = 0; e < count; e++) {
                long[] coord = unravel(e, c.indicesSizes);
                long raw = readIndex(c, idx, coord);
                if (!inRange(raw, axisSize, signedType)) {
                    List<Long> boxed = new ArrayList<>();
                    for (long x : coord) {
                        boxed.add(x);
                    }
                    return new Refusal(boxed, text(c, raw));
                }
            }
        }
        for (long e = 0; e < count; e++) {
            long[] coord = unravel(e, c.indicesSizes);
            long raw = readIndex(c, idx, coord);
            long element; // input element offset, or -1 for "reads as zero"
            if (inRange(raw, axisSize, signedType)) {
                long position = raw < 0 && signedType ? raw + axisSize : raw;
                element = plainOffset(c, coord, position);
            } else if (policy == IndexPolicy.CLAMP_AXIS) {
                long position;
                if (signedType) {
                    position = raw < -axisSize ? 0 : axisSize - 1; // below -size -> first, at/past size -> last
                } else {
                    position = axisSize - 1;
                }
                element = plainOffset(c, coord, position);
            } else {
                element = directMl(c, coord, raw, axisSize, es);
            }
            long outByte = 0;
            for (int d = 0; d < rank; d++) {
                outByte += coord[d] * c.outputStrides()[d];
            }
            outByte *= es;
            for (int k = 0; k < es; k++) {
                out[(int) (c.outputOffset + outByte + k)] = element < 0 ? 0
                        : in[(int) (c.inputOffset + element * es + k)];
            }
        }
        return null;
    }

    /** docs/directml-behaviour.md §7.1, steps 1 to 7. */
    private static long directMl(GatherCase c, long[] coord, long raw, long axisSize, int es) {
        long value = raw; // step 1: INT32 sign-extended, UINT32 zero-extended, UINT64 read as signed
        if (value < 0) {
            value += axisSize; // step 2
        }
        long low32 = value & 0xFFFFFFFFL; // step 3
        if (axisSize == 1) {
            low32 = 0; // step 4
        }
        long offset = 0; // step 5: sum modulo 2^32
        for (int d = 0; d < coord.length; d++) {
            long x = d == c.axis ? low32 : coord[d];
            offset = (offset + x * c.inputStrides()[d]) % (1L << 32);
        }
        long n = (c.inputTotal + es - 1) / es; // step 6
        if (offset > n - 1) {
            offset = n - 1;
        }
        if ((offset + 1) * es > c.inputTotal) {
            return -1; // step 7
        }
        return offset;
    }

    private static long plainOffset(GatherCase c, long[] coord, long position) {
        long offset = 0;
        for (int d = 0; d < coord.length; d++) {
            offset += (d == c.axis ? position : coord[d]) * c.inputStrides()[d];
        }
        return offset;
    }

    private static boolean inRange(long raw, long axisSize, boolean signedType) {
        if (signedType) {
            return raw >= -axisSize && raw < axisSize;
        }
        // Unsigned: UINT32 was zero-extended; a UINT64 with the top bit set is beyond any axis.
        return raw >= 0 && raw < axisSize;
    }

    private static long readIndex(GatherCase c, byte[] idx, long[] coord) {
        long pos = 0;
        for (int d = 0; d < coord.length; d++) {
            pos += coord[d] * c.indicesStrides()[d];
        }
        int xs = c.indexType.sizeInBytes();
        pos = c.indicesOffset + pos * xs;
        long bits = 0;
        for (int k = 0; k < xs; k++) {
            bits |= (idx[(int) pos + k] & 0xFFL) << (8 * k);
        }
        return switch (c.indexType) {
            case INT32 -> (int) bits;
            default -> bits; // UINT32 stays zero-extended; 64-bit types are as stored
        };
    }

    private static String text(GatherCase c, long raw) {
        return c.indexType == dev.dmlemu.desc.TensorDataType.UINT64 ? Long.toUnsignedString(raw)
                : Long.toString(raw);
    }

    private static long[] unravel(long e, long[] sizes) {
        long[] coord = new long[sizes.length];
        for (int d = sizes.length - 1; d >= 0; d--) {
            coord[d] = e % sizes[d];
            e /= sizes[d];
        }
        return coord;
    }
}
