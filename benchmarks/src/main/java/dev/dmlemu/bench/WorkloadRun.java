package dev.dmlemu.bench;

import ai.onnxruntime.OrtException;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.emulator.EmulatedOperators;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One {@link OperatorWorkload} set up on both sides at one thread count: the emulator on heap buffers (as the command
 * line binds them) and ONNX Runtime's CPU node on direct buffers holding the same values ({@link OrtNode}). The desc
 * is validated at feature level 6_4 either way; the emulator is prepared only when it has a kernel for the operator,
 * so ONNX Runtime and the floor run on their own until the kernel lands (CAST, TOP_K and MAX_POOLING today).
 */
final class WorkloadRun implements AutoCloseable {

    private final OperatorWorkload workload;
    private final List<ByteBuffer> emulatorInputs = new ArrayList<>();
    private final List<ByteBuffer> emulatorOutputs = new ArrayList<>();
    private final Emulator emulator;
    private final Optional<PreparedOperator> prepared;
    private final Bindings bindings;
    private final OrtNode ort;

    WorkloadRun(OperatorWorkload workload, int threads) throws OrtException {
        this.workload = workload;
        List<BufferBinding> buffers = new ArrayList<>();
        for (Operand input : workload.inputs()) {
            ByteBuffer buffer = input.values().fill(Workload.Values.heap(input.bytes()));
            emulatorInputs.add(buffer);
            buffers.add(BufferBinding.of(buffer));
        }
        for (Operand output : workload.outputs()) {
            ByteBuffer buffer = Workload.Values.heap(output.bytes());
            emulatorOutputs.add(buffer);
            buffers.add(BufferBinding.of(buffer));
        }
        bindings = Bindings.of(buffers.toArray(BufferBinding[]::new));
        ValidatedOperator validated = new FeatureLevelValidator().validate(workload.desc(), FeatureLevel.LEVEL_6_4)
                .validated();
        emulator = new Emulator(EmulatorOptions.builder().threads(threads).build());
        prepared = emulatorRuns(workload) ? Optional.of(emulator.prepare(validated)) : Optional.empty();
        ort = ort(workload, threads);
    }

    /** Whether the emulator has a kernel for the workload's operator. */
    static boolean emulatorRuns(OperatorWorkload workload) {
        return EmulatedOperators.all().contains(workload.desc().operatorType());
    }

    /** ONNX Runtime's node for the workload, its inputs on direct buffers filled with the workload's values. */
    static OrtNode ort(OperatorWorkload workload, int threads) throws OrtException {
        List<OrtNode.Input> inputs = new ArrayList<>();
        for (Operand input : workload.inputs()) {
            inputs.add(new OrtNode.Input(input.onnxName(), input.values().fill(OrtNode.direct(input.bytes())),
                    input.shape(), input.javaType()));
        }
        List<OrtNode.Output> outputs = workload.outputs().stream().map(o -> new OrtNode.Output(o.onnxName(),
                o.shape(), o.javaType(), o.type().sizeInBytes())).toList();
        return new OrtNode(workload.onnxModel(), inputs, outputs, threads);
    }

    boolean emulatorRuns() {
        return prepared.isPresent();
    }

    /**
     * One dispatch on the emulator.
     *
     * @throws UnsupportedOperationException while the emulator has no kernel for the operator
     */
    void runEmulator() {
        prepared.orElseThrow(() -> new UnsupportedOperationException("the emulator has no kernel for "
                + workload.desc().operatorType().cName() + " yet; time onnxRuntime and the floor alone"))
                .execute(bindings);
    }

    void runOrt() throws OrtException {
        ort.run();
    }

    /**
     * Runs both sides once and requires every output to hold the same bytes; ONNX Runtime alone where the emulator
     * has no kernel yet.
     *
     * @return whether the emulator took part
     */
    boolean requireAgreement() throws OrtException {
        runOrt();
        if (!emulatorRuns()) {
            return false;
        }
        runEmulator();
        for (int i = 0; i < workload.outputs().size(); i++) {
            Operand o = workload.outputs().get(i);
            SameBytes.require(workload.name() + " " + o.field() + ": emulator and ONNX Runtime", emulatorOutputs.get(i),
                    ort.output(i), o.bytes(), o.type().sizeInBytes());
        }
        return true;
    }

    ByteBuffer emulatorOutput(int index) {
        return emulatorOutputs.get(index);
    }

    ByteBuffer ortOutput(int index) {
        return ort.output(index);
    }

    /**
     * The workload's floor on the emulator's own arrays, so both move the same memory: its inputs, and its output
     * where that is as large as the floor's target (TOP_K's floor writes more than its output). On a virtual machine
     * which arrays a loop writes is part of what it measures (the same copies ran a third faster on freshly allocated
     * arrays than on a workload's: docs/performance.md, "On a faster host"). The emulator's next call overwrites
     * what the floor wrote.
     */
    MemoryFloor floor(int threads) {
        int targetBytes = Math.toIntExact(workload.floor().targetBytes());
        byte[] output = emulatorOutputs.get(0).array();
        byte[] target = output.length == targetBytes ? output : new byte[targetBytes];
        return switch (workload.floor().kind()) {
            case COPY -> new StreamFloor(emulatorInputs.stream().map(ByteBuffer::array).toList(), target, threads);
            case TWO_INPUTS -> new TwoInputFloor(emulatorInputs.get(0).array(), emulatorInputs.get(1).array(),
                    target, threads);
        };
    }

    @Override
    public void close() throws OrtException {
        prepared.ifPresent(PreparedOperator::close);
        emulator.close();
        ort.close();
    }
}
