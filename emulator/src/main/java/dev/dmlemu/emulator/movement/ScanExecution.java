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

/** A cumulative sum or product planned: lines split over the pool, each scanned one element at a time. */
final class ScanExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final ScanLines lines;
    private final int elementSize;
    private final ScanStep step;
    private final boolean exclusive;
    private final Parallelism parallelism;
    private final PoolSplit split;

    ScanExecution(OperatorDesc desc, ScanLines lines, int elementSize, ScanStep step, boolean exclusive,
            Parallelism parallelism) {
        this.desc = desc;
        this.lines = lines;
        this.elementSize = elementSize;
        this.step = step;
        this.exclusive = exclusive;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer in = BoundBuffers.view(bindings.get(0));
        ByteBuffer out = BoundBuffers.view(bindings.get(1));
        long count = lines.count();
        split.run(count, parallelism.chunks(count * lines.length(), count), (begin, end) -> scan(in, out, begin, end));
    }

    private void scan(ByteBuffer in, ByteBuffer out, long begin, long end) {
        CoordinateCursor cursor = new CoordinateCursor(lines.outerSizes(), lines.inputOuter(), lines.outputOuter());
        cursor.seek(begin);
        for (long line = begin; line < end; line++) {
            long from = cursor.offset(0) + lines.inputFirst();
            long to = cursor.offset(1) + lines.outputFirst();
            long running = step.identity();
            for (long k = 0; k < lines.length(); k++, from += lines.inputStep(), to += lines.outputStep()) {
                long x = ElementBits.get(in, (int) from, elementSize);
                if (exclusive) {
                    ElementBits.put(out, (int) to, elementSize, running);
                    running = step.combine().applyAsLong(running, x);
                } else {
                    running = step.combine().applyAsLong(running, x);
                    ElementBits.put(out, (int) to, elementSize, running);
                }
            }
            cursor.next();
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
