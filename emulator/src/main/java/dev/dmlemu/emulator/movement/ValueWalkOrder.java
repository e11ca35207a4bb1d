package dev.dmlemu.emulator.movement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order in which DirectML's REDUCE MAX and MIN (and the max poolings it runs as REDUCE MAX) walk the reduced
 * dimensions, measured on the real DLL (docs/directml-behaviour.md §16.7): the largest input stride outermost, equal
 * strides in dimension order. It decides only which of equal elements (-0.0 and +0.0) is written, the last walked; on
 * packed, padded and transposed inputs that is the one at the highest address. ARGMIN and ARGMAX keep the row-major
 * walk, since the position in it is the index they write.
 */
final class ValueWalkOrder {

    private ValueWalkOrder() {}

    /** {@code reduced} (dimension numbers) reordered: the largest of {@code strides} first, a stable sort. */
    static List<Integer> largestStrideFirst(List<Integer> reduced, long[] strides) {
        List<Integer> ordered = new ArrayList<>(reduced);
        ordered.sort(Comparator.comparingLong((Integer d) -> strides[d]).reversed());
        return ordered;
    }
}
