package dev.dmlemu.emulator;

import java.util.Arrays;
import java.util.List;

/**
 * The output elements one scatter execution has written, to count the writes that land on an element an earlier
 * update already wrote: DirectML does not promise which of them wins (docs/directml-behaviour.md §12.4), so the
 * emulator reports them. One bit per output element of a region (the whole output, or the part one worker writes;
 * writes past the output are dropped before they get here), kept by the prepared scatter and {@link #reset} before
 * each execution, so a stream of dispatches allocates nothing. Not thread-safe: a region's elements are written by
 * one thread, in row-major update order.
 */
final class WrittenElements {

    private final long firstElement;
    private final long[] words;
    /** The elements written more than once: DirectML leaves them undefined. */
    private final long[] overwritten;
    /**
     * The words of {@link #overwritten} with a bit set, so that {@link #reset} clears those only: a scatter of rows
     * overwrites a few of its output's words, and clearing all of them was a pass over a bitmap as large as
     * {@link #words} on every execution.
     */
    private int[] overwrittenWords = new int[16];
    private int overwrittenWordCount;
    /** For a merge, the regions it answers {@link #wasOverwritten} from. */
    private final List<WrittenElements> regions;
    private long overwrites;
    private long firstOverwritten = -1;
    private long currentUpdate;
    private long firstOverwritingUpdate = -1;

    /** @param elements how many output elements a write may land on (the last whole element's offset plus one) */
    WrittenElements(long elements) {
        this(0, elements);
    }

    /** The elements {@code [firstElement, endElement)}, the only ones marked. */
    WrittenElements(long firstElement, long endElement) {
        this.firstElement = firstElement;
        // A bound output has fewer than 2^31 bytes, so fewer than 2^31 elements.
        this.words = new long[(int) ((endElement - firstElement + 63) >>> 6)];
        this.overwritten = new long[words.length];
        this.regions = List.of();
    }

    private WrittenElements(List<WrittenElements> regions) {
        this.firstElement = 0;
        this.words = new long[0];
        this.overwritten = new long[0];
        this.regions = List.copyOf(regions);
    }

    /** Whether this bitmap covers exactly the elements {@code [firstElement, endElement)}. */
    boolean covers(long firstElement, long endElement) {
        return this.firstElement == firstElement && words.length == (int) ((endElement - firstElement + 63) >>> 6);
    }

    /** Forgets every mark and count, for the next execution. */
    void reset() {
        Arrays.fill(words, 0);
        for (int i = 0; i < overwrittenWordCount; i++) {
            overwritten[overwrittenWords[i]] = 0;
        }
        overwrittenWordCount = 0;
        overwrites = 0;
        firstOverwritten = -1;
        currentUpdate = 0;
        firstOverwritingUpdate = -1;
    }

    /** Which update (in row-major order of the update walk) the next marks belong to. */
    void startUpdate(long update) {
        currentUpdate = update;
    }

    /** Records a write to output element {@code element}, which lies below the count given at construction. */
    void mark(long element) {
        mark(element, currentUpdate);
    }

    /**
     * Records a write by update {@code update} (in row-major order of the update walk), for a caller that numbers
     * its own updates instead of calling {@link #startUpdate} for each.
     */
    void mark(long element, long update) {
        long inRegion = element - firstElement;
        int word = (int) (inRegion >>> 6);
        long bit = 1L << inRegion;
        long before = words[word];
        if ((before & bit) != 0) {
            markOverwritten(word, bit);
            if (overwrites++ == 0) {
                firstOverwritten = element;
                firstOverwritingUpdate = update;
            }
        } else {
            words[word] = before | bit;
        }
    }

    /**
     * Records the writes of {@code length} consecutive updates, numbered from {@code firstUpdate}, to the consecutive
     * elements from {@code element}: the same counts as {@link #mark(long, long)} for each in turn, a word at a time.
     */
    void markRun(long element, long length, long firstUpdate) {
        long from = element - firstElement;
        if (length == 64 && (from & 63) == 0 && words[(int) (from >>> 6)] == 0) {
            // One whole word, none of it written before: a row of 64 updates.
            words[(int) (from >>> 6)] = -1L;
            return;
        }
        long to = from + length;
        while (from < to) {
            int word = (int) (from >>> 6);
            int bit = (int) (from & 63);
            long span = Math.min(64 - bit, to - from);
            long bits = (span == 64 ? -1L : (1L << span) - 1) << bit;
            long before = words[word];
            long again = before & bits;
            if (again != 0) {
                // Elements rise with the update number, so the lowest bit is the earliest update.
                if (overwrites == 0) {
                    long first = ((long) word << 6) + Long.numberOfTrailingZeros(again);
                    firstOverwritten = first + firstElement;
                    firstOverwritingUpdate = firstUpdate + (first - (element - firstElement));
                }
                overwrites += Long.bitCount(again);
                markOverwritten(word, again);
            }
            words[word] = before | bits;
            from += span;
        }
    }

    private void markOverwritten(int word, long bits) {
        if (overwritten[word] == 0) {
            if (overwrittenWordCount == overwrittenWords.length) {
                overwrittenWords = Arrays.copyOf(overwrittenWords, overwrittenWordCount * 2);
            }
            overwrittenWords[overwrittenWordCount++] = word;
        }
        overwritten[word] |= bits;
    }

    /** Whether output element {@code element} was written more than once in this execution. */
    boolean wasOverwritten(long element) {
        for (WrittenElements region : regions) {
            if (region.wasOverwritten(element)) {
                return true;
            }
        }
        long inRegion = element - firstElement;
        if (inRegion < 0 || (inRegion >>> 6) >= overwritten.length) {
            return false;
        }
        return (overwritten[(int) (inRegion >>> 6)] & (1L << inRegion)) != 0;
    }

    /** How many writes landed on an element already written in this execution. */
    long overwrites() {
        return overwrites;
    }

    /** The output element offset of the first such write, or -1. */
    long firstOverwritten() {
        return firstOverwritten;
    }

    /** The update (row-major number in the update walk) that made the first such write, or -1. */
    long firstOverwritingUpdate() {
        return firstOverwritingUpdate;
    }

    /**
     * The regions' counts together: overwrites summed, and the first overwrite in update order (regions are
     * disjoint, so each element's writes are all in one of them).
     */
    static WrittenElements merge(List<WrittenElements> regions) {
        WrittenElements merged = new WrittenElements(regions);
        for (WrittenElements region : regions) {
            merged.overwrites += region.overwrites;
            if (region.firstOverwritingUpdate >= 0 && (merged.firstOverwritingUpdate < 0
                    || region.firstOverwritingUpdate < merged.firstOverwritingUpdate)) {
                merged.firstOverwritingUpdate = region.firstOverwritingUpdate;
                merged.firstOverwritten = region.firstOverwritten;
            }
        }
        return merged;
    }
}
