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
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
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
 * result is the one-thread result.
 *
 * <p>Executions may run concurrently: each works on its own views and bookkeeping.
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
    /** The resolved-updates arrays of the last region run, kept for the next one, or null. */
    private final AtomicReference<ResolvedUpdates> spareResolved = new AtomicReference<>();

    /**
     * Updates resolved at a time by {@link #scatterInRegions}: two int arrays of this length are kept per prepared
     * operator (2 MiB), and each block costs two hand-offs to the pool.
     */
    static final int RESOLVED_BLOCK = 1 << 18;

    /** Where each update of a block lands (-1 when the write is dropped) and where it is read from, in elements. */
    private static final class ResolvedUpdates {
        final int[] targets;
        final int[] sources;
        /** The number of the block's first update. */
        long firstUpdate;

        ResolvedUpdates(int capacity) {
            targets = new int[capacity];
            sources = new int[capacity];
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
        if (regions > 1 && plan.tupleCount > 0 && !sharesMemory(output, indices) && !sharesMemory(output, updates)) {
            written = scatterInRegions(input, indices, updates, output, regions);
        } else {
            copy.copy(input, output, 0, 0, copy.rowCursor());
            written = new WrittenElements(lastWholeOutputElement + 1);
            scatter(indices, updates, output, written);
        }
        if (written.overwrites() > 0) {
            listener.duplicateWrites(new DuplicateWrites(desc.operatorType(), written.overwrites(),
                    updateCoordinate(written.firstOverwritingUpdate()), written.firstOverwritten()));
            listener.overwrittenElements(desc.operatorType(), written::wasOverwritten);
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
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
        long updateCount = plan.tupleCount;
        PoolSplit split = parallelism.split(desc.operatorType().name());
        Map<Long, WrittenElements> written = new ConcurrentHashMap<>();
        ResolvedUpdates resolved = takeResolved();
        for (long block = 0; block < updateCount; block += RESOLVED_BLOCK) {
            long first = block;
            int count = (int) Math.min(RESOLVED_BLOCK, updateCount - block);
            resolved.firstUpdate = first;
            split.share(count, regions, (begin, end) -> scatterElements(indices, updates, output, null, first + begin,
                    first + end, resolved));
            split.run((elements + 63) >>> 6, regions, (beginWord, endWord) -> {
                long begin = beginWord << 6;
                long end = Math.min(endWord << 6, elements);
                if (begin >= end) {
                    // More workers than words: an empty chunk, which shares its first word with the next one.
                    return;
                }
                if (copyInRegions && first == 0) {
                    copy.copyRun(input, output, begin, end);
                }
                WrittenElements region = written.computeIfAbsent(beginWord, word -> new WrittenElements(begin, end));
                writeResolved(resolved, count, updates, output, region, begin, end);
            });
        }
        spareResolved.set(resolved);
        return WrittenElements.merge(new ArrayList<>(written.values()));
    }

    private ResolvedUpdates takeResolved() {
        ResolvedUpdates kept = spareResolved.getAndSet(null);
        return kept != null ? kept : new ResolvedUpdates((int) Math.min(RESOLVED_BLOCK, plan.tupleCount));
    }

    /** The second phase for one region: the block's updates that land in {@code [begin, end)}, in update order. */
    private void writeResolved(ResolvedUpdates resolved, int count, ByteBuffer updates, ByteBuffer output,
            WrittenElements written, long begin, long end) {
        int[] targets = resolved.targets;
        int[] sources = resolved.sources;
        long firstUpdate = resolved.firstUpdate;
        long regionLength = end - begin;
        int es = plan.elementSize;
        for (int k = 0; k < count; k++) {
            int target = targets[k];
            // A dropped write (-1) is outside every region.
            if (Long.compareUnsigned(target - begin, regionLength) < 0) {
                written.mark(target, firstUpdate + k);
                ElementCopy.copy(es, updates, sources[k] * es, output, target * es);
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
            scatterElements(indices, updates, output, written, 0, plan.tupleCount, null);
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
     * writes in the same order, with the innermost walk dimension in a plain counted loop instead of one cursor step
     * per update, 64-bit indices read without the width switch, and each update numbered by the loop rather than
     * announced to {@link WrittenElements}. Walks updates {@code [beginUpdate, endUpdate)} and writes them, or, given
     * {@code resolved}, only records where each lands.
     */
    private void scatterElements(ByteBuffer indices, ByteBuffer updates, ByteBuffer output,
            WrittenElements written, long beginUpdate, long endUpdate, ResolvedUpdates resolved) {
        if (beginUpdate >= endUpdate) {
            return;
        }
        int last = plan.walkSizes.length - 1;
        CoordinateCursor rows = new CoordinateCursor(Arrays.copyOf(plan.walkSizes, last),
                Arrays.copyOf(plan.walkStrides[0], last), Arrays.copyOf(plan.walkStrides[1], last),
                Arrays.copyOf(plan.walkStrides[2], last));
        long rowLength = plan.walkSizes[last];
        long position = rows.seekElement(beginUpdate, rowLength);
        long update = beginUpdate;
        while (update < endUpdate) {
            long outer = rows.offset(0) + position * plan.walkStrides[0][last];
            long index = rows.offset(1) + position * plan.walkStrides[1][last];
            long source = rows.offset(2) + position * plan.walkStrides[2][last];
            long rowEnd = Math.min(endUpdate, update + rowLength - position);
            // A counted int loop is what the JIT unrolls; a row longer than an int goes in several runs.
            while (update < rowEnd) {
                int count = (int) Math.min(rowEnd - update, Integer.MAX_VALUE);
                scatterRun(indices, updates, output, written, outer, index, source, update, count, resolved);
                outer += count * plan.walkStrides[0][last];
                index += count * plan.walkStrides[1][last];
                source += count * plan.walkStrides[2][last];
                update += count;
            }
            position = 0;
            rows.next();
        }
    }

    /**
     * {@code count} consecutive updates of {@link #scatterElements}' innermost dimension, from the given offsets:
     * written, or recorded in {@code resolved}.
     */
    private void scatterRun(ByteBuffer indices, ByteBuffer updates, ByteBuffer output, WrittenElements written,
            long outer, long index, long source, long firstUpdate, int count, ResolvedUpdates resolved) {
        int last = plan.walkSizes.length - 1;
        long targetStep = plan.walkStrides[0][last];
        long indexStep = plan.walkStrides[1][last];
        long updateStep = plan.walkStrides[2][last];
        long axisSize = plan.tupleSizes[0];
        long axisStride = plan.tupleStrides[0];
        boolean unitAxisIgnored = unitAxisIgnoresIndex && axisSize == 1;
        boolean wideIndices = plan.indexSize == Long.BYTES;
        boolean wrapsNegative = plan.wrapsNegative();
        int es = plan.elementSize;
        int resolvedAt = resolved == null ? 0 : (int) (firstUpdate - resolved.firstUpdate);
        // The plan's fields are read into locals once: the JIT reloads a field after every buffer write.
        for (int j = 0; j < count; j++) {
            long raw = wideIndices ? indices.getLong((int) (index * Long.BYTES)) : plan.index(indices, index, 0);
            long coordinate = wrapsNegative && raw < 0 ? raw + axisSize : raw;
            long target;
            if (Long.compareUnsigned(coordinate, axisSize) < 0) {
                target = outer + coordinate * axisStride;
            } else if (unitAxisIgnored) {
                target = outer;
            } else {
                target = outOfRangeTarget(indices, index, outer);
            }
            if (resolved != null) {
                // Output and updates elements are below 2^31: their buffers are bound.
                resolved.targets[resolvedAt + j] = (int) target;
                resolved.sources[resolvedAt + j] = (int) source;
            } else if (target >= 0) {
                written.mark(target, firstUpdate + j);
                if (es == Float.BYTES) {
                    output.putInt((int) (target * Float.BYTES), updates.getInt((int) (source * Float.BYTES)));
                } else {
                    ElementCopy.copy(es, updates, (int) (source * es), output, (int) (target * es));
                }
            }
            outer += targetStep;
            index += indexStep;
            source += updateStep;
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
