package dev.dmlemu.emulator.elementwise;

import java.nio.ByteBuffer;

/**
 * A packed lane that runs one piece of packed rows on the tensors' little-endian {@link ByteBuffer} views in place, by
 * absolute {@code getFloat}/{@code putFloat} (or {@code getInt}/{@code putInt}), where {@link PackedRows} otherwise
 * stages the piece through primitive arrays. Plain Java 17 API; {@link ViewLanes} says on which JVMs it pays.
 */
@FunctionalInterface
interface ViewLane {

    /**
     * Runs {@code count} elements of 4 bytes: tensor {@code t}'s first at byte {@code at[t]} of {@code views[t]}, the
     * inputs first and the output last, every row contiguous. The output is written before the elements the lane
     * cannot trust (a NaN result, a truncation out of range) are looked for and taken from {@code exact}, which reads
     * the inputs again: the output must share no byte with an input.
     */
    void run(ByteBuffer[] views, int[] at, int count, InPlaceLane.ExactElement exact);
}
