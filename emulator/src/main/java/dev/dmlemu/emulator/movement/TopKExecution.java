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
import java.nio.IntBuffer;

/**
 * TOP_K planned: lines split over the pool, each read and its first K written: for elements of at most 4 bytes the K
 * best selected by {@link BoundedSelection}, and for a line it cannot take (a NaN, or 8-byte elements) the whole line
 * merge-sorted by {@link MergeOrder}.
 */
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
        split.run(count, parallelism.chunks(count * lines.length(), count),
                (begin, end) -> select(in, values, indices, begin, end));
    }

    private void select(ByteBuffer in, ByteBuffer values, ByteBuffer indices, long begin, long end) {
        CoordinateCursor cursor = new CoordinateCursor(lines.outerSizes(), lines.inputOuter(), lines.valueOuter(),
                lines.indexOuter());
        // Made for the first line the bounded selection cannot take: most calls have none.
        MergeOrder merge = null;
        BoundedSelection bounded = BoundedSelection.fits(elementSize)
                ? new BoundedSelection(order, extremum, elementSize, lines.length(), lines.k()) : null;
        // Packed 4-byte lines are read in bulk.
        IntBuffer ints = elementSize == Integer.BYTES && lines.inputStep() == Integer.BYTES ? in.asIntBuffer() : null;
        cursor.seek(begin);
        for (long line = begin; line < end; line++) {
            long from = cursor.offset(0);
            long value = cursor.offset(1);
            long index = cursor.offset(2);
            if (bounded != null) {
                int[] raw = bounded.bits();
                if (ints != null) {
                    ints.get((int) (from >>> 2), raw, 0, lines.length());
                } else {
                    for (int p = 0; p < lines.length(); p++, from += lines.inputStep()) {
                        raw[p] = (int) ElementBits.get(in, (int) from, elementSize);
                    }
                }
                if (bounded.select(lines.length())) {
                    for (int rank = 0; rank < lines.k(); rank++, value += lines.valueStep(),
                            index += lines.indexStep()) {
                        ElementBits.put(values, (int) value, elementSize, bounded.value(rank));
                        ElementBits.put(indices, (int) index, indexSize, bounded.position(rank));
                    }
                    cursor.next();
                    continue;
                }
                merge = merge != null ? merge : new MergeOrder(order, extremum, lines.length());
                long[] elements = merge.values();
                for (int p = 0; p < lines.length(); p++) {
                    elements[p] = raw[p] & 0xFFFF_FFFFL;
                }
            } else {
                merge = merge != null ? merge : new MergeOrder(order, extremum, lines.length());
                long[] elements = merge.values();
                for (int p = 0; p < lines.length(); p++, from += lines.inputStep()) {
                    elements[p] = ElementBits.get(in, (int) from, elementSize);
                }
            }
            merge.sort(lines.length());
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
