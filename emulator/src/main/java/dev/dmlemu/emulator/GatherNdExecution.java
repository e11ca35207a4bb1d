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
    private final WorkspacePool<Workspace> workspaces;
    /** The views of the last bindings executed, or null. */
    private volatile BoundBuffers lastBound;

    private GatherNdExecution(OperatorDesc desc, GatherNdPlan plan, Parallelism parallelism) {
        this.desc = desc;
        this.plan = plan;
        this.outOfRange = GatherNdOutOfRange.of(plan.policy);
        this.parallelism = parallelism;
        this.workspaces = new WorkspacePool<>(parallelism.threads(),
                () -> new Workspace(plan.tupleRowCursor(), plan.slice.rowCursor(), new TupleBatch()));
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
     * index reads and offset arithmetic out of the copy loop those misses overlap, and the copy loop is the plain loop
     * of copies a Java program with the offsets at hand would write (the GatherND workload of docs/performance.md ran
     * in about half the time it took resolving and copying tuple by tuple, and interleaving the next batch's offsets
     * with the copies measured 1.6 times slower). Resolving and copying are methods of their own, called per batch,
     * so that the JIT compiles them within the first dispatches: one call of a method that loops over all tuples only
     * gets an on-stack replacement, late and large. Tuples of one or two packed 64-bit coordinates take a shorter
     * path of their own ({@link #resolvePackedBatch}) while a batch has none out of range.
     */
    private void gather(BoundBuffers buffers, long begin, long end) {
        ByteBuffer in = buffers.input();
        ByteBuffer idx = buffers.indices();
        ByteBuffer out = buffers.output();
        Workspace workspace = workspaces.take();
        CoordinateCursor tupleRows = workspace.rows();
        CoordinateCursor rows = workspace.middle();
        TupleBatch batch = (TupleBatch) workspace.scratch();
        GatherNdSlice slice = plan.slice;
        batch.seek(tupleRows, begin, plan);
        boolean arrays = slice.oneRun() && in.hasArray() && out.hasArray();
        PackedLongTuples packed = arrays && idx.hasArray() ? plan.packedLongTuples : null;
        for (long from = begin; from < end; from += TupleBatch.SIZE) {
            int n = (int) Math.min(TupleBatch.SIZE, end - from);
            if (packed != null) {
                if (resolvePackedBatch(packed, buffers, tupleRows, batch, n)) {
                    copySlices(in.array(), out.array(), batch, n, slice.runBytes());
                    continue;
                }
                // A tuple out of range: the batch again through the general loop, from its first tuple.
                batch.seek(tupleRows, from, plan);
            }
            boolean allInRange = resolveBatch(idx, tupleRows, batch, n);
            if (arrays && allInRange) {
                copyRuns(in, out, batch, n);
                continue;
            }
            for (int i = 0; i < n; i++) {
                long base = batch.inputOffsets[i];
                if (base != TupleBatch.OUT_OF_RANGE) {
                    slice.copy(in, out, base, batch.outputOffsets[i], rows);
                } else {
                    copyOutOfRange(in, idx, out, batch, i, rows);
                }
            }
        }
        workspaces.give(workspace);
    }

    /**
     * Resolves the next {@code n} tuples of the walk the batch is at into its offsets, and moves it on; returns
     * whether all of them are in range. The walk's innermost dimension is a counted loop: the cursor steps once per
     * row of tuples.
     */
    private boolean resolveBatch(ByteBuffer idx, CoordinateCursor tupleRows, TupleBatch batch, int n) {
        int last = plan.walkSizes.length - 1;
        long rowLength = plan.walkSizes[last];
        long inputStep = plan.walkStrides[0][last];
        long indicesStep = plan.walkStrides[1][last];
        long outputStep = plan.walkStrides[2][last];
        long position = batch.position;
        long outerInput = batch.outerInput;
        long first = batch.first;
        long outputAt = batch.outputAt;
        long[] inputOffsets = batch.inputOffsets;
        long[] outputOffsets = batch.outputOffsets;
        byte[] array = idx.hasArray() ? idx.array() : null;
        int arrayBase = array != null ? idx.arrayOffset() : 0;
        boolean allInRange = true;
        for (int i = 0; i < n; i++) {
            long base = resolve(idx, array, arrayBase, first, outerInput);
            inputOffsets[i] = base;
            outputOffsets[i] = outputAt;
            // Only an out-of-range tuple needs its index and batch offsets again: two stores less per tuple
            // measured about 5% on the GatherND workload.
            if (base == TupleBatch.OUT_OF_RANGE) {
                allInRange = false;
                batch.indexOffsets[i] = first;
                batch.batchOffsets[i] = outerInput;
            }
            if (++position < rowLength) {
                outerInput += inputStep;
                first += indicesStep;
                outputAt += outputStep;
            } else {
                tupleRows.next();
                position = 0;
                outerInput = tupleRows.offset(0);
                first = tupleRows.offset(1);
                outputAt = tupleRows.offset(2);
            }
        }
        batch.position = position;
        batch.outerInput = outerInput;
        batch.first = first;
        batch.outputAt = outputAt;
        return allInRange;
    }

    /**
     * Resolves the next {@code n} tuples of the walk the batch is at, one or two packed 64-bit coordinates each, into
     * the byte offsets of their slices in the bound arrays, and moves it on; or returns false at the first tuple out
     * of range, the walk left partway. The offsets are ints because every in-range slice lies in a bound array, and
     * the copy loop then is the floor's loop exactly ({@link #copyBytes}): with the general loop's long element
     * offsets, or through the general loop's per-coordinate resolve, ND_ROWS measured 1.1 to 1.3 times this path's
     * time (docs/performance.md, "GATHER_ND's packed pairs").
     */
    private boolean resolvePackedBatch(PackedLongTuples packed, BoundBuffers buffers, CoordinateCursor tupleRows,
            TupleBatch batch, int n) {
        long rowLength = plan.walkSizes[plan.walkSizes.length - 1];
        // Along a row of tuples at a time: the cursor's step, a call, inside the loop measured 1.1 times the time.
        for (int i = 0; i < n; ) {
            int along = (int) Math.min(n - i, rowLength - batch.position);
            if (!resolvePackedAlongRow(packed, buffers, batch, i, along)) {
                return false;
            }
            i += along;
            batch.position += along;
            if (batch.position == rowLength) {
                batch.nextRow(tupleRows);
            }
        }
        return true;
    }

    /** Entries {@code [from, from + count)} of a packed batch, tuples of one row: see {@link #resolvePackedBatch}. */
    private boolean resolvePackedAlongRow(PackedLongTuples packed, BoundBuffers buffers, TupleBatch batch, int from,
            int count) {
        int last = plan.walkSizes.length - 1;
        long inputStep = plan.walkStrides[0][last];
        long indicesStep = plan.walkStrides[1][last];
        long outputStep = plan.walkStrides[2][last];
        int es = plan.elementSize;
        ByteBuffer idx = buffers.indices();
        byte[] indices = idx.array();
        int indicesAt = idx.arrayOffset();
        int inputAt = buffers.input().arrayOffset();
        int outputAt = buffers.output().arrayOffset();
        int[] inputBytes = batch.inputBytes;
        int[] outputBytes = batch.outputBytes;
        long outerInput = batch.outerInput;
        long first = batch.first;
        long outputOffset = batch.outputAt;
        for (int i = from; i < from + count; i++) {
            long base = packed.base(indices, indicesAt + (int) (first * Long.BYTES), outerInput);
            if (base == TupleBatch.OUT_OF_RANGE) {
                return false;
            }
            inputBytes[i] = inputAt + (int) (base * es);
            outputBytes[i] = outputAt + (int) (outputOffset * es);
            outerInput += inputStep;
            first += indicesStep;
            outputOffset += outputStep;
        }
        batch.outerInput = outerInput;
        batch.first = first;
        batch.outputAt = outputOffset;
        return true;
    }

    /**
     * The slices of a packed batch, from and to the byte offsets resolved: a slice of 4 or 8 bytes (one element, as
     * in ND_ELEMENTS) moved as one int or long, which measured 0.58 of the time of an array copy per element
     * (docs/performance.md, "Single-element slices"); any other, one array copy.
     */
    private static void copySlices(byte[] in, byte[] out, TupleBatch batch, int n, int runBytes) {
        switch (runBytes) {
            case Integer.BYTES -> HeapWords.copyInts(in, out, batch.inputBytes, batch.outputBytes, n);
            case Long.BYTES -> HeapWords.copyLongs(in, out, batch.inputBytes, batch.outputBytes, n);
            default -> copyBytes(in, out, batch.inputBytes, batch.outputBytes, n, runBytes);
        }
    }

    /** Slices of any length: one array copy each. */
    private static void copyBytes(byte[] in, byte[] out, int[] inputBytes, int[] outputBytes, int n, int runBytes) {
        for (int i = 0; i < n; i++) {
            System.arraycopy(in, inputBytes[i], out, outputBytes[i], runBytes);
        }
    }

    /**
     * The copies of a batch of in-range slices that are single runs, between views with backing arrays: the loop of
     * array copies the GatherND workload's floor runs (docs/performance.md); through {@link GatherNdSlice#copy} per
     * tuple, or with the out-of-range branch in it, it measured 10-20% slower.
     */
    private void copyRuns(ByteBuffer in, ByteBuffer out, TupleBatch batch, int n) {
        byte[] inArray = in.array();
        byte[] outArray = out.array();
        // Narrowed to int only on bound buffers, where every in-range offset fits.
        int inAt = in.arrayOffset();
        int outAt = out.arrayOffset();
        int es = plan.elementSize;
        int bytes = plan.slice.runBytes();
        long[] inputOffsets = batch.inputOffsets;
        long[] outputOffsets = batch.outputOffsets;
        for (int i = 0; i < n; i++) {
            System.arraycopy(inArray, inAt + (int) (inputOffsets[i] * es), outArray,
                    outAt + (int) (outputOffsets[i] * es), bytes);
        }
    }

    private void copyOutOfRange(ByteBuffer in, ByteBuffer idx, ByteBuffer out, TupleBatch batch, int i,
            CoordinateCursor rows) {
        long outOfRangeBase = outOfRange.base(plan, idx, batch.indexOffsets[i], batch.batchOffsets[i]);
        if (outOfRange.walks()) {
            plan.slice.walk(in, out, outOfRangeBase, batch.outputOffsets[i], rows, plan.inputLastElement,
                    plan.inputLastElementPartial);
        } else {
            plan.slice.copy(in, out, outOfRangeBase, batch.outputOffsets[i], rows);
        }
    }

    /**
     * The input offset of the slice of the tuple whose first coordinate is indices element {@code first} and whose
     * batch coordinates put it at input element {@code outerInput}, or {@link TupleBatch#OUT_OF_RANGE}.
     */
    private long resolve(ByteBuffer idx, byte[] array, int arrayBase, long first, long outerInput) {
        long base = outerInput;
        boolean inRange = !plan.readsPastInput;
        int q = plan.tupleLength();
        long[] sizes = plan.tupleSizes;
        long[] strides = plan.tupleStrides;
        boolean wraps = plan.wrapsNegative();
        boolean wide = plan.indexSize == Long.BYTES;
        long step = plan.tupleIndicesStride;
        for (int t = 0; t < q; t++) {
            long at = first + t * step;
            long raw = !wide ? plan.index(idx, at, 0) : array != null
                    ? HeapLongs.at(array, arrayBase + (int) (at * Long.BYTES)) : idx.getLong((int) (at * Long.BYTES));
            long coordinate = wraps && raw < 0 ? raw + sizes[t] : raw;
            if (Long.compareUnsigned(coordinate, sizes[t]) < 0) {
                base += coordinate * strides[t];
            } else {
                inRange = false;
            }
        }
        return inRange ? base : TupleBatch.OUT_OF_RANGE;
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
