package dev.dmlemu.emulator;

/**
 * One order in which the kernel visits the output, chosen once per plan by {@link GatherKernel}. An execution is
 * a range of work units; threads split that range, and every order writes each output element exactly once, so the
 * result does not depend on the split.
 */
abstract class Traversal {

    final GatherPlan plan;
    final GatherLoops loops;
    /** The innermost merged dimension, along which the loops run. */
    final int last;

    Traversal(GatherPlan plan, GatherLoops loops) {
        this.plan = plan;
        this.loops = loops;
        this.last = plan.sizes.length - 1;
    }

    /** How many work units an execution has. */
    abstract long units();

    /** A workspace for one worker: the cursors and scratch this order needs (here, a row cursor alone). */
    Workspace workspace() {
        return new Workspace(plan.rowCursor(), null, null);
    }

    /** Runs work units {@code [begin, end)} with a workspace of this order that no other worker is using. */
    abstract void run(BoundBuffers buffers, long begin, long end, Workspace workspace);
}
