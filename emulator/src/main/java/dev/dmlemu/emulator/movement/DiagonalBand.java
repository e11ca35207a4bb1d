package dev.dmlemu.emulator.movement;

/**
 * Which elements of a matrix DIAGONAL_MATRIX(1) fills: those whose diagonal {@code x - y} lies in
 * {@code [begin, end)}, or outside {@code [end, begin)} when the bounds are inverted (end before begin), as the
 * DIAGONAL_MATRIX1 docs' pseudocode says. DIAGONAL_MATRIX's Offset {@code o} is the band {@code [o, o + 1)}.
 */
record DiagonalBand(long begin, long end) {

    boolean fills(long x, long y) {
        long diagonal = x - y;
        return (end >= begin) ^ (diagonal >= begin) ^ (diagonal < end);
    }
}
