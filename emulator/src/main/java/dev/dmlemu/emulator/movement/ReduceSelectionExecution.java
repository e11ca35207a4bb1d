package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.CoordinateCursor;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A selecting reduction planned: the output elements split over the pool, each folding its reduced elements in
 * order.
 */
final class ReduceSelectionExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final ReducedSpace space;
    private final ReduceSelection selection;
    private final ElementOrder order;
    private final int elementSize;
    private final int outputSize;
    private final Parallelism parallelism;
    private final PoolSplit split;

    ReduceSelectionExecution(OperatorDesc desc, ReducedSpace space, ReduceSelection selection, ElementOrder order,
            int elementSize, int outputSize, Parallelism parallelism) {
        this.desc = desc;
        this.space = space;
        this.selection = selection;
        this.order = order;
        this.elementSize = elementSize;
        this.outputSize = outputSize;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer in = BoundBuffers.view(bindings.get(0));
        ByteBuffer out = BoundBuffers.view(bindings.get(1));
        long count = space.outputCount();
        split.run(count, parallelism.chunks(count * space.reducedCount(), count),
                (begin, end) -> reduce(in, out, begin, end));
    }

    private void reduce(ByteBuffer in, ByteBuffer out, long begin, long end) {
        CoordinateCursor outer = new CoordinateCursor(space.outputSizes(), space.inputKept(), space.outputStrides());
        long[] reduced = space.reducedSizes();
        int last = reduced.length - 1;
        long row = reduced[last];
        long rowStride = space.inputReduced()[last];
        CoordinateCursor inner = new CoordinateCursor(Arrays.copyOf(reduced, last), space.inputReduced());
        outer.seek(begin);
        boolean treeTies = space.treeTies();
        for (long e = begin; e < end; e++) {
            long base = outer.offset(0);
            long best = 0;
            long bestAt = -1;
            long k = 0;
            do {
                long at = base + inner.offset(0);
                for (long j = 0; j < row; j++, k++, at += rowStride) {
                    long x = ElementBits.get(in, (int) at, elementSize);
                    if (selection.index()) {
                        if (k == 0 || selection.replacesIndex(order, x, best)) {
                            best = x;
                            bestAt = k;
                        }
                    } else if (treeTies ? takesByRank(x, k, best, bestAt) : takesValue(x, bestAt < 0, best)) {
                        best = x;
                        bestAt = k;
                    }
                }
            } while (inner.next());
            long written = selection.index() ? bestAt : bestAt < 0 ? selection.emptyFloat32() : best;
            ElementBits.put(out, (int) outer.offset(1), outputSize, written);
            outer.next();
        }
    }

    /**
     * Whether a value walk (REDUCE MAX and MIN) keeps {@code x} as its best so far: never a NaN, the first other value
     * always ({@code none}: nothing kept yet), then as the selection's tie rule says.
     */
    private boolean takesValue(long x, boolean none, long best) {
        return !order.isNan(x) && (none || selection.replacesValue(order, x, best));
    }

    /**
     * Whether a tree reduction keeps {@code x}, at walk position {@code k}, over {@code best} at {@code bestAt}
     * ({@code -1}: nothing kept yet): never a NaN, a value strictly beyond, or an equal one of smaller tree rank.
     */
    private boolean takesByRank(long x, long k, long best, long bestAt) {
        if (order.isNan(x)) {
            return false;
        }
        if (bestAt < 0 || selection.extremum().beyond(order, x, best)) {
            return true;
        }
        return !selection.extremum().beyond(order, best, x) && TreeValueWalk.rank(k) < TreeValueWalk.rank(bestAt);
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
