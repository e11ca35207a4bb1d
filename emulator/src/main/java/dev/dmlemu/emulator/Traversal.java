package dev.dmlemu.emulator;

/**
 * One order in which the kernel visits the output, chosen once per plan by {@link GatherKernel}. An execution is
 * a range of work units; threads split that range, and every order writes each output element exactly once, so the
 * result does not depend on the split.
 */
interface Traversal {

    /** How many work units an execution has. */
    long units();

    /** A workspace for one worker: the cursors and scratch this order needs. */
    Workspace workspace();

    /** Runs work units {@code [begin, end)} with a workspace of this order that no other worker is using. */
    void run(BoundBuffers buffers, long begin, long end, Workspace workspace);
}
