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

/** TOP_K planned: lines split over the pool, each read, merge-sorted and its first K written. */
final class TopKExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final TopKLines lines;
    private final ElementOrder order;
    private final Extremum extremum;
    private final int elementSize;
    private final int indexSize;
    private final Parallelism parallelism;
    private final PoolSplit split;

    TopKExecution(OperatorDesc desc, TopKLines lines, ElementOrder order, Extremum extremum, int elementSize,
            int indexSize, Parallelism parallelism) {
        this.desc = desc;
        this.lines = lines;
        this.order = order;
        this.extremum = extremum;
        this.elementSize = elementSize;
        this.indexSize = indexSize;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer in = BoundBuffers.view(bindings.get(0));
        ByteBuffer values = BoundBuffers.view(bindings.get(1));
        ByteBuffer indices = BoundBuffers.view(bindings.get(2));
        long count = lines.count();
        int chunks = parallelism.chunks(count * lines.length(), count);
        if (chunks == 1) {
            select(in, values, indices, 0, count);
        } else {
            split.run(count, chunks, (begin, end) -> select(in, values, indices, begin, end));
        }
    }

    private void select(ByteBuffer in, ByteBuffer values, ByteBuffer indices, long begin, long end) {
        CoordinateCursor cursor = new CoordinateCursor(lines.outerSizes(), lines.inputOuter(), lines.valueOuter(),
                lines.indexOuter());
        MergeOrder merge = new MergeOrder(order, extremum, lines.length());
        cursor.seek(begin);
        for (long line = begin; line < end; line++) {
            long[] elements = merge.values();
            long from = cursor.offset(0);
            for (int p = 0; p < lines.length(); p++, from += lines.inputStep()) {
                elements[p] = ElementBits.get(in, (int) from, elementSize);
            }
            merge.sort(lines.length());
            long value = cursor.offset(1);
            long index = cursor.offset(2);
            for (int rank = 0; rank < lines.k(); rank++, value += lines.valueStep(), index += lines.indexStep()) {
                ElementBits.put(values, (int) value, elementSize, merge.value(rank));
                ElementBits.put(indices, (int) index, indexSize, merge.position(rank));
            }
            cursor.next();
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
