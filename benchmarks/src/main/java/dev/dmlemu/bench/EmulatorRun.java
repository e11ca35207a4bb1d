package dev.dmlemu.bench;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One workload prepared on the emulator over heap buffers, as the command line binds them, ready to dispatch: a
 * GatherElements workload of {@link Workload} (what {@link GatherElementsBenchmark} times), a Gather, GatherND or
 * ScatterElements one as its benchmark's {@link EmulatorAgainstOrtBenchmark.Subject} states it, or a one-output
 * workload of {@link KernelWorkloads}. It is a
 * {@link Runnable} with a (String, Integer) constructor so that {@link BuildsSideBySide} can load one per build, each
 * in its own class loader, and call it without sharing a class with it.
 */
public final class EmulatorRun implements Runnable, AutoCloseable {

    private final Emulator emulator;
    private final PreparedOperator prepared;
    private final Bindings bindings;
    private final ByteBuffer indices;
    private final ByteBuffer output;

    public EmulatorRun(String workload, Integer threads) {
        this(EmulatorAgainstOrtBenchmark.named(workload).orElseGet(() -> elements(Workload.named(workload).values())),
                threads);
    }

    EmulatorRun(Workload.Values values, int threads) {
        this(elements(values), threads);
    }

    private EmulatorRun(EmulatorAgainstOrtBenchmark.Subject subject, int threads) {
        // The gathers' and scatters' second input; kernel workloads may have one input only.
        indices = subject.inputs().size() > 1 ? subject.inputs().get(1) : null;
        output = Workload.Values.heap(subject.outputBytes());
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(
                new FeatureLevelValidator().validate(subject.desc(), FeatureLevel.LEVEL_6_4).validated());
        List<BufferBinding> buffers = new ArrayList<>();
        subject.inputs().forEach(in -> buffers.add(BufferBinding.of(in)));
        buffers.add(BufferBinding.of(output));
        bindings = Bindings.of(buffers.toArray(BufferBinding[]::new));
    }

    /** A GatherElements workload's input (strided where the workload is) and indices, as a subject. */
    private static EmulatorAgainstOrtBenchmark.Subject elements(Workload.Values values) {
        Workload w = values.workload();
        ByteBuffer input = values.stridedInput(Workload.Values.heap(values.inputBytes()));
        ByteBuffer indices = values.indices(Workload.Values.heap((long) w.indexCount() * w.indexType().sizeInBytes()));
        return new EmulatorAgainstOrtBenchmark.Subject(w.name(), null, w.desc(), List.of(input, indices),
                (long) w.indexCount() * w.elementSize(), Optional.empty());
    }

    /** The indices as bound (a heap buffer); for a {@link KernelWorkloads} workload its second input, or null. */
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
