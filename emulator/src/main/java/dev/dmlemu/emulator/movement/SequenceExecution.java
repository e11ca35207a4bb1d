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

/** FILL_VALUE_SEQUENCE planned: each output element computed from its row-major index, rows split over the pool. */
final class SequenceExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final Rows rows;
    private final int elementSize;
    private final Arithmetic arithmetic;
    private final long start;
    private final long delta;
    private final Parallelism parallelism;
    private final PoolSplit split;

    SequenceExecution(OperatorDesc desc, Rows rows, int elementSize, Arithmetic arithmetic, long start, long delta,
            Parallelism parallelism) {
        this.desc = desc;
        this.rows = rows;
        this.elementSize = elementSize;
        this.arithmetic = arithmetic;
        this.start = start;
        this.delta = delta;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer out = BoundBuffers.view(bindings.get(0));
        long count = rows.count();
        split.run(count, parallelism.chunks(count * rows.rowLength(), count), (begin, end) -> fill(out, begin, end));
    }

    private void fill(ByteBuffer out, long begin, long end) {
        CoordinateCursor cursor = new CoordinateCursor(rows.outerSizes(), rows.outerStrides());
        cursor.seek(begin);
        for (long r = begin; r < end; r++) {
            long at = cursor.offset(0);
            long index = r * rows.rowLength();
            for (long i = 0; i < rows.rowLength(); i++, index++, at += rows.rowStep()) {
                ElementBits.put(out, (int) at, elementSize,
                        arithmetic.add(start, arithmetic.multiply(arithmetic.fromIndex(index), delta)));
            }
            cursor.next();
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
