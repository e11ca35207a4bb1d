package dev.dmlemu.emulator.movement;

/** Which end of the order a selection looks for: the largest elements (MAX, ARGMAX, TOP_K) or the smallest. */
enum Extremum {
    LARGEST,
    SMALLEST;

    /** Whether {@code a} lies strictly further toward this end than {@code b} (false when either is a NaN). */
    boolean beyond(ElementOrder order, long a, long b) {
        return this == LARGEST ? order.greater(a, b) : order.less(a, b);
    }

    /** Whether {@code a} lies as far toward this end as {@code b} or further (false when either is a NaN). */
    boolean atLeast(ElementOrder order, long a, long b) {
        return this == LARGEST ? order.greaterOrEqual(a, b) : order.lessOrEqual(a, b);
    }
}
