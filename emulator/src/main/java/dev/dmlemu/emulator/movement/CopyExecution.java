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
import java.util.Optional;

/**
 * A data-movement operator planned as {@link CopyPiece}s, split over the pool as far as the {@link Parallelism} allows:
 * run one after another, each split by rows, or band by band of the tensor they share ({@link PieceOrder}). The
 * pieces of one operator write disjoint output elements (a JOIN input's place, a SPLIT output), except where the
 * output's own strides make elements share an address, which the parallelism then keeps on one thread.
 */
final class CopyExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final List<CopyPiece> pieces;
    private final byte[] constant;
    private final Parallelism parallelism;
    private final PoolSplit split;
    /** The bands the pieces run in, or empty to run them one after another. */
    private final Optional<InterleavedBands> bands;

    /**
     * @param constant the bytes of the element {@link CopyPiece#CONSTANT} pieces read (empty when none does)
     */
    CopyExecution(OperatorDesc desc, List<CopyPiece> pieces, byte[] constant, Parallelism parallelism,
            PieceOrder order) {
        this.desc = desc;
        this.pieces = List.copyOf(pieces);
        this.constant = constant.clone();
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
        this.bands = order == PieceOrder.INTERLEAVED ? InterleavedBands.plan(this.pieces) : Optional.empty();
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer[] views = new ByteBuffer[bindings.inFieldOrder().size()];
        for (int i = 0; i < views.length; i++) {
            views[i] = BoundBuffers.view(bindings.get(i));
        }
        ByteBuffer constantView = ByteBuffer.wrap(constant).order(ByteOrder.LITTLE_ENDIAN);
        if (bands.isPresent()) {
            runBands(bands.get(), views, constantView);
            return;
        }
        for (CopyPiece piece : pieces) {
            ByteBuffer source = source(piece, views, constantView);
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

    private void runBands(InterleavedBands plan, ByteBuffer[] views, ByteBuffer constantView) {
        long count = plan.bands();
        int chunks = parallelism.chunks(plan.elements(), count);
        PoolSplit.Chunk bandsOf = (begin, end) -> {
            List<CopyPiece> ordered = plan.pieces();
            RegionCopy.RowWalk[] walks = new RegionCopy.RowWalk[ordered.size()];
            for (int p = 0; p < walks.length; p++) {
                CopyPiece piece = ordered.get(p);
                walks[p] = piece.copy().rowsFrom(source(piece, views, constantView), views[piece.targetField()],
                        plan.rowStart(p, begin));
            }
            for (long band = begin; band < end; band++) {
                for (int p = 0; p < walks.length; p++) {
                    walks[p].copyUntil(plan.rowStart(p, band + 1));
                }
            }
        };
        if (chunks == 1) {
            bandsOf.run(0, count);
        } else {
            split.run(count, chunks, bandsOf);
        }
    }

    private static ByteBuffer source(CopyPiece piece, ByteBuffer[] views, ByteBuffer constantView) {
        return piece.sourceField() == CopyPiece.CONSTANT ? constantView : views[piece.sourceField()];
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
