package dev.dmlemu.cli;

import dev.dmlemu.emulator.DuplicateWrites;
import dev.dmlemu.emulator.ExecutionListener;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * What the emulator reports while a dispatch runs (a scatter's duplicate writes), kept until the run warns about it:
 * one warning per dispatch, however many times it executed.
 */
final class ExecutionReports implements ExecutionListener {

    private final ConcurrentLinkedQueue<DuplicateWrites> found = new ConcurrentLinkedQueue<>();

    @Override
    public void duplicateWrites(DuplicateWrites report) {
        found.add(report);
    }

    /** The first report since the last call, if any; the rest are dropped (the same dispatch repeated). */
    Optional<DuplicateWrites> takeFirst() {
        DuplicateWrites first = found.poll();
        found.clear();
        return Optional.ofNullable(first);
    }
}
