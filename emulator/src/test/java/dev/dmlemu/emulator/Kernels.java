package dev.dmlemu.emulator;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ExecutorService;

/** Test access to the emulator's kernels without a validator, and little-endian buffer helpers. */
final class Kernels {

    private Kernels() {}

    /** The semantics the validator gives at 3_0 and later: signed index types wrap, unsigned ones do not. */
    static IndexSemantics semanticsOf(TensorDataType indexType) {
        return indexType.isSignedInteger() ? IndexSemantics.SIGNED_WRAP : IndexSemantics.UNSIGNED;
    }

    static GatherExecution prepare(GatherElementsOperatorDesc desc, IndexPolicy policy) {
        BufferTensorDesc indices = (BufferTensorDesc) desc.indicesTensor();
        return prepare(desc, semanticsOf(indices.dataType()), policy, Parallelism.ONE_THREAD, KernelTuning.DEFAULT);
    }

    /** Three threads on {@code pool} that split executions of any size, so that small cases reach the split. */
    static Parallelism threeThreads(ExecutorService pool) {
        return new Parallelism(3, pool, 1);
    }

    /** A GatherElements execution with every knob of {@link GatherExecution#prepare} in reach. */
    static GatherExecution prepare(GatherElementsOperatorDesc desc, IndexSemantics semantics, IndexPolicy policy,
            Parallelism parallelism, KernelTuning tuning) {
        return GatherExecution.prepare(desc, GatherElementsKernel.space(desc), semantics, policy, parallelism, tuning);
    }

    /** A Gather execution on one thread with the default tuning. */
    static GatherExecution prepare(GatherOperatorDesc desc, IndexPolicy policy) {
        return prepare(desc, policy, Parallelism.ONE_THREAD, KernelTuning.DEFAULT);
    }

    /** A Gather execution with the semantics the validator gives its index type from 3_0. */
    static GatherExecution prepare(GatherOperatorDesc desc, IndexPolicy policy, Parallelism parallelism,
            KernelTuning tuning) {
        BufferTensorDesc indices = (BufferTensorDesc) desc.indicesTensor();
        return GatherExecution.prepare(desc, DmlGatherKernel.space(desc), semanticsOf(indices.dataType()), policy,
                parallelism, tuning);
    }

    /** A GATHER_ND or GATHER_ND1 execution with the semantics the validator gives its index type from 3_0. */
    static GatherNdExecution prepareNd(OperatorDesc desc, IndexPolicy policy, Parallelism parallelism) {
        BufferTensorDesc indices = (BufferTensorDesc) desc.tensorFields().get(1).desc();
        IndexSemantics semantics = semanticsOf(indices.dataType());
        if (desc instanceof GatherNd1OperatorDesc nd1) {
            return GatherNdKernel.gatherNd1().prepare(nd1, semantics, policy, parallelism);
        }
        return GatherNdKernel.gatherNd().prepare((GatherNdOperatorDesc) desc, semantics, policy, parallelism);
    }

    /** Runs a GatherElements, Gather, GatherNd or GatherNd1 desc on whole buffers and returns the output buffer. */
    static ByteBuffer run(OperatorDesc desc, IndexPolicy policy, ByteBuffer input, ByteBuffer indices,
            ByteBuffer output) {
        OperatorExecution execution = desc instanceof GatherOperatorDesc gather ? prepare(gather, policy)
                : desc instanceof GatherElementsOperatorDesc elements ? prepare(elements, policy)
                : prepareNd(desc, policy, Parallelism.ONE_THREAD);
        execution.execute(
                Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
        return output;
    }

    static ByteBuffer le(int capacity) {
        return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    static ByteBuffer floats(float... values) {
        ByteBuffer b = le(values.length * 4);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.flip();
    }

    static ByteBuffer ints(int... values) {
        ByteBuffer b = le(values.length * 4);
        for (int v : values) {
            b.putInt(v);
        }
        return b.flip();
    }

    static ByteBuffer longs(long... values) {
        ByteBuffer b = le(values.length * 8);
        for (long v : values) {
            b.putLong(v);
        }
        return b.flip();
    }

    static float[] floatsOf(ByteBuffer b) {
        ByteBuffer le = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        float[] out = new float[b.capacity() / 4];
        for (int i = 0; i < out.length; i++) {
            out[i] = le.getFloat(i * 4);
        }
        return out;
    }
}
