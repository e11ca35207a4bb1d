package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.nativebridge.blob.DescBlob;
import dev.dmlemu.nativebridge.blob.DescBlobWriter;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CoreTransport;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.ExecuteOutcome;
import dev.dmlemu.nativebridge.host.HostBinding;
import dev.dmlemu.nativebridge.host.HostBuffer;
import dev.dmlemu.nativebridge.host.KnownDirectMlBugs;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * An operator prepared in the native core, under a handle valid for one generation of the core's process. When the
 * pipe host was restarted since (DirectML ended it while running another operator), the operator is created again
 * before it runs.
 */
final class CorePreparedOperator implements PreparedOperator {

    private final CoreTransport session;
    private final ValidatedOperator operator;
    private final DescBlob blob;
    private final int flags;
    private final Optional<String> knownBug;
    private final Consumer<CorePreparedOperator> onClose;
    private long handle;
    private int generation;
    private boolean closed;

    private CorePreparedOperator(CoreTransport session, ValidatedOperator operator, DescBlob blob, int flags,
            Optional<String> knownBug, Consumer<CorePreparedOperator> onClose) {
        this.session = session;
        this.operator = operator;
        this.blob = blob;
        this.flags = flags;
        this.knownBug = knownBug;
        this.onClose = onClose;
    }

    static CorePreparedOperator create(CoreTransport session, ValidatedOperator operator, Set<ExecutionFlag> flags,
            Consumer<CorePreparedOperator> onClose) {
        int mask = flags.stream().mapToInt(ExecutionFlag::code).reduce(0, (a, b) -> a | b);
        CorePreparedOperator result = new CorePreparedOperator(session, operator,
                DescBlobWriter.write(operator.desc()), mask, KnownDirectMlBugs.matching(operator.desc()), onClose);
        result.createInCore();
        return result;
    }

    private void createInCore() {
        CreateOutcome outcome;
        int before;
        synchronized (session) {
            outcome = session.create(blob, CreateMode.PREPARE, flags, knownBug);
            before = session.generation();
        }
        if (!outcome.succeeded()) {
            throw new DirectMlRefusedException(operator.desc().operatorType().cName() + ": DirectML refused it: "
                    + outcome.describe(), outcome.failedAt(), outcome.hresult());
        }
        handle = outcome.handle();
        generation = before;
    }

    @Override
    public ValidatedOperator operator() {
        return operator;
    }

    /**
     * One buffer per bound field, holding the bound bytes (outputs too, so bytes the operator does not write come
     * back unchanged), padded to 4 bytes; a field bound to nothing (a NULL optional tensor) travels as the protocol's
     * "no buffer" binding, DML_BINDING_TYPE_NONE in the host. The output buffers are read back into their bindings.
     */
    @Override
    public synchronized void execute(Bindings bindings) {
        BindingRule.check(operator.desc(), bindings);
        if (closed) {
            throw new IllegalStateException("prepared " + operator.desc().operatorType().cName()
                    + " used after close");
        }
        List<TensorField> fields = operator.desc().tensorFields();
        List<HostBuffer> buffers = new ArrayList<>();
        List<HostBinding> inputs = new ArrayList<>();
        List<HostBinding> outputs = new ArrayList<>();
        // The host buffer each output field's bytes come back in.
        Map<Integer, Integer> readBackOf = new HashMap<>();
        for (int i = 0; i < fields.size(); i++) {
            boolean output = fields.get(i).kind() == TensorKind.OUTPUT;
            HostBinding bound = HostBinding.none();
            if (bindings.binding(i) instanceof BufferBinding binding) {
                ByteBuffer bytes = padded(binding);
                bound = new HostBinding(buffers.size(), 0, bytes.remaining());
                if (output) {
                    readBackOf.put(i, buffers.size());
                }
                buffers.add(HostBuffer.of(bytes, output));
            }
            (output ? outputs : inputs).add(bound);
        }
        ExecuteOutcome outcome;
        synchronized (session) {
            if (generation != session.generation()) {
                createInCore();
            }
            outcome = session.execute(handle, inputs, outputs, buffers, knownBug);
        }
        if (!outcome.succeeded()) {
            throw new OperatorExecutionException(operator.desc().operatorType().cName() + ": DirectML failed: "
                    + outcome.describe());
        }
        readBackOf.forEach((field, buffer) -> {
            BufferBinding binding = bindings.get(field);
            ByteBuffer target = binding.buffer().duplicate();
            target.position(Math.toIntExact(binding.offset()));
            target.put(outcome.readBacks().get(buffer), 0, Math.toIntExact(binding.sizeInBytes()));
        });
    }

    /** The binding's bytes, copied into a 4-byte multiple only when they are not one already. */
    private static ByteBuffer padded(BufferBinding binding) {
        ByteBuffer view = binding.buffer().duplicate();
        int start = Math.toIntExact(binding.offset());
        view.limit(Math.toIntExact(Math.addExact(binding.offset(), binding.sizeInBytes())));
        view.position(start);
        long size = binding.sizeInBytes();
        long rounded = Math.max(4, Math.addExact(size, 3) & ~3L);
        if (rounded == size) {
            return view.slice();
        }
        ByteBuffer copy = ByteBuffer.allocate(Math.toIntExact(rounded));
        copy.put(view);
        return copy.clear();
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            session.release(handle, generation);
        } catch (RuntimeException e) {
            // A core process that died took the operator with it.
        }
        onClose.accept(this);
    }
}
