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

/**
 * REVERSE_SUBSEQUENCES planned: the lines split over the pool, each copied element by element, reversed up to its
 * length with every read clamped to the line. Tensors of the lines: 0 the input, 1 the sequence lengths, 2 the output.
 */
final class ReverseSubsequencesExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final AxisLines lines;
    private final int lengthSize;
    private final int elementSize;
    private final Parallelism parallelism;
    private final PoolSplit split;

    ReverseSubsequencesExecution(OperatorDesc desc, AxisLines lines, int lengthSize, int elementSize,
            Parallelism parallelism) {
        this.desc = desc;
        this.lines = lines;
        this.lengthSize = lengthSize;
        this.elementSize = elementSize;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer input = BoundBuffers.view(bindings.get(0));
        ByteBuffer lengths = BoundBuffers.view(bindings.get(1));
        ByteBuffer output = BoundBuffers.view(bindings.get(2));
        long count = lines.count();
        split.run(count, parallelism.chunks(count * lines.length(), count),
                (begin, end) -> reverse(input, lengths, output, begin, end));
    }

    private void reverse(ByteBuffer input, ByteBuffer lengths, ByteBuffer output, long begin, long end) {
        CoordinateCursor cursor = lines.cursor();
        cursor.seek(begin);
        long size = lines.length();
        long inStep = lines.steps()[0];
        long outStep = lines.steps()[2];
        for (long line = begin; line < end; line++) {
            // Measured: a UINT64 length counts by its low 32 bits.
            long reversed = ElementBits.get(lengths, (int) cursor.offset(1), lengthSize) & 0xFFFF_FFFFL;
            long first = cursor.offset(0);
            long to = cursor.offset(2);
            for (long k = 0; k < size; k++, to += outStep) {
                long from = first + (k < reversed ? Math.min(reversed - 1 - k, size - 1) : k) * inStep;
                ElementBits.put(output, (int) to, elementSize, ElementBits.get(input, (int) from, elementSize));
            }
            cursor.next();
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
