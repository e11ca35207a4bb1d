package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.featurelevels.IndexSemantics;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Workspaces kept between executions: reused, never shared by two workers at once. */
class WorkspacePoolTest {

    @Test
    void aReturnedWorkspaceIsTakenAgainAndAFullPoolMakesNewOnes() {
        AtomicInteger made = new AtomicInteger();
        WorkspacePool<Workspace> pool = new WorkspacePool<>(2, () -> {
            made.incrementAndGet();
            return new Workspace(null, null, new int[1]);
        });
        Workspace first = pool.take();
        Workspace second = pool.take();
        Workspace third = pool.take();
        assertEquals(3, made.get());
        assertNotSame(first, second);
        pool.give(first);
        pool.give(second);
        pool.give(third); // both slots are full: dropped
        Workspace again = pool.take();
        Workspace againToo = pool.take();
        assertEquals(3, made.get());
        assertSame(first, again);
        assertSame(second, againToo);
        pool.take();
        assertEquals(4, made.get());
        pool.give(again);
        pool.clear();
        pool.take();
        assertEquals(5, made.get());
    }

    /**
     * One prepared operator on the copied-tile order (each worker's workspace holds a tile copy) executed from six
     * threads at once, each with its own input: every output must be the gather of its own input. A workspace handed
     * to two workers at once would mix their tiles.
     */
    @Test
    void concurrentExecutionsNeverShareAWorkspace() throws Exception {
        int n = 96;
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.INT32, n, n), BufferTensorDesc.packed(TensorDataType.INT32, n, n),
                BufferTensorDesc.packed(TensorDataType.INT32, n, n), 0);
        GatherExecution execution = Kernels.prepare(desc, IndexSemantics.SIGNED_WRAP, IndexPolicy.DIRECTML,
                Parallelism.ONE_THREAD, KernelTuning.DEFAULT.withForcedTile(16));
        assertEquals(true, execution.tilesBulk());
        SplittableRandom random = new SplittableRandom(5);
        int[] indices = new int[n * n];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = random.nextInt(n);
        }
        ExecutorService callers = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int caller = 0; caller < 6; caller++) {
                int seed = caller;
                runs.add(callers.submit(() -> {
                    for (int round = 0; round < 40; round++) {
                        int[] input = new int[n * n];
                        for (int i = 0; i < input.length; i++) {
                            input[i] = seed * 1_000_000 + round * 10_000 + i;
                        }
                        ByteBuffer output = Kernels.le(n * n * 4);
                        execution.execute(Bindings.of(BufferBinding.of(Kernels.ints(input)),
                                BufferBinding.of(Kernels.ints(indices)), BufferBinding.of(output)));
                        // output[i][j] = input[indices[i][j]][j], written out by hand.
                        int[] expected = new int[n * n];
                        for (int i = 0; i < n; i++) {
                            for (int j = 0; j < n; j++) {
                                expected[i * n + j] = input[indices[i * n + j] * n + j];
                            }
                        }
                        int[] actual = new int[n * n];
                        output.asIntBuffer().get(actual);
                        assertArrayEquals(expected, actual, "caller " + seed + ", round " + round);
                    }
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get();
            }
        } finally {
            callers.shutdown();
        }
    }
}
