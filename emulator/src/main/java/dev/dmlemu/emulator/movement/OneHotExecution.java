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

/** ONE_HOT planned: its sequences split over the pool, each written element by element from its index. */
final class OneHotExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final AxisLines lines;
    private final IndexValues indexValues;
    private final int elementSize;
    private final long onOffset;
    private final Parallelism parallelism;
    private final PoolSplit split;

    /** @param onOffset the byte offset of the on value in the ValuesTensor (the off value is at 0) */
    OneHotExecution(OperatorDesc desc, AxisLines lines, IndexValues indexValues, int elementSize, long onOffset,
            Parallelism parallelism) {
        this.desc = desc;
        this.lines = lines;
        this.indexValues = indexValues;
        this.elementSize = elementSize;
        this.onOffset = onOffset;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer indices = BoundBuffers.view(bindings.get(0));
        ByteBuffer values = BoundBuffers.view(bindings.get(1));
        ByteBuffer output = BoundBuffers.view(bindings.get(2));
        long off = ElementBits.get(values, 0, elementSize);
        long on = ElementBits.get(values, (int) onOffset, elementSize);
        long count = lines.count();
        split.run(count, parallelism.chunks(count * lines.length(), count),
                (begin, end) -> write(indices, output, off, on, begin, end));
    }

    private void write(ByteBuffer indices, ByteBuffer output, long off, long on, long begin, long end) {
        CoordinateCursor cursor = lines.cursor();
        cursor.seek(begin);
        long depth = lines.length();
        long step = lines.steps()[1];
        for (long line = begin; line < end; line++) {
            long index = indexValues.read(indices, (int) cursor.offset(0));
            // Measured: a signed index counts from the end when negative, then only its low 32 bits are compared
            // (an INT64 of 2^32 + 1 names position 1); unsigned ones compare whole (a UINT64 of 2^32 + 1 names none).
            long hot = indexValues.signed() ? (index < 0 ? index + depth : index) & 0xFFFF_FFFFL : index;
            long to = cursor.offset(1);
            for (long k = 0; k < depth; k++, to += step) {
                ElementBits.put(output, (int) to, elementSize, k == hot ? on : off);
            }
            cursor.next();
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
