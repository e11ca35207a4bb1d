package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;

/**
 * How the matrix kernels share their output over the emulator's pool: units (output rows of a product, output planes
 * of a convolution) each worth {@code x * y} multiply-adds, cut into chunks by that work ({@link MatrixTensor#work}).
 */
final class ProductSplit {

    private final Parallelism parallelism;
    private final PoolSplit split;

    ProductSplit(OperatorDesc desc, Parallelism parallelism) {
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
    }

    /** Runs {@code units} units of {@code x * y} work each over the pool, {@code chunk} taking a range of them. */
    void run(long units, long x, long y, PoolSplit.Chunk chunk) {
        split.run(units, parallelism.chunks(MatrixTensor.work(units, x, y), units), chunk);
    }

    /** The output rows {@code [i0, i1, m]} of a product into {@code out}, N outputs of depth {@code k} each. */
    void runRows(MatrixTensor out, long k, PoolSplit.Chunk chunk) {
        long[] sizes = out.sizes();
        run(sizes[0] * sizes[1] * sizes[2], sizes[3], k, chunk);
    }
}
