package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;

/** A nearest-neighbour resampling planned: output rows split over the pool, each a loop of element copies. */
final class NearestGatherExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final NearestGather g;
    private final Parallelism parallelism;
    private final PoolSplit split;

    NearestGatherExecution(OperatorDesc desc, NearestGather gather, Parallelism parallelism) {
        this.desc = desc;
        this.g = gather;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer in = BoundBuffers.view(bindings.get(0));
        ByteBuffer out = BoundBuffers.view(bindings.get(1));
        long rows = g.rows();
        split.run(rows, parallelism.chunks(rows * g.rowLength(), rows), (begin, end) -> rows(in, out, begin, end));
    }

    private void rows(ByteBuffer in, ByteBuffer out, long begin, long end) {
        int outer = g.rowSizes().length;
        long[] last = g.sourceBytes()[outer];
        int size = g.elementSize();
        for (long row = begin; row < end; row++) {
            long rest = row;
            long from = 0;
            long to = 0;
            for (int d = outer - 1; d >= 0; d--) {
                long next = rest / g.rowSizes()[d];
                int coordinate = (int) (rest - next * g.rowSizes()[d]);
                rest = next;
                from += g.sourceBytes()[d][coordinate];
                to += coordinate * g.outputStrides()[d];
            }
            for (int o = 0; o < g.rowLength(); o++, to += g.outputStep()) {
                ElementBits.put(out, (int) to, size, ElementBits.get(in, (int) (from + last[o]), size));
            }
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
