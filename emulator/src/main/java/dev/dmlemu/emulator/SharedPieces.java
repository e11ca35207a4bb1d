package dev.dmlemu.emulator;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The pieces {@link PoolSplit#share} hands out: contiguous ranges of units, taken in order by whichever thread asks
 * next. Pieces are at most {@code 1 / (workers * PIECES_PER_WORKER)} of the work, so that a slowed thread holds up
 * little, and they taper once a few pieces per worker are left, down to an eighth of that: the thread that finds
 * nothing left waits for the others' last pieces, and with pieces of one size that wait averaged half a piece (about
 * 5% of a two-thread GATHER_ND, docs/performance.md "Fifth round: the second thread").
 */
final class SharedPieces {

    /** How many pieces of the largest size each worker may take before they taper. */
    static final int PIECES_PER_WORKER = 16;

    /** Pieces taper to this fraction of the largest. */
    static final int TAPER = 8;

    /** Pieces start to taper when fewer than this many of the largest are left per worker. */
    static final int TAPER_START = 4;

    private final long units;
    private final long workers;
    private final long largest;
    private final long smallest;
    private final AtomicLong next = new AtomicLong();

    SharedPieces(long units, int workers) {
        this.units = units;
        this.workers = workers;
        // A ceiling, without units + most overflowing: with fewer units than pieces every piece is one unit.
        long most = (long) workers * PIECES_PER_WORKER;
        this.largest = Math.max(1, units / most + (units % most == 0 ? 0 : 1));
        this.smallest = Math.max(1, largest / TAPER);
    }

    /** The first unit of the next piece, or -1 when every unit is taken; the piece ends at {@link #end}. */
    long take() {
        while (true) {
            long begin = next.get();
            if (begin >= units) {
                return -1;
            }
            if (next.compareAndSet(begin, end(begin))) {
                return begin;
            }
        }
    }

    /** The end of the piece that begins at {@code begin}: its size depends only on the units left from there. */
    long end(long begin) {
        long left = units - begin;
        long size = Math.max(smallest, Math.min(largest, left / (workers * TAPER_START)));
        return begin + Math.min(size, left);
    }
}
