package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.IndexSemantics;

/**
 * One prepared gather (GatherElements or Gather): the kernel plus how an execution is split over threads. Executions may run
 * concurrently. The mutable state is two caches: the last bindings' checked views ({@link BoundBuffers}), which
 * executions with the same {@link Bindings} instance reuse, the way a DirectML binding table is bound once and
 * dispatched many times (immutable values behind a volatile reference, so a race only costs a rebind); and the
 * kernel's workspaces ({@link WorkspacePool}), which workers take and give back.
 */
final class GatherExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final GatherKernel kernel;
    private final Parallelism parallelism;
    /** Set when some index reads fall past the indices' TotalTensorSizeInBytes (GATHER, §10.4); null otherwise. */
    private final IndicesPerOutputElement perElement;
    /** The views of the last bindings executed, or null. */
    private volatile BoundBuffers lastBound;

    private GatherExecution(OperatorDesc desc, GatherKernel kernel, Parallelism parallelism,
            IndicesPerOutputElement perElement) {
        this.desc = desc;
        this.kernel = kernel;
        this.parallelism = parallelism;
        this.perElement = perElement;
    }

    /** Plans a desc for execution. */
    static GatherExecution prepare(OperatorDesc desc, GatherSpace space, IndexSemantics semantics,
            IndexPolicy policy, Parallelism parallelism, KernelTuning tuning) {
        if (space.readsPastInput() && policy != IndexPolicy.DIRECTML) {
            throw new OperatorExecutionException(desc.operatorType().name() + ": OutputTensor.Sizes[0] "
                    + space.sizes()[0] + " with IndexDimensions 0 reads past the input, which only the directml"
                    + " index policy models (docs/directml-behaviour.md §10); the " + policy.name().toLowerCase()
                    + " policy has no answer for it");
        }
        // The loops address bytes with an int; a validated desc stays inside its input, this one may not.
        long farthest = space.readsPastInput() ? farthestInputByte(space) : 0;
        if (farthest > Integer.MAX_VALUE) {
            throw new OperatorExecutionException(desc.operatorType().name() + ": OutputTensor.Sizes[0] "
                    + space.sizes()[0] + " with IndexDimensions 0 reads up to byte " + farthest
                    + " past the input's start, beyond the 2^31 bytes the emulator addresses");
        }
        IndicesPerOutputElement perElement = IndicesPerOutputElement.ifNeeded(desc, space);
        GatherPlan plan = GatherPlan.compile(perElement == null ? space : perElement.denseSpace(space), semantics,
                policy);
        Parallelism split = parallelism.forOutput(space.output());
        return new GatherExecution(desc, new GatherKernel(plan, tuning.forcedTile(), tuning.rowCopyMin(),
                tuning.tileCopyMax(), split.threads()), split, perElement);
    }

    /** The largest input byte offset the non-index dimensions reach, before any index is added. */
    private static long farthestInputByte(GatherSpace space) {
        long farthest = 0;
        for (int d = 0; d < space.rank(); d++) {
            farthest = Math.addExact(farthest, Math.multiplyExact(space.sizes()[d] - 1, space.inputStrides()[d]));
        }
        return Math.multiplyExact(farthest, space.input().dataType().sizeInBytes());
    }

    GatherPlan plan() {
        return kernel.plan();
    }

    /** Whether the kernel copies one input slice per row (Gather with a contiguous innermost slice). */
    boolean sliced() {
        return kernel.sliced();
    }

    /** Whether the kernel gathers from copied rows along a contiguous innermost axis. */
    boolean rowsBulk() {
        return kernel.rowsBulk();
    }

    /** Whether the kernel gathers each tile of the tiled order from a copy of its input lines. */
    boolean tilesBulk() {
        return kernel.tilesBulk();
    }

    @Override
    public void execute(Bindings bindings) {
        GatherPlan plan = kernel.plan();
        BoundBuffers buffers = lastBound;
        if (perElement != null) {
            // A fresh copy each time: the caller may change the indices between executions of the same bindings.
            // The caller's bindings were checked against the desc; the copy is bound as it is.
            buffers = BoundBuffers.bindChecked(plan, perElement.copy(bindings));
        } else if (buffers == null || buffers.source() != bindings) {
            buffers = BoundBuffers.bind(plan, desc, bindings);
            lastBound = buffers;
        }
        long count = plan.elementCount;
        if (plan.policy == IndexPolicy.STRICT) {
            int checkChunks = parallelism.chunks(count, count);
            long first = checkChunks == 1
                    ? kernel.firstOutOfRange(buffers.indices(), 0, count)
                    : firstOutOfRangeParallel(buffers, count, checkChunks);
            if (first >= 0) {
                long raw = kernel.indexAt(buffers.indices(), first);
                throw new IndexOutOfRangeException(plan.coordinateOf(first), plan.indexText(raw), plan.indexType,
                        plan.axis, plan.axisSize, plan.signedWrap);
            }
        }
        long units = kernel.units();
        int chunks = parallelism.chunks(count, units);
        if (chunks <= 1) {
            kernel.gather(buffers, 0, units);
            return;
        }
        gatherParallel(buffers, units, chunks);
    }

    /**
     * Drops the cached views, so the operator no longer refers to the caller's buffers, and the scratch kept between
     * executions.
     */
    @Override
    public void release() {
        lastBound = null;
        kernel.forgetWorkspaces();
    }

    private void gatherParallel(BoundBuffers buffers, long units, int chunks) {
        parallelism.split(desc.operatorType().name()).share(units, chunks,
                (begin, end) -> kernel.gather(buffers, begin, end));
    }

    private long firstOutOfRangeParallel(BoundBuffers buffers, long count, int chunks) {
        return parallelism.split(desc.operatorType().name()).first(count, chunks,
                (begin, end) -> kernel.firstOutOfRange(buffers.indices(), begin, end));
    }
}
