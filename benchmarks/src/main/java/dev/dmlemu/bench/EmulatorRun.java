package dev.dmlemu.bench;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;

/**
 * One GatherElements workload of {@link Workload} prepared on the emulator over heap buffers, as the command line
 * binds them, ready to dispatch: what {@link GatherElementsBenchmark} times. It is a {@link Runnable} with a (String,
 * Integer) constructor so that {@link BuildsSideBySide} can load one per build, each in its own class loader, and
 * call it without sharing a class with it.
 */
public final class EmulatorRun implements Runnable, AutoCloseable {

    private final Emulator emulator;
    private final PreparedOperator prepared;
    private final Bindings bindings;
    private final ByteBuffer indices;
    private final ByteBuffer output;

    public EmulatorRun(String workload, Integer threads) {
        this(Workload.named(workload).values(), threads);
    }

    EmulatorRun(Workload.Values values, int threads) {
        Workload w = values.workload();
        ByteBuffer input = values.stridedInput(Workload.Values.heap(values.inputBytes()));
        indices = values.indices(Workload.Values.heap((long) w.indexCount() * w.indexType().sizeInBytes()));
        output = Workload.Values.heap((long) w.indexCount() * w.elementSize());
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(new FeatureLevelValidator().validate(w.desc(), FeatureLevel.LEVEL_6_4).validated());
        bindings = Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output));
    }

    /** The indices as bound (a heap buffer). */
    ByteBuffer indices() {
        return indices;
    }

    /** The output as bound (a heap buffer), holding the last dispatch's result. */
    ByteBuffer output() {
        return output;
    }

    /** One dispatch. */
    @Override
    public void run() {
        prepared.execute(bindings);
    }

    @Override
    public void close() {
        prepared.close();
        emulator.close();
    }
}
