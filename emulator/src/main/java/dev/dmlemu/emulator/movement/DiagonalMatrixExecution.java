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
 * DIAGONAL_MATRIX(1) planned: the matrices' rows split over the pool, each element the Value on the band and the
 * input's element (or 0) off it. Tensor 0 of the rows is the output, tensor 1 the input when there is one.
 */
final class DiagonalMatrixExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final AxisLines rows;
    private final long height;
    private final DiagonalBand band;
    private final long value;
    private final int elementSize;
    private final boolean hasInput;
    private final Parallelism parallelism;
    private final PoolSplit split;

    /** @param height the matrices' height: a row's y is its index modulo it */
    DiagonalMatrixExecution(OperatorDesc desc, AxisLines rows, long height, DiagonalBand band, byte[] value,
            boolean hasInput, Parallelism parallelism) {
        this.desc = desc;
        this.rows = rows;
        this.height = height;
        this.band = band;
        this.elementSize = value.length;
        this.value = ElementBits.get(ByteBuffer.wrap(value).order(java.nio.ByteOrder.LITTLE_ENDIAN), 0, elementSize);
        this.hasInput = hasInput;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer input = hasInput ? BoundBuffers.view(bindings.get(0)) : null;
        ByteBuffer output = BoundBuffers.view(bindings.get(bindings.inFieldOrder().size() - 1));
        long count = rows.count();
        split.run(count, parallelism.chunks(count * rows.length(), count),
                (begin, end) -> write(input, output, begin, end));
    }

    private void write(ByteBuffer input, ByteBuffer output, long begin, long end) {
        CoordinateCursor cursor = rows.cursor();
        cursor.seek(begin);
        long width = rows.length();
        long outStep = rows.steps()[0];
        long inStep = hasInput ? rows.steps()[1] : 0;
        for (long row = begin; row < end; row++) {
            long y = row % height;
            long to = cursor.offset(0);
            long from = hasInput ? cursor.offset(1) : 0;
            for (long x = 0; x < width; x++, to += outStep, from += inStep) {
                long element = band.fills(x, y) ? value : hasInput ? ElementBits.get(input, (int) from, elementSize)
                        : 0;
                ElementBits.put(output, (int) to, elementSize, element);
            }
            cursor.next();
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
