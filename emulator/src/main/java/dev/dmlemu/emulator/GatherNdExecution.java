package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;

/**
 * One prepared GATHER_ND or GATHER_ND1: for each index tuple, in row-major output order, the input offset its
 * batch coordinates and tuple give, then the trailing slice copied from there ({@link GatherNdSlice}). Tuples with
 * an out-of-range coordinate go to the policy's {@link GatherNdOutOfRange}. Executions may run concurrently; the
 * tuples of a large one are split over the emulator's pool ({@link PoolSplit}). The mutable state is two caches, as in
 * {@link GatherExecution}: the last bindings' views and the workers' cursors.
 */
final class GatherNdExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final GatherNdPlan plan;
    private final GatherNdOutOfRange outOfRange;
    private final Parallelism parallelism;
    private final WorkspacePool workspaces;
    /** The views of the last bindings executed, or null. */
    private volatile BoundBuffers lastBound;

    private GatherNdExecution(OperatorDesc desc, GatherNdPlan plan, Parallelism parallelism) {
        this.desc = desc;
        this.plan = plan;
        this.outOfRange = GatherNdOutOfRange.of(plan.policy);
        this.parallelism = parallelism;
        this.workspaces = new WorkspacePool(parallelism.threads(),
                () -> new Workspace(plan.tupleCursor(), plan.slice.rowCursor(), new TupleBatch()));
    }

    /**
     * Plans a desc for execution.
     *
     * @throws OperatorExecutionException when the policy has no answer for the desc (batches past the input's)
     */
    static GatherNdExecution prepare(OperatorDesc desc, GatherNdGeometry geometry, BufferTensorDesc input,
            BufferTensorDesc indices, BufferTensorDesc output, IndexSemantics semantics, IndexPolicy policy,
            Parallelism parallelism) {
        if (geometry.readsPastInput() && policy != IndexPolicy.DIRECTML) {
            throw new OperatorExecutionException(desc.operatorType().name() + ": the indices' batch sizes exceed "
                    + "the input's, so the output reads batches past the input, which only the directml index policy"
                    + " models (docs/directml-behaviour.md §11.4); the " + policy.name().toLowerCase()
                    + " policy has no answer for it");
        }
        GatherNdPlan plan = GatherNdPlan.compile(geometry, input, indices, output, semantics, policy);
        return new GatherNdExecution(desc, plan, parallelism.forOutput(output));
    }

    GatherNdPlan plan() {
        return plan;
    }

    @Override
    public void execute(Bindings bindings) {
        BoundBuffers buffers = lastBound;
        if (buffers == null || buffers.source() != bindings) {
            buffers = BoundBuffers.bind(plan.elementSize, plan.indexSize, desc, bindings);
            lastBound = buffers;
        }
        long tuples = plan.tupleCount;
        int chunks = parallelism.chunks(plan.elementCount, tuples);
        ByteBuffer indices = buffers.indices();
        if (plan.policy == IndexPolicy.STRICT) {
            long first = chunks <= 1 ? plan.firstOutOfRange(indices, 0, tuples)
                    : split().first(tuples, chunks, (begin, end) -> plan.firstOutOfRange(indices, begin, end));
            if (first >= 0) {
                throw refusal(indices, first);
            }
        }
        BoundBuffers bound = buffers;
        if (chunks <= 1) {
            gather(bound, 0, tuples);
        } else {
            split().share(tuples, chunks, (begin, end) -> gather(bound, begin, end));
        }
    }

    @Override
    public void release() {
        lastBound = null;
        workspaces.clear();
    }

    /**
     * Copies the slices of tuples {@code [begin, end)}, a {@link TupleBatch} at a time: first every tuple's offsets,
     * then every slice. Slices are usually scattered through a large input, so their reads miss the caches; with the
     * index reads and offset arithmetic out of the copy loop those misses overlap, and the GatherND workload of
     * docs/performance.md ran in about half the time it took resolving and copying tuple by tuple.
     */
    private void gather(BoundBuffers buffers, long begin, long end) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        Workspace workspace = workspaces.take();
        CoordinateCursor tuples = workspace.rows();
        CoordinateCursor rows = workspace.middle();
        TupleBatch batch = (TupleBatch) workspace.scratch();
        GatherNdSlice slice = plan.slice;
        tuples.seek(begin);
        for (long from = begin; from < end; from += TupleBatch.SIZE) {
            int n = (int) Math.min(TupleBatch.SIZE, end - from);
            for (int i = 0; i < n; i++) {
                resolve(idx, tuples, batch, i);
                tuples.next();
            }
            for (int i = 0; i < n; i++) {
                long base = batch.inputOffsets[i];
                long outputAt = batch.outputOffsets[i];
                if (base != TupleBatch.OUT_OF_RANGE) {
                    slice.copy(in, out, base, outputAt, rows);
                } else {
                    long outOfRangeBase = outOfRange.base(plan, idx, batch.indexOffsets[i], batch.batchOffsets[i]);
                    if (outOfRange.walks()) {
                        slice.walk(in, out, outOfRangeBase, outputAt, rows, plan.inputLastElement,
                                plan.inputLastElementPartial);
                    } else {
                        slice.copy(in, out, outOfRangeBase, outputAt, rows);
                    }
                }
            }
        }
        workspaces.give(workspace);
    }

    /** Fills entry {@code i} of the batch with the offsets of the tuple the cursor is at. */
    private void resolve(ByteBuffer idx, CoordinateCursor tuples, TupleBatch batch, int i) {
        long outerInput = tuples.offset(0);
        long first = tuples.offset(1);
        long base = outerInput;
        boolean inRange = !plan.readsPastInput;
        for (int t = 0; t < plan.tupleLength(); t++) {
            long raw = plan.index(idx, first, t);
            if (plan.inRange(raw, t)) {
                base += plan.wrapped(raw, t) * plan.tupleStrides[t];
            } else {
                inRange = false;
            }
        }
        batch.inputOffsets[i] = inRange ? base : TupleBatch.OUT_OF_RANGE;
        batch.outputOffsets[i] = tuples.offset(2);
        batch.indexOffsets[i] = first;
        batch.batchOffsets[i] = outerInput;
    }

    private IndexOutOfRangeException refusal(ByteBuffer indices, long found) {
        GatherNdPlan.OutOfRangeCoordinate at = plan.outOfRangeAt(indices, found);
        return new IndexOutOfRangeException(plan.outputCoordinateOf(at.tuple()), plan.indexText(at.raw()),
                plan.indexType, plan.tupleDimensions[at.t()], plan.tupleSizes[at.t()], plan.signedWrap);
    }

    private PoolSplit split() {
        return parallelism.split(desc.operatorType().name());
    }
}
