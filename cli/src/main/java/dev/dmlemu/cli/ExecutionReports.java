package dev.dmlemu.cli;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.DuplicateWrites;
import dev.dmlemu.emulator.ExecutionListener;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.LongPredicate;

/**
 * What the emulator reports while a dispatch runs (a scatter's duplicate writes), kept until the run warns about it:
 * one warning per dispatch, however many times it executed.
 */
final class ExecutionReports implements ExecutionListener {

    private final ConcurrentLinkedQueue<DuplicateWrites> found = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<LongPredicate> overwritten = new ConcurrentLinkedQueue<>();

    @Override
    public void duplicateWrites(DuplicateWrites report) {
        found.add(report);
    }

    @Override
    public void overwrittenElements(OperatorType operator, LongPredicate wasOverwritten) {
        overwritten.add(wasOverwritten);
    }

    /** The first report since the last call, if any; the rest are dropped (the same dispatch repeated). */
    Optional<DuplicateWrites> takeFirst() {
        DuplicateWrites first = found.poll();
        found.clear();
        overwritten.clear();
        return Optional.ofNullable(first);
    }

    /**
     * Which output elements the first execution since the last call wrote more than once (element offsets into its
     * OutputTensor binding), if any; call before {@link #takeFirst}, which drops it.
     */
    Optional<LongPredicate> takeOverwritten() {
        LongPredicate first = overwritten.poll();
        overwritten.clear();
        return Optional.ofNullable(first);
    }
}
