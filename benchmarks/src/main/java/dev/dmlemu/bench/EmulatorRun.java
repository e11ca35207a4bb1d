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
    private final List<ByteBuffer> buffers;

    public EmulatorRun(String workload, Integer threads) {
        this(workload, threads, null);
    }

    /**
     * The workload bound to {@code buffers} (another run's {@link #buffers()}, of the same workload) instead of
     * buffers of its own, or to its own when null: builds timed side by side then read and write the same memory. On
     * the machines this was measured on, where an array lies changed a copy's speed by more than the builds differed
     * (the same build loaded twice ran 5-7% faster on the second load's arrays).
     */
    public EmulatorRun(String workload, Integer threads, List<ByteBuffer> buffers) {
        this(EmulatorAgainstOrtBenchmark.named(workload).orElseGet(() -> elements(Workload.named(workload).values())),
                threads, buffers);
    }

    EmulatorRun(Workload.Values values, int threads) {
        this(elements(values), threads, null);
    }

    private EmulatorRun(EmulatorAgainstOrtBenchmark.Subject subject, int threads, List<ByteBuffer> shared) {
        List<ByteBuffer> bound = new ArrayList<>(subject.inputs());
        bound.add(Workload.Values.heap(subject.outputBytes()));
        if (shared != null) {
            if (shared.size() != bound.size()) {
                throw new IllegalArgumentException("buffers of another workload: " + shared.size() + " buffers where "
                        + subject.desc().operatorType() + " binds " + bound.size());
            }
            bound = List.copyOf(shared);
        }
        this.buffers = List.copyOf(bound);
        // The gathers' and scatters' second input; kernel workloads may have one input only.
        indices = bound.size() > 2 ? bound.get(1) : null;
        output = bound.get(bound.size() - 1);
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulator.prepare(
                new FeatureLevelValidator().validate(subject.desc(), FeatureLevel.LEVEL_6_4).validated());
        bindings = Bindings.of(bound.stream().map(BufferBinding::of).toArray(BufferBinding[]::new));
    }

    /** The buffers bound, inputs in order and then the output: what another build's run may share. */
    public List<ByteBuffer> buffers() {
        return buffers;
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
