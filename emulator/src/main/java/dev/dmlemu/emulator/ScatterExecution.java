package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * One prepared scatter (SCATTER_ELEMENTS or SCATTER_ND): the output becomes a copy of the input, then each update
 * slice is written where its index tuple points. A scatter is a GATHER_ND run backwards: its {@link GatherNdGeometry}
 * reads the OutputTensor as the gather's input (the tuples index it) and the UpdatesTensor as the gather's output
 * (the walk visits it in row-major order). Writes go in that order on one thread, so of several updates that land on
 * one element the last one wins, as DirectML.dll 1.15.4 did with fewer than about 280 updates
 * (docs/directml-behaviour.md §12.4); such writes are counted and reported to the {@link ExecutionListener}.
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

    private ScatterExecution(OperatorDesc desc, GatherNdPlan plan, ScatterSlice slice, GatherNdSlice copy,
            boolean unitAxisIgnoresIndex, long lastWholeOutputElement, ExecutionListener listener, int updatesRank) {
        this.desc = desc;
        this.plan = plan;
        this.slice = slice;
        this.copy = copy;
        this.unitAxisIgnoresIndex = unitAxisIgnoresIndex;
        this.lastWholeOutputElement = lastWholeOutputElement;
        this.listener = listener;
        this.updatesRank = updatesRank;
    }

    /**
     * @param geometry the backward view (see the class comment)
     * @param updates the UpdatesTensor as the desc has it (the geometry may add leading 1s)
     * @param unitAxisIgnoresIndex whether a size-1 indexed dimension ignores its index under DIRECTML
     */
    static ScatterExecution prepare(OperatorDesc desc, GatherNdGeometry geometry, BufferTensorDesc input,
            BufferTensorDesc indices, BufferTensorDesc updates, BufferTensorDesc output, IndexSemantics semantics,
            IndexPolicy policy, boolean unitAxisIgnoresIndex, ExecutionListener listener) {
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
                unitAxisIgnoresIndex && policy == IndexPolicy.DIRECTML, lastWhole, listener, updates.sizes().size());
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
        copy.copy(input, output, 0, 0, copy.rowCursor());
        WrittenElements written = new WrittenElements(lastWholeOutputElement + 1);
        scatter(indices, updates, output, written);
        if (written.overwrites() > 0) {
            listener.duplicateWrites(new DuplicateWrites(desc.operatorType(), written.overwrites(),
                    updateCoordinate(written.firstOverwritingUpdate()), written.firstOverwritten()));
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }

    private void scatter(ByteBuffer indices, ByteBuffer updates, ByteBuffer output, WrittenElements written) {
        if (slice.singleElement() && plan.tupleLength() == 1) {
            scatterElements(indices, updates, output, written);
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
     * writes in the same order, with the innermost walk dimension in a plain loop instead of one cursor step per update.
     */
    private void scatterElements(ByteBuffer indices, ByteBuffer updates, ByteBuffer output,
            WrittenElements written) {
        int last = plan.walkSizes.length - 1;
        CoordinateCursor rows = new CoordinateCursor(Arrays.copyOf(plan.walkSizes, last),
                Arrays.copyOf(plan.walkStrides[0], last), Arrays.copyOf(plan.walkStrides[1], last),
                Arrays.copyOf(plan.walkStrides[2], last));
        long rowLength = plan.walkSizes[last];
        long targetStep = plan.walkStrides[0][last];
        long indexStep = plan.walkStrides[1][last];
        long updateStep = plan.walkStrides[2][last];
        long axisStride = plan.tupleStrides[0];
        boolean unitAxisIgnored = unitAxisIgnoresIndex && plan.tupleSizes[0] == 1;
        int es = plan.elementSize;
        long update = 0;
        rows.seek(0);
        do {
            long outer = rows.offset(0);
            long index = rows.offset(1);
            long source = rows.offset(2);
            for (long j = 0; j < rowLength; j++) {
                long raw = plan.index(indices, index, 0);
                long target;
                if (plan.inRange(raw, 0)) {
                    target = outer + plan.wrapped(raw, 0) * axisStride;
                } else if (unitAxisIgnored) {
                    target = outer;
                } else {
                    target = outOfRangeTarget(indices, index, outer);
                }
                if (target >= 0) {
                    written.startUpdate(update);
                    written.mark(target);
                    ElementCopy.copy(es, updates, (int) (source * es), output, (int) (target * es));
                }
                outer += targetStep;
                index += indexStep;
                source += updateStep;
                update++;
            }
        } while (rows.next());
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
