package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One prepared scatter (SCATTER_ELEMENTS or SCATTER_ND): the output becomes a copy of the input, then each update
 * slice is written where its index tuple points. A scatter is a GATHER_ND run backwards: its {@link GatherNdGeometry}
 * reads the OutputTensor as the gather's input (the tuples index it) and the UpdatesTensor as the gather's output
 * (the walk visits it in row-major order). Writes go in that order on one thread, so of several updates that land on
 * one element the last one wins, as DirectML.dll 1.15.4 did with fewer than about 280 updates
 * (docs/directml-behaviour.md §12.4); such writes are counted and reported to the {@link ExecutionListener}.
 *
 * <p>A large SCATTER_ELEMENTS runs on the emulator's pool ({@link #scatterInRegions}) in two phases per block of
 * updates: the workers first resolve where each update of the block lands, each taking a share of the updates; then
 * each worker owns a region of the output, copies the input there and writes, in update order, the block's updates
 * that land in it. Every write to an element is made by the one worker that owns it, in the same order, so the
 * result is the one-thread result. On one thread SCATTER_ELEMENTS resolves a block too, then writes it
 * ({@link #scatterElementsInBlocks}; rows of runs in blocks of entries, {@link #scatterRowRuns}). Resolved updates
 * are runs: consecutive updates that land on consecutive output elements (a row of repeated indices) are one entry,
 * written with one bulk copy.
 *
 * <p>Executions may run concurrently: each works on its own views and bookkeeping (the scratch kept between
 * executions is taken by one of them at a time).
 */
final class ScatterExecution implements OperatorExecution {


    private final OperatorDesc desc;
    /** The gather plan of the backward view: its "input" is the OutputTensor, its "output" the UpdatesTensor. */
    private final GatherNdPlan plan;
    private final ScatterSlice slice;
    /** Input to output, element by element along the output's sizes. */
    private final GatherNdSlice copy;
    /** SCATTER_ELEMENTS under DIRECTML: a size-1 axis writes coordinate 0 whatever the index. */
    private final boolean unitAxisIgnoresIndex;
    private final long lastWholeOutputElement;
    private final ExecutionListener listener;
    /** The UpdatesTensor's own DimensionCount: SCATTER_ND's view may have more, leading 1s (§13.3). */
    private final int updatesRank;
    private final Parallelism parallelism;
    /** The one-thread bitmap of the last execution, kept for the next one, or null. */
    private final AtomicReference<WrittenElements> spareWritten = new AtomicReference<>();
    /** The resolved updates and region bitmaps of the last region run, kept for the next one, or null. */
    private final AtomicReference<RegionScratch> spareRegions = new AtomicReference<>();
    /** The resolved updates of the last one-thread run, kept for the next one, or null. */
    private final AtomicReference<ResolvedUpdates> spareBlock = new AtomicReference<>();
    /** The update walk without its innermost dimension, which {@link #scatterElements} runs as a counted loop. */
    private final long[] outerWalkSizes;
    private final long[][] outerWalkStrides;

    /**
     * Updates resolved at a time by {@link #scatterInRegions}: three int arrays of this length are kept per prepared
     * operator (3 MiB), and each block costs two hand-offs to the pool.
     */
    static final int RESOLVED_BLOCK = 1 << 18;

    /**
     * Updates resolved at a time on one thread, or entries where {@link #scatterRowRuns} applies: their runs (48 KiB
     * of entries) stay in the first caches between resolving and writing. Resolving a block is one pass over its
     * indices with nothing else in the loop, so their reads stream; interleaved with the writes to scattered rows they
     * waited on memory (SCATTER_ROWS of docs/performance.md).
     */
    static final int ONE_THREAD_BLOCK = 1 << 12;

    /**
     * Where the updates of a block land, as runs of updates written to consecutive output elements from consecutive
     * updates elements (one update each but where a row of indices repeats a value along a contiguous axis). Each
     * worker of the resolving phase takes a piece of the block and stores its runs from the entry of its first update
     * on, in update order; a piece with fewer runs than updates ends with a skip entry. The runs cover every update,
     * so the update number of a run is the sum of the lengths before it.
     */
    private static final class ResolvedUpdates {
        /** The output element of the run's first write, or -1 where DirectML drops the (one-update) write. */
        final int[] targets;
        /** The updates element of the run's first update. */
        final int[] sources;
        /** The run's length in updates, or minus the number of entries to skip. */
        final int[] lengths;
        /** The number of the block's first update. */
        long firstUpdate;

        /** @param updates the most updates a block resolves: one entry more is kept (see {@link #resolveRowRuns}) */
        ResolvedUpdates(int updates) {
            targets = new int[updates + 1];
            sources = new int[updates + 1];
            lengths = new int[updates + 1];
        }
    }

    /** What a region run keeps between executions: the resolved updates and each region's bitmap. */
    private static final class RegionScratch {
        final ResolvedUpdates resolved;
        final WrittenElements[] written;

        RegionScratch(int capacity, int regions) {
            resolved = new ResolvedUpdates(capacity);
            written = new WrittenElements[regions];
        }
    }

    private ScatterExecution(OperatorDesc desc, GatherNdPlan plan, ScatterSlice slice, GatherNdSlice copy,
            boolean unitAxisIgnoresIndex, long lastWholeOutputElement, ExecutionListener listener, int updatesRank,
            Parallelism parallelism) {
        this.desc = desc;
        this.plan = plan;
        this.slice = slice;
        this.copy = copy;
        this.unitAxisIgnoresIndex = unitAxisIgnoresIndex;
        this.lastWholeOutputElement = lastWholeOutputElement;
        this.listener = listener;
        this.updatesRank = updatesRank;
        this.parallelism = parallelism;
        int last = plan.walkSizes.length - 1;
        this.outerWalkSizes = Arrays.copyOf(plan.walkSizes, last);
        this.outerWalkStrides = new long[][] {Arrays.copyOf(plan.walkStrides[0], last),
                Arrays.copyOf(plan.walkStrides[1], last), Arrays.copyOf(plan.walkStrides[2], last)};
    }

    /**
     * @param geometry the backward view (see the class comment)
     * @param updates the UpdatesTensor as the desc has it (the geometry may add leading 1s)
     * @param unitAxisIgnoresIndex whether a size-1 indexed dimension ignores its index under DIRECTML
     * @param parallelism how far a SCATTER_ELEMENTS may split its output into regions
     */
    static ScatterExecution prepare(OperatorDesc desc, GatherNdGeometry geometry, BufferTensorDesc input,
            BufferTensorDesc indices, BufferTensorDesc updates, BufferTensorDesc output, IndexSemantics semantics,
            IndexPolicy policy, boolean unitAxisIgnoresIndex, ExecutionListener listener, Parallelism parallelism) {
        if (input.dataType() != output.dataType() || updates.dataType() != output.dataType()) {
            throw new IllegalArgumentException("InputTensor, UpdatesTensor and OutputTensor must share a DataType");
        }
        GatherNdPlan plan = GatherNdPlan.compile(geometry, output, indices, updates, semantics, policy);
        int elementSize = output.dataType().sizeInBytes();
        long[][] slice = GatherNdPlan.merge(geometry.sliceSizes(), geometry.sliceInputStrides(),
                geometry.sliceOutputStrides());
        long[][] whole = GatherNdPlan.merge(GatherSpace.longs(output.sizes()),
                GatherSpace.longs(input.effectiveStrides()), GatherSpace.longs(output.effectiveStrides()));
        long lastWhole = Long.divideUnsigned(output.totalTensorSizeInBytes(), elementSize) - 1;
        return new ScatterExecution(desc, plan, new ScatterSlice(slice[0], slice[1], slice[2], elementSize),
                new GatherNdSlice(whole[0], whole[1], whole[2], elementSize),
                unitAxisIgnoresIndex && policy == IndexPolicy.DIRECTML, lastWhole, listener, updates.sizes().size(),
                parallelism);
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer input = BoundBuffers.view(bindings.get(0));
        ByteBuffer indices = BoundBuffers.view(bindings.get(1));
        ByteBuffer updates = BoundBuffers.view(bindings.get(2));
        ByteBuffer output = BoundBuffers.view(bindings.get(3));
        if (plan.policy == IndexPolicy.STRICT) {
            long first = plan.firstOutOfRange(indices, 0, plan.tupleCount);
            if (first >= 0) {
                throw refusal(indices, first);
            }
        }
        WrittenElements written;
        int regions = elementUpdates() ? parallelism.chunks(lastWholeOutputElement + 1) : 1;
        boolean inRegions = regions > 1 && plan.tupleCount > 0 && !sharesMemory(output, indices)
                && !sharesMemory(output, updates);
        if (inRegions) {
            written = scatterInRegions(input, indices, updates, output, regions);
        } else if (elementUpdates() && !sharesMemory(output, indices) && !sharesMemory(output, updates)
                && rowRuns(indices)) {
            written = scatterRowRuns(input, indices, updates, output);
        } else {
            copy.copy(input, output, 0, 0, copy.rowCursor());
            written = takeWritten();
            scatter(indices, updates, output, written);
        }
        if (written.overwrites() > 0) {
            listener.duplicateWrites(new DuplicateWrites(desc.operatorType(), written.overwrites(),
                    updateCoordinate(written.firstOverwritingUpdate()), written.firstOverwritten()));
            listener.overwrittenElements(desc.operatorType(), written::wasOverwritten);
        }
        if (!inRegions) {
            spareWritten.set(written);
        }
    }

    /** A bitmap of the whole output, cleared: the one kept from the last execution, or a new one. */
    private WrittenElements takeWritten() {
        WrittenElements kept = spareWritten.getAndSet(null);
        if (kept == null || !kept.covers(0, lastWholeOutputElement + 1)) {
            return new WrittenElements(lastWholeOutputElement + 1);
        }
        kept.reset();
        return kept;
    }

    @Override
    public void release() {
        spareWritten.set(null);
        spareRegions.set(null);
        spareBlock.set(null);
    }

    /** Whether every update is one element with a one-coordinate index: the case {@link #scatterElements} runs. */
    private boolean elementUpdates() {
        return slice.singleElement() && plan.tupleLength() == 1;
    }

    /**
     * The two phases of the class comment, block by block: resolving splits the block's updates over the workers;
     * writing splits the output into {@code regions} runs of whole bitmap words, each with its own
     * {@link WrittenElements}. The input is copied region by region with the first block when the copy is one run
     * and the input cannot share the output's memory, else on this thread first.
     */
    private WrittenElements scatterInRegions(ByteBuffer input, ByteBuffer indices, ByteBuffer updates,
            ByteBuffer output, int regions) {
        boolean copyInRegions = copy.oneRun() && !sharesMemory(input, output);
        if (!copyInRegions) {
            copy.copy(input, output, 0, 0, copy.rowCursor());
        }
        long elements = lastWholeOutputElement + 1;
        long words = (elements + 63) >>> 6;
        long updateCount = plan.tupleCount;
        PoolSplit split = parallelism.split(desc.operatorType().name());
        RegionScratch scratch = takeRegions(regions);
        ResolvedUpdates resolved = scratch.resolved;
        for (long block = 0; block < updateCount; block += RESOLVED_BLOCK) {
            long first = block;
            int count = (int) Math.min(RESOLVED_BLOCK, updateCount - block);
            resolved.firstUpdate = first;
            split.share(count, regions, (begin, end) -> scatterElements(indices, first + begin, first + end,
                    resolved, outerWalkCursor()));
            // One unit per region, so that each region's bitmap is found by its number.
            split.run(regions, regions, (beginRegion, endRegion) -> {
                for (int r = (int) beginRegion; r < endRegion; r++) {
                    long begin = (words * r / regions) << 6;
                    long end = Math.min((words * (r + 1) / regions) << 6, elements);
                    if (begin >= end) {
                        // More workers than words: an empty region.
                        continue;
                    }
                    if (first == 0) {
                        if (copyInRegions) {
                            copy.copyRun(input, output, begin, end);
                        }
                        scratch.written[r] = regionBitmap(scratch.written[r], begin, end);
                    }
                    writeResolved(resolved, count, updates, output, scratch.written[r], begin, end);
                }
            });
        }
        List<WrittenElements> written = new ArrayList<>(regions);
        for (WrittenElements region : scratch.written) {
            if (region != null) {
                written.add(region);
            }
        }
        WrittenElements merged = WrittenElements.merge(written);
        spareRegions.set(scratch);
        return merged;
    }

    private RegionScratch takeRegions(int regions) {
        RegionScratch kept = spareRegions.getAndSet(null);
        if (kept != null && kept.written.length == regions) {
            return kept;
        }
        return new RegionScratch((int) Math.min(RESOLVED_BLOCK, plan.tupleCount), regions);
    }

    /** A cleared bitmap of elements {@code [begin, end)}: {@code kept} when it covers them, else a new one. */
    private static WrittenElements regionBitmap(WrittenElements kept, long begin, long end) {
        if (kept == null || !kept.covers(begin, end)) {
            return new WrittenElements(begin, end);
        }
        kept.reset();
        return kept;
    }

    /**
     * The second phase for one region: the block's runs, the part of each that lands in {@code [begin, end)}, in
     * update order.
     */
    private void writeResolved(ResolvedUpdates resolved, int count, ByteBuffer updates, ByteBuffer output,
            WrittenElements written, long begin, long end) {
        int[] targets = resolved.targets;
        int[] sources = resolved.sources;
        int[] lengths = resolved.lengths;
        long update = resolved.firstUpdate;
        long regionLength = end - begin;
        int es = plan.elementSize;
        // The backing arrays once per block, so that each run is one System.arraycopy (see writeRun).
        boolean arrays = updates.hasArray() && output.hasArray();
        byte[] from = arrays ? updates.array() : null;
        byte[] to = arrays ? output.array() : null;
        int fromBase = arrays ? updates.arrayOffset() : 0;
        int toBase = arrays ? output.arrayOffset() : 0;
        int k = 0;
        while (k < count) {
            int length = lengths[k];
            if (length < 0) {
                k -= length;
                continue;
            }
            int target = targets[k];
            if (length == 1) {
                // A dropped write (-1) is outside every region.
                if (Long.compareUnsigned(target - begin, regionLength) < 0) {
                    written.mark(target, update);
                    ElementCopy.copy(es, updates, sources[k] * es, output, target * es);
                }
            } else {
                writeRun(target, sources[k], length, update, updates, output, from, fromBase, to, toBase, written,
                        begin, end);
            }
            update += length;
            k++;
        }
    }

    /**
     * The part of a run that lands in {@code [begin, end)}. A method of its own, called once per run, so that the JIT
     * compiles it within the first dispatches: {@link #writeResolved} is called once per block and reaches the
     * compiler's thresholds only after about ten dispatches of SCATTER_ROWS.
     */
    private void writeRun(int target, int source, int length, long update, ByteBuffer updates, ByteBuffer output,
            byte[] updatesArray, int updatesBase, byte[] outputArray, int outputBase, WrittenElements written,
            long begin, long end) {
        long from = Math.max(target, begin);
        long to = Math.min((long) target + length, end);
        if (from < to) {
            int es = plan.elementSize;
            written.markRun(from, to - from, update + (from - target));
            int fromAt = (int) ((source + from - target) * es);
            int toAt = (int) (from * es);
            int bytes = (int) ((to - from) * es);
            if (updatesArray != null) {
                System.arraycopy(updatesArray, updatesBase + fromAt, outputArray, outputBase + toAt, bytes);
            } else {
                BulkCopy.copy(updates, fromAt, output, toAt, bytes);
            }
        }
    }

    /**
     * Whether two views may reach the same bytes: always for two direct buffers (Java cannot compare their
     * addresses), never for a heap and a direct one, and for heap ones when they share an array.
     */
    private static boolean sharesMemory(ByteBuffer a, ByteBuffer b) {
        if (a.hasArray() && b.hasArray()) {
            return a.array() == b.array();
        }
        return a.isDirect() == b.isDirect();
    }

    private void scatter(ByteBuffer indices, ByteBuffer updates, ByteBuffer output, WrittenElements written) {
        if (elementUpdates()) {
            if (sharesMemory(output, indices) || sharesMemory(output, updates)) {
                scatterElementsInOrder(indices, updates, output, written);
            } else {
                scatterElementsInBlocks(indices, updates, output, written);
            }
            return;
        }
        CoordinateCursor tuples = plan.tupleCursor();
        CoordinateCursor rows = slice.rowCursor();
        int q = plan.tupleLength();
        tuples.seek(0);
        for (long tuple = 0; tuple < plan.tupleCount; tuple++) {
            long outer = tuples.offset(0);
            long first = tuples.offset(1);
            long updatesAt = tuples.offset(2);
            written.startUpdate(tuple);
            long base = outer;
            boolean inRange = true;
            for (int t = 0; t < q; t++) {
                long raw = plan.index(indices, first, t);
                if (plan.inRange(raw, t)) {
                    base += plan.wrapped(raw, t) * plan.tupleStrides[t];
                } else if (!(unitAxisIgnoresIndex && plan.tupleSizes[t] == 1)) {
                    inRange = false;
                }
            }
            if (inRange) {
                slice.write(updates, output, base, updatesAt, rows, written);
            } else {
                switch (plan.policy) {
                    case DIRECTML -> slice.walk(updates, output, directMlBase(indices, first, outer), updatesAt,
                            rows, lastWholeOutputElement, written);
                    case CLAMP_AXIS -> slice.write(updates, output, clampedBase(indices, first, outer), updatesAt,
                            rows, written);
                    case STRICT -> throw new OperatorExecutionException("IndicesTensor: an index is out of range;"
                            + " the indices buffer changed during execution");
                }
            }
            tuples.next();
        }
    }

    /**
     * {@link #scatter} when every update is one element with a one-coordinate index (SCATTER_ELEMENTS): the same
     * writes in the same order, {@link #ONE_THREAD_BLOCK} updates at a time, first resolved into runs
     * ({@link #scatterElements}), then written ({@link #writeResolved} over the whole output).
     */
    private void scatterElementsInBlocks(ByteBuffer indices, ByteBuffer updates, ByteBuffer output,
            WrittenElements written) {
        ResolvedUpdates kept = spareBlock.getAndSet(null);
        ResolvedUpdates resolved = kept != null ? kept
                : new ResolvedUpdates((int) Math.min(ONE_THREAD_BLOCK, plan.tupleCount));
        long elements = lastWholeOutputElement + 1;
        CoordinateCursor rows = outerWalkCursor();
        for (long block = 0; block < plan.tupleCount; block += ONE_THREAD_BLOCK) {
            int count = (int) Math.min(ONE_THREAD_BLOCK, plan.tupleCount - block);
            resolved.firstUpdate = block;
            scatterElements(indices, block, block + count, resolved, rows);
            writeResolved(resolved, count, updates, output, written, 0, elements);
        }
        spareBlock.set(resolved);
    }

    /**
     * The one-thread SCATTER_ELEMENTS where {@link #rowRuns} holds, in blocks of {@link #ONE_THREAD_BLOCK} entries
     * rather than updates: rows scattered whole make one entry each, and their indices are read in one long stream
     * before the rows are written. The first block is resolved before the input is copied, so that its rows are
     * written while the copy's last bytes are still cached, as after a plain copy.
     */
    private WrittenElements scatterRowRuns(ByteBuffer input, ByteBuffer indices, ByteBuffer updates,
            ByteBuffer output) {
        ResolvedUpdates kept = spareBlock.getAndSet(null);
        ResolvedUpdates resolved = kept != null ? kept
                : new ResolvedUpdates((int) Math.min(ONE_THREAD_BLOCK, plan.tupleCount));
        long elements = lastWholeOutputElement + 1;
        long update = 0;
        resolved.firstUpdate = 0;
        long reached = resolveRowRunBlock(indices, 0, resolved);
        copy.copy(input, output, 0, 0, copy.rowCursor());
        WrittenElements written = takeWritten();
        while (true) {
            writeResolved(resolved, (int) (reached - update), updates, output, written, 0, elements);
            update = reached;
            if (update >= plan.tupleCount) {
                break;
            }
            resolved.firstUpdate = update;
            reached = resolveRowRunBlock(indices, update, resolved);
        }
        spareBlock.set(resolved);
        return written;
    }

    /** One block of {@link #scatterRowRuns} from update {@code update}; returns the update it ends before. */
    private long resolveRowRunBlock(ByteBuffer indices, long update, ResolvedUpdates resolved) {
        // A block's updates are counted in an int.
        return resolveRowRuns(indices, update, update + Math.min(plan.tupleCount - update, Integer.MAX_VALUE),
                resolved);
    }

    /**
     * Records where each run of updates {@code [beginUpdate, endUpdate)} lands (see {@link ResolvedUpdates}), in update
     * order, with the innermost walk dimension in a plain counted loop instead of one cursor step per update and
     * 64-bit indices read without the width switch.
     */
    private void scatterElements(ByteBuffer indices, long beginUpdate, long endUpdate, ResolvedUpdates resolved,
            CoordinateCursor rows) {
        if (beginUpdate >= endUpdate) {
            return;
        }
        if (rowRuns(indices)) {
            // The block holds more entries than updates: resolveRowRuns never stops short here.
            resolveRowRuns(indices, beginUpdate, endUpdate, resolved);
            return;
        }
        int last = plan.walkSizes.length - 1;
        long rowLength = plan.walkSizes[last];
        long position = rows.seekElement(beginUpdate, rowLength);
        long update = beginUpdate;
        int entry = (int) (beginUpdate - resolved.firstUpdate);
        // 64-bit indices on a heap buffer are read from its array (see resolveRun).
        byte[] indexArray = plan.indexSize == Long.BYTES && indices.hasArray() ? indices.array() : null;
        int indexBase = indexArray != null ? indices.arrayOffset() : 0;
        while (update < endUpdate) {
            long outer = rows.offset(0) + position * plan.walkStrides[0][last];
            long index = rows.offset(1) + position * plan.walkStrides[1][last];
            long source = rows.offset(2) + position * plan.walkStrides[2][last];
            // Blocks hold fewer than 2^31 updates, so a row's part in one fits an int.
            int count = (int) Math.min(endUpdate - update, rowLength - position);
            entry = resolveRun(indices, indexArray, indexBase, outer, index, source, count, resolved, entry);
            update += count;
            position = 0;
            rows.next();
        }
        int end = (int) (endUpdate - resolved.firstUpdate);
        if (entry < end) {
            resolved.lengths[entry] = -(end - entry);
        }
    }

    /**
     * Records where {@code count} consecutive updates of {@link #scatterElements}' innermost dimension land, from the
     * given offsets, in {@code resolved} from entry {@code entry} on; returns the next free entry. Where the output and
     * the updates are contiguous along that dimension, updates that repeat an in-range index land on consecutive
     * elements; such a run is found with one comparison of the index bytes ({@link IndexRuns}) and becomes one entry,
     * written in one bulk copy (a row scattered whole, as frameworks export {@code scatter_} of expanded row ids).
     */
    private int resolveRun(ByteBuffer indices, byte[] indexArray, int indexBase, long outer, long index, long source,
            int count, ResolvedUpdates resolved, int entry) {
        int last = plan.walkSizes.length - 1;
        long targetStep = plan.walkStrides[0][last];
        long indexStep = plan.walkStrides[1][last];
        long updateStep = plan.walkStrides[2][last];
        long axisSize = plan.tupleSizes[0];
        long axisStride = plan.tupleStrides[0];
        boolean unitAxisIgnored = unitAxisIgnoresIndex && axisSize == 1;
        boolean wideIndices = plan.indexSize == Long.BYTES;
        boolean wrapsNegative = plan.wrapsNegative();
        boolean runs = targetStep == 1 && updateStep == 1 && indexStep == 1;
        int[] targets = resolved.targets;
        int[] sources = resolved.sources;
        int[] lengths = resolved.lengths;
        // The plan's fields are read into locals once: the JIT reloads a field after every array or buffer write.
        int j = 0;
        while (j < count) {
            long raw = indexArray != null ? HeapLongs.at(indexArray, indexBase + (int) (index * Long.BYTES))
                    : wideIndices ? indices.getLong((int) (index * Long.BYTES)) : plan.index(indices, index, 0);
            long coordinate = wrapsNegative && raw < 0 ? raw + axisSize : raw;
            long target;
            int length = 1;
            if (Long.compareUnsigned(coordinate, axisSize) < 0) {
                target = outer + coordinate * axisStride;
                if (runs && j + 1 < count) {
                    length += indexArray != null
                            ? IndexRuns.longRepeats(indexArray, indexBase + (int) (index * Long.BYTES), raw,
                                    count - j - 1)
                            : IndexRuns.repeats(indices, index, count - j - 1, plan.indexSize);
                }
            } else if (unitAxisIgnored) {
                target = outer;
            } else {
                target = outOfRangeTarget(indices, index, outer);
            }
            // Output and updates elements are below 2^31: their buffers are bound.
            targets[entry] = (int) target;
            sources[entry] = (int) source;
            lengths[entry] = length;
            entry++;
            j += length;
            outer += length * targetStep;
            index += length * indexStep;
            source += length * updateStep;
        }
        return entry;
    }

    /**
     * Whether {@link #resolveRowRuns} applies: the update walk is rows of one outer dimension along which the output,
     * the indices and the updates are all contiguous (where a repeated index makes a run), and the indices are 64-bit
     * on a heap buffer, read from its array.
     */
    private boolean rowRuns(ByteBuffer indices) {
        int last = plan.walkSizes.length - 1;
        return outerWalkSizes.length == 1 && plan.walkStrides[0][last] == 1 && plan.walkStrides[1][last] == 1
                && plan.walkStrides[2][last] == 1 && plan.indexSize == Long.BYTES && indices.hasArray();
    }

    /**
     * {@link #scatterElements} where {@link #rowRuns} holds: the same entries, in one loop over the rows with their
     * offsets computed from the row number, each index read once (the first of a run, then {@link IndexRuns} over the
     * rest). Stores entries from the one of {@code beginUpdate} on, and stops before a row part that might leave no
     * entry for the closing skip entry (unless it has stored none yet); returns the update it stopped at. A block with
     * more entries than updates is resolved whole.
     */
    private long resolveRowRuns(ByteBuffer indices, long beginUpdate, long endUpdate, ResolvedUpdates resolved) {
        if (beginUpdate >= endUpdate) {
            // Nothing to resolve (an empty update tensor may have rows of length 0).
            return beginUpdate;
        }
        int last = plan.walkSizes.length - 1;
        long rowLength = plan.walkSizes[last];
        long outerStride = outerWalkStrides[0][0];
        long indexStride = outerWalkStrides[1][0];
        long sourceStride = outerWalkStrides[2][0];
        long axisSize = plan.tupleSizes[0];
        long axisStride = plan.tupleStrides[0];
        boolean unitAxisIgnored = unitAxisIgnoresIndex && axisSize == 1;
        boolean wrapsNegative = plan.wrapsNegative();
        byte[] indexArray = indices.array();
        int indexBase = indices.arrayOffset();
        int[] targets = resolved.targets;
        int[] sources = resolved.sources;
        int[] lengths = resolved.lengths;
        int firstEntry = (int) (beginUpdate - resolved.firstUpdate);
        int entry = firstEntry;
        long row = beginUpdate / rowLength;
        long position = beginUpdate - row * rowLength;
        long update = beginUpdate;
        while (update < endUpdate) {
            long rest = Math.min(endUpdate - update, rowLength - position);
            // Each update of the part may take an entry, and one more must be left for the skip entry.
            int room = targets.length - 1 - entry;
            if (rest > room && entry > firstEntry) {
                break;
            }
            int count = (int) Math.min(rest, room);
            long outer = row * outerStride + position;
            long index = row * indexStride + position;
            long source = row * sourceStride + position;
            // resolveRun's loop with unit steps, kept here: calling resolveRun per row part instead took 2.4-3.7 %
            // longer on SCATTER_ROWS (docs/performance.md, "Fourth round").
            int j = 0;
            while (j < count) {
                int at = indexBase + (int) (index * Long.BYTES);
                long raw = HeapLongs.at(indexArray, at);
                long coordinate = wrapsNegative && raw < 0 ? raw + axisSize : raw;
                long target;
                int length = 1;
                if (Long.compareUnsigned(coordinate, axisSize) < 0) {
                    target = outer + coordinate * axisStride;
                    if (j + 1 < count) {
                        length += IndexRuns.longRepeats(indexArray, at, raw, count - j - 1);
                    }
                } else if (unitAxisIgnored) {
                    target = outer;
                } else {
                    target = outOfRangeTarget(indices, index, outer);
                }
                // Output and updates elements are below 2^31: their buffers are bound.
                targets[entry] = (int) target;
                sources[entry] = (int) source;
                lengths[entry] = length;
                entry++;
                j += length;
                outer += length;
                index += length;
                source += length;
            }
            update += count;
            position += count;
            if (position == rowLength) {
                position = 0;
                row++;
            }
        }
        long end = update - resolved.firstUpdate;
        if (entry < end) {
            lengths[entry] = (int) -(end - entry);
        }
        return update;
    }

    /** A cursor over the update walk without its innermost dimension (see {@link #scatterElements}). */
    private CoordinateCursor outerWalkCursor() {
        return new CoordinateCursor(outerWalkSizes, outerWalkStrides[0], outerWalkStrides[1], outerWalkStrides[2]);
    }

    /**
     * {@link #scatterElementsInBlocks} for an output that may share memory with the indices or the updates: each
     * update read right before it is written, as the row-major definition reads them, one element at a time.
     */
    private void scatterElementsInOrder(ByteBuffer indices, ByteBuffer updates, ByteBuffer output,
            WrittenElements written) {
        int last = plan.walkSizes.length - 1;
        CoordinateCursor rows = outerWalkCursor();
        long targetStep = plan.walkStrides[0][last];
        long indexStep = plan.walkStrides[1][last];
        long updateStep = plan.walkStrides[2][last];
        long axisSize = plan.tupleSizes[0];
        long axisStride = plan.tupleStrides[0];
        boolean unitAxisIgnored = unitAxisIgnoresIndex && axisSize == 1;
        boolean wrapsNegative = plan.wrapsNegative();
        int es = plan.elementSize;
        long rowLength = plan.walkSizes[last];
        rows.seek(0);
        for (long update = 0; update < plan.tupleCount; update += rowLength) {
            long outer = rows.offset(0);
            long index = rows.offset(1);
            long source = rows.offset(2);
            for (long j = 0; j < rowLength; j++) {
                long raw = plan.index(indices, index, 0);
                long coordinate = wrapsNegative && raw < 0 ? raw + axisSize : raw;
                long target;
                if (Long.compareUnsigned(coordinate, axisSize) < 0) {
                    target = outer + coordinate * axisStride;
                } else if (unitAxisIgnored) {
                    target = outer;
                } else {
                    target = outOfRangeTarget(indices, index, outer);
                }
                if (target >= 0) {
                    written.mark(target, update + j);
                    ElementCopy.copy(es, updates, (int) (source * es), output, (int) (target * es));
                }
                outer += targetStep;
                index += indexStep;
                source += updateStep;
            }
            rows.next();
        }
    }

    /** Where an out-of-range one-coordinate index writes under the policy, or -1 where DirectML drops the write. */
    private long outOfRangeTarget(ByteBuffer indices, long index, long outer) {
        switch (plan.policy) {
            case DIRECTML: {
                long target = directMlBase(indices, index, outer) & 0xFFFF_FFFFL;
                return target <= lastWholeOutputElement ? target : -1;
            }
            case CLAMP_AXIS:
                return clampedBase(indices, index, outer);
            default:
                throw new OperatorExecutionException("IndicesTensor: an index is out of range; the indices buffer "
                        + "changed during execution");
        }
    }

    /** The UpdatesTensor coordinate of a tuple's first update, in the tensor's own DimensionCount. */
    private List<Long> updateCoordinate(long tuple) {
        List<Long> coordinate = plan.outputCoordinateOf(tuple);
        // The view has leading 1s where the updates have fewer dimensions than another tensor: coordinate 0 there.
        return coordinate.subList(coordinate.size() - updatesRank, coordinate.size());
    }

    /** DirectML's offset (docs/directml-behaviour.md §12.4, §13.5): the terms, summed modulo 2^32 later. */
    private long directMlBase(ByteBuffer indices, long first, long outer) {
        long base = outer;
        for (int t = 0; t < plan.tupleLength(); t++) {
            if (!(unitAxisIgnoresIndex && plan.tupleSizes[t] == 1)) {
                base += plan.directMlTerm(plan.index(indices, first, t), t);
            }
        }
        return base;
    }

    private long clampedBase(ByteBuffer indices, long first, long outer) {
        long base = outer;
        for (int t = 0; t < plan.tupleLength(); t++) {
            base += plan.clamped(plan.index(indices, first, t), t) * plan.tupleStrides[t];
        }
        return base;
    }

    private IndexOutOfRangeException refusal(ByteBuffer indices, long found) {
        GatherNdPlan.OutOfRangeCoordinate at = plan.outOfRangeAt(indices, found);
        return IndexOutOfRangeException.forScatter(updateCoordinate(at.tuple()), plan.indexText(at.raw()),
                plan.indexType, plan.tupleDimensions[at.t()], plan.tupleSizes[at.t()], plan.signedWrap);
    }
}
