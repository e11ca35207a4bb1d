package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;

/**
 * A prepared element-wise operator: walks the plan's rows, reads each input row into lanes (at most
 * {@link #LANES} elements at a time), applies the body and writes the output row. Every output element is read
 * from its inputs before it is written, row by row, so an output bound over an input it equals (in place) is fine.
 * Rows are shared over the pool; an output whose elements share addresses stays on one thread. Packed rows of an
 * operator with a {@link PackedLane} go through {@link PackedRows} instead, with the same results.
 */
final class ElementWiseExecution implements OperatorExecution {

    /** Elements per pass of the body: rows longer than this go in pieces, so the lanes stay in cache. */
    static final int LANES = 1024;

    private final OperatorDesc desc;
    private final ElementWisePlan plan;
    /** Per tensor of the plan, its field's position in the bindings. */
    private final int[] bindingIndex;
    private final ElementFunction function;
    /** The fast path when the plan's rows are packed and the operator has a lane for them, else null. */
    private final PackedRows packed;
    private final Parallelism parallelism;
    private final PoolSplit split;
    private final ThreadLocal<Lanes[]> lanes;

    ElementWiseExecution(OperatorDesc desc, ElementWisePlan plan, int[] bindingIndex, ElementFunction function,
            PackedRows packed, Parallelism parallelism) {
        this.desc = desc;
        this.plan = plan;
        this.bindingIndex = bindingIndex;
        this.function = function;
        this.packed = packed;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().name());
        int width = (int) Math.min(LANES, plan.rowLength());
        this.lanes = ThreadLocal.withInitial(() -> {
            Lanes[] all = new Lanes[plan.tensorCount()];
            for (int t = 0; t < all.length; t++) {
                all[t] = new Lanes(plan.types()[t], width);
            }
            return all;
        });
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer[] views = new ByteBuffer[plan.tensorCount()];
        for (int t = 0; t < views.length; t++) {
            views[t] = BoundBuffers.view(bindings.get(bindingIndex[t]));
        }
        long rows = plan.rows();
        long elements = Math.multiplyExact(rows, plan.rowLength());
        if (packed != null) {
            long units = packed.units();
            int chunks = parallelism.chunks(elements, units);
            if (chunks == 1) {
                packed.run(views, 0, units);
            } else {
                split.share(units, chunks, (begin, end) -> packed.run(views, begin, end));
            }
            return;
        }
        int chunks = parallelism.chunks(elements, rows);
        if (chunks == 1) {
            runRows(views, 0, rows);
        } else {
            split.share(rows, chunks, (begin, end) -> runRows(views, begin, end));
        }
    }

    private void runRows(ByteBuffer[] views, long begin, long end) {
        Lanes[] all = lanes.get();
        int tensors = all.length;
        Lanes[] inputs = new Lanes[tensors - 1];
        System.arraycopy(all, 0, inputs, 0, inputs.length);
        Lanes output = all[tensors - 1];
        long[] sizes = plan.sizes();
        long[][] strides = plan.byteStrides();
        int outer = sizes.length - 1;
        long[] coordinate = new long[outer];
        long[] offsets = new long[tensors];
        // Seek to row `begin` (row-major over the outer dimensions).
        long rest = begin;
        for (int d = outer - 1; d >= 0; d--) {
            coordinate[d] = rest % sizes[d];
            rest /= sizes[d];
            for (int t = 0; t < tensors; t++) {
                offsets[t] += coordinate[d] * strides[t][d];
            }
        }
        long rowLength = sizes[outer];
        for (long row = begin; row < end; row++) {
            for (long done = 0; done < rowLength; done += LANES) {
                int n = (int) Math.min(LANES, rowLength - done);
                for (int t = 0; t < tensors - 1; t++) {
                    long step = strides[t][outer];
                    ElementRows.read(plan.types()[t], views[t], (int) (offsets[t] + done * step), (int) step, n,
                            inputs[t]);
                }
                function.apply(inputs, output, n);
                long step = strides[tensors - 1][outer];
                ElementRows.write(plan.types()[tensors - 1], views[tensors - 1],
                        (int) (offsets[tensors - 1] + done * step), (int) step, n, output);
            }
            for (int d = outer - 1; d >= 0; d--) {
                for (int t = 0; t < tensors; t++) {
                    offsets[t] += strides[t][d];
                }
                if (++coordinate[d] < sizes[d]) {
                    break;
                }
                for (int t = 0; t < tensors; t++) {
                    offsets[t] -= sizes[d] * strides[t][d];
                }
                coordinate[d] = 0;
            }
        }
    }

    /** Whether executions go through the packed fast path. */
    boolean usesPackedRows() {
        return packed != null;
    }

    /**
     * Whether the packed fast path has an in-place lane: the Vector API's (the JVM has the module), the array lane
     * (before JDK 21, or asked for) or the view lane (JDK 21+, or asked for), and the lane covers the rows.
     */
    boolean usesInPlaceLane() {
        return packed != null && packed.hasInPlaceLane();
    }

    /** Whether that in-place lane is the {@link ViewLane}. */
    boolean usesViewLane() {
        return packed != null && packed.hasViewLane();
    }

    /** Whether that in-place lane is one of the {@link ArrayLanes}. */
    boolean usesArrayLane() {
        return packed != null && packed.hasArrayLane();
    }

    @Override
    public void release() {
        // Nothing is kept between executions but per-thread scratch lanes, which hold no caller buffer.
    }
}
