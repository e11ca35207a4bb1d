package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;

/**
 * A matrix product executed one output row {@code [i0, i1, m]} at a time (its N outputs), the rows shared over the
 * emulator's pool by their work ({@link ProductSplit}): what the integer and quantized products have in common. Each
 * execution binds the views of the desc's tensors in field order and hands the kernel's {@link Row} one row at a time.
 */
final class ProductRows implements OperatorExecution {

    /** The N outputs of row {@code [i0, i1, m]}, from the views of the desc's tensors in field order (absent: null). */
    @FunctionalInterface
    interface Row {
        void compute(ByteBuffer[] views, long i0, long i1, long m);
    }

    private final OperatorDesc desc;
    private final MatrixTensor[] tensors;
    private final MatrixTensor out;
    private final long depth;
    private final Row row;
    private final ProductSplit split;

    /**
     * @param tensors the desc's tensors in field order, an absent optional one null
     * @param out the output among them, whose rows are computed
     * @param depth K, the length of each output's sum (the work per output that the split weighs)
     */
    ProductRows(OperatorDesc desc, Parallelism parallelism, MatrixTensor out, long depth, Row row,
            MatrixTensor... tensors) {
        this.desc = desc;
        this.tensors = tensors.clone();
        this.out = out;
        this.depth = depth;
        this.row = row;
        this.split = new ProductSplit(desc, parallelism);
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer[] views = MatrixTensor.views(bindings, tensors);
        long[] sizes = out.sizes();
        split.runRows(out, depth, (begin, end) -> {
            for (long r = begin; r < end; r++) {
                long m = r % sizes[2];
                long i1 = r / sizes[2] % sizes[1];
                long i0 = r / sizes[2] / sizes[1];
                row.compute(views, i0, i1, m);
            }
        });
    }

    @Override
    public void release() {
        // Nothing is kept between executions.
    }
}
