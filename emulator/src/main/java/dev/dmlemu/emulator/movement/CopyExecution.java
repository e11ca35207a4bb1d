package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A data-movement operator planned as {@link CopyPiece}s run one after another, each split by rows over the pool as
 * far as the {@link Parallelism} allows. The pieces of one operator write disjoint output elements (a JOIN input's
 * place, a SPLIT output), except where the output's own strides make elements share an address, which the
 * parallelism then keeps on one thread.
 */
final class CopyExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final List<CopyPiece> pieces;
    private final byte[] constant;
    private final Parallelism parallelism;
    private final PoolSplit split;

    /**
     * @param constant the bytes of the element {@link CopyPiece#CONSTANT} pieces read (empty when none does)
     */
    CopyExecution(OperatorDesc desc, List<CopyPiece> pieces, byte[] constant, Parallelism parallelism) {
        this.desc = desc;
        this.pieces = List.copyOf(pieces);
        this.constant = constant.clone();
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer[] views = new ByteBuffer[bindings.inFieldOrder().size()];
        for (int i = 0; i < views.length; i++) {
            views[i] = BoundBuffers.view(bindings.get(i));
        }
        ByteBuffer constantView = ByteBuffer.wrap(constant).order(ByteOrder.LITTLE_ENDIAN);
        for (CopyPiece piece : pieces) {
            ByteBuffer source = piece.sourceField() == CopyPiece.CONSTANT ? constantView : views[piece.sourceField()];
            ByteBuffer target = views[piece.targetField()];
            RegionCopy copy = piece.copy();
            long rows = copy.rows();
            int chunks = parallelism.chunks(rows * copy.rowLength(), rows);
            if (chunks == 1) {
                copy.copy(source, target, 0, rows);
            } else {
                split.run(rows, chunks, (begin, end) -> copy.copy(source, target, begin, end));
            }
        }
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
