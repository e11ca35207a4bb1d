package dev.dmlemu.emulator;

import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;

/**
 * An {@link IndexPolicy} as the GATHER_ND engine uses it: where the slice of a tuple with an out-of-range coordinate
 * starts, and whether its reads take DirectML's walk through the buffer. The engine copies in-range tuples itself
 * (the plain formula, the same under every policy) and asks this only for the rest.
 */
sealed interface GatherNdOutOfRange {

    /**
     * The input offset, in elements, of the slice the tuple reads.
     *
     * @param tuple the indices element holding the tuple's first coordinate
     * @param outerInput the input offset of the tuple's batch coordinates
     */
    long base(GatherNdPlan plan, ByteBuffer indices, long tuple, long outerInput);

    /** Whether the slice is read through {@link GatherNdSlice#walk} (modulo 2^32, clamped), not copied as is. */
    boolean walks();

    static GatherNdOutOfRange of(IndexPolicy policy) {
        return switch (policy) {
            case DIRECTML -> new DirectMlWalk();
            case CLAMP_AXIS -> new ClampEachCoordinate();
            case STRICT -> new StrictRecheck();
        };
    }

    /** What DirectML.dll does (docs/directml-behaviour.md §11.5): each coordinate's term, summed modulo 2^32. */
    record DirectMlWalk() implements GatherNdOutOfRange {
        @Override
        public long base(GatherNdPlan plan, ByteBuffer indices, long tuple, long outerInput) {
            long base = outerInput;
            for (int t = 0; t < plan.tupleLength(); t++) {
                base += plan.directMlTerm(plan.index(indices, tuple, t), t);
            }
            return base;
        }

        @Override
        public boolean walks() {
            return true;
        }
    }

    /** Each coordinate clamped into its own dimension after the negative wrap (docs/directml-behaviour.md §7.3). */
    record ClampEachCoordinate() implements GatherNdOutOfRange {
        @Override
        public long base(GatherNdPlan plan, ByteBuffer indices, long tuple, long outerInput) {
            long base = outerInput;
            for (int t = 0; t < plan.tupleLength(); t++) {
                base += plan.clamped(plan.index(indices, tuple, t), t) * plan.tupleStrides[t];
            }
            return base;
        }

        @Override
        public boolean walks() {
            return false;
        }
    }

    /**
     * STRICT checks every tuple before anything is written, so an out-of-range coordinate here means the indices
     * changed during the execution.
     */
    record StrictRecheck() implements GatherNdOutOfRange {
        @Override
        public long base(GatherNdPlan plan, ByteBuffer indices, long tuple, long outerInput) {
            throw new OperatorExecutionException("IndicesTensor: an index tuple is out of range; the indices buffer "
                    + "changed during execution");
        }

        @Override
        public boolean walks() {
            return false;
        }
    }
}
