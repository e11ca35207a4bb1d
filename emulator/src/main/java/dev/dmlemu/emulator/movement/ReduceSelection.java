package dev.dmlemu.emulator.movement;

/**
 * What a selecting reduction keeps of the elements it walks, as measured on the real DLL (docs/directml-behaviour.md
 * §16.7).
 *
 * <p>An index (ARGMIN, ARGMAX, REDUCE's ARGMIN and ARGMAX): the first element is the candidate, and each later one
 * replaces it when it lies strictly beyond it, or, with {@code lastOfTies} (AxisDirection DECREASING), at least as far;
 * a NaN never replaces and, as the first element, is never replaced.
 *
 * <p>A value (REDUCE's MAX and MIN): NaNs are skipped, and among equal elements the last walked wins (so -0.0 or
 * +0.0, whichever the walk of {@link ValueWalkOrder} meets last); with nothing but NaNs the result is the identity,
 * -infinity for MAX (+infinity for MIN).
 *
 * @param extremum which end of the order is looked for
 * @param index whether the element's position is written, else its bits
 * @param lastOfTies for an index, whether a later equal element replaces the candidate
 */
record ReduceSelection(Extremum extremum, boolean index, boolean lastOfTies) {

    /** The FLOAT32 bits a value reduction writes when every element is a NaN. */
    long emptyFloat32() {
        return Float.floatToRawIntBits(extremum == Extremum.LARGEST ? Float.NEGATIVE_INFINITY
                : Float.POSITIVE_INFINITY) & 0xFFFF_FFFFL;
    }

    /** Whether {@code x} replaces the index candidate {@code best}. */
    boolean replacesIndex(ElementOrder order, long x, long best) {
        return lastOfTies ? extremum.atLeast(order, x, best) : extremum.beyond(order, x, best);
    }

    /** Whether {@code x} (not a NaN) replaces the value {@code kept} (not a NaN). */
    boolean replacesValue(ElementOrder order, long x, long kept) {
        return !extremum.beyond(order, kept, x);
    }
}
