package dev.dmlemu.nativebridge;

import com.sun.jna.Pointer;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.nativebridge.d3d12.D3d12Constants;
import dev.dmlemu.nativebridge.d3d12.D3d12DescriptorHeap;
import dev.dmlemu.nativebridge.d3d12.D3d12Resource;
import dev.dmlemu.nativebridge.dml.BindingProperties;
import dev.dmlemu.nativebridge.dml.DmlBindingTable;
import dev.dmlemu.nativebridge.dml.DmlCompiledOperator;
import dev.dmlemu.nativebridge.dml.DmlOperator;
import dev.dmlemu.nativebridge.dml.DmlOperatorInitializer;
import dev.dmlemu.nativebridge.dml.NativeScope;
import dev.dmlemu.nativebridge.struct.DML_BINDING_TABLE_DESC;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One compiled, initialized operator on a DirectML device, with its descriptor heap, binding table and
 * persistent/temporary resources. Each execute creates its own upload, default and readback buffers.
 */
final class DirectMlPreparedOperator implements PreparedOperator {

    /** D3D12 buffer widths are rounded up to this; DirectML binding offsets/sizes must be multiples of 4 or more. */
    private static final long BUFFER_GRANULARITY = 256;

    private final DeviceContext context;
    private final ValidatedOperator operator;
    private final DmlCompiledOperator compiled;
    private final BindingProperties executeProperties;
    private final D3d12DescriptorHeap heap;
    private final int descriptorCount;
    private final long cpuHandle;
    private final long gpuHandle;
    private final D3d12Resource temporary;
    private final D3d12Resource persistent;
    private final DmlBindingTable table;
    private final Consumer<DirectMlPreparedOperator> onClose;
    private final Deque<AutoCloseable> owned;
    private boolean closed;

    private DirectMlPreparedOperator(DeviceContext context, ValidatedOperator operator, DmlCompiledOperator compiled,
            BindingProperties executeProperties, D3d12DescriptorHeap heap, int descriptorCount, D3d12Resource temporary,
            D3d12Resource persistent, DmlBindingTable table, Consumer<DirectMlPreparedOperator> onClose,
            Deque<AutoCloseable> owned) {
        this.context = context;
        this.operator = operator;
        this.compiled = compiled;
        this.executeProperties = executeProperties;
        this.heap = heap;
        this.descriptorCount = descriptorCount;
        this.cpuHandle = heap.cpuHandleForHeapStart();
        this.gpuHandle = heap.gpuHandleForHeapStart();
        this.temporary = temporary;
        this.persistent = persistent;
        this.table = table;
        this.onClose = onClose;
        this.owned = owned;
    }

    /** CreateOperator → CompileOperator → initializer dispatch. Called with the context's lock held. */
    static DirectMlPreparedOperator create(DeviceContext context, ValidatedOperator operator,
            Set<ExecutionFlag> flags, Consumer<DirectMlPreparedOperator> onClose) {
        Deque<AutoCloseable> owned = new ArrayDeque<>();
        try {
            DmlCompiledOperator compiled;
            try (DmlOperator created = context.dml.createOperator(operator.desc())) {
                // The compiled operator holds its own reference to what it needs from the operator.
                compiled = own(owned, context.dml.compileOperator(created, flags));
            }
            try (DmlOperatorInitializer initializer = context.dml.createOperatorInitializer(compiled)) {
                BindingProperties init = initializer.bindingProperties();
                BindingProperties execute = compiled.bindingProperties();
                long descriptors = Math.max(1, Math.max(init.requiredDescriptorCount(),
                        execute.requiredDescriptorCount()));
                int descriptorCount = Math.toIntExact(descriptors);
                D3d12DescriptorHeap heap = own(owned, context.d3d12.createShaderVisibleHeap(descriptorCount));
                long temporarySize = Math.max(init.temporaryResourceSize(), execute.temporaryResourceSize());
                D3d12Resource temporary = temporarySize == 0 ? null : own(owned, unorderedBuffer(context,
                        temporarySize));
                D3d12Resource persistent = execute.persistentResourceSize() == 0 ? null : own(owned,
                        unorderedBuffer(context, execute.persistentResourceSize()));
                DmlBindingTable table = own(owned, context.dml.createBindingTable(tableDesc(initializer.pointer(),
                        heap.cpuHandleForHeapStart(), heap.gpuHandleForHeapStart(), descriptorCount)));
                try (NativeScope scope = new NativeScope()) {
                    if (init.temporaryResourceSize() > 0) {
                        table.bindTemporaryResource(new DmlBindingTable.Buffer(temporary.pointer(), 0,
                                init.temporaryResourceSize()), scope);
                    }
                    // The initializer's output is the compiled operator's persistent resource.
                    if (persistent != null) {
                        table.bindOutputs(List.of(new DmlBindingTable.Buffer(persistent.pointer(), 0,
                                execute.persistentResourceSize())), scope);
                    }
                    // Dispatched even when there is nothing to initialize, as DirectML's samples do.
                    record(context, () -> {
                        context.list.setDescriptorHeap(heap);
                        context.recorder.recordDispatch(context.list.pointer(), initializer, table);
                    });
                }
                return new DirectMlPreparedOperator(context, operator, compiled, execute, heap, descriptorCount,
                        temporary, persistent, table, onClose, owned);
            }
        } catch (RuntimeException e) {
            closeAll(owned);
            throw e;
        }
    }

    @Override
    public ValidatedOperator operator() {
        return operator;
    }

    /**
     * Copies every bound range to the GPU (outputs too, so output bytes the operator does not address come back
     * unchanged), dispatches, and copies the output ranges back.
     */
    @Override
    public void execute(Bindings bindings) {
        List<TensorField> fields = operator.desc().tensorFields();
        BindingRule.check(operator.desc(), bindings);
        synchronized (context) {
            if (closed) {
                throw new IllegalStateException("prepared " + operator.desc().operatorType().cName()
                        + " used after close");
            }
            List<AutoCloseable> buffers = new ArrayList<>();
            try (NativeScope scope = new NativeScope()) {
                dispatch(fields, bindings, buffers, scope);
            } finally {
                for (int i = buffers.size() - 1; i >= 0; i--) {
                    try {
                        buffers.get(i).close();
                    } catch (Exception e) {
                        // Release cannot fail in a way the caller could act on.
                    }
                }
            }
        }
    }

    private void dispatch(List<TensorField> fields, Bindings bindings, List<AutoCloseable> buffers,
            NativeScope scope) {
        int count = fields.size();
        long[] widths = new long[count];
        long[] uploadOffsets = new long[count];
        long uploadSize = 0;
        long readbackSize = 0;
        for (int i = 0; i < count; i++) {
            widths[i] = roundUp(Math.max(bindings.get(i).sizeInBytes(), 4), BUFFER_GRANULARITY);
            uploadOffsets[i] = uploadSize;
            uploadSize = Math.addExact(uploadSize, widths[i]);
            if (fields.get(i).kind() == TensorKind.OUTPUT) {
                readbackSize = Math.addExact(readbackSize, widths[i]);
            }
        }
        D3d12Resource upload = add(buffers, context.d3d12.createBuffer(D3d12Constants.D3D12_HEAP_TYPE_UPLOAD,
                uploadSize, D3d12Constants.D3D12_RESOURCE_FLAG_NONE, D3d12Constants.D3D12_RESOURCE_STATE_GENERIC_READ));
        D3d12Resource readback = add(buffers, context.d3d12.createBuffer(D3d12Constants.D3D12_HEAP_TYPE_READBACK,
                readbackSize, D3d12Constants.D3D12_RESOURCE_FLAG_NONE, D3d12Constants.D3D12_RESOURCE_STATE_COPY_DEST));
        D3d12Resource[] tensors = new D3d12Resource[count];
        for (int i = 0; i < count; i++) {
            tensors[i] = add(buffers, context.d3d12.createBuffer(D3d12Constants.D3D12_HEAP_TYPE_DEFAULT, widths[i],
                    D3d12Constants.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                    D3d12Constants.D3D12_RESOURCE_STATE_COPY_DEST));
        }

        Pointer mapped = upload.map(0, 0);
        for (int i = 0; i < count; i++) {
            BufferBinding binding = bindings.get(i);
            ByteBuffer source = slice(binding);
            mapped.getByteBuffer(uploadOffsets[i], binding.sizeInBytes()).put(source);
            long gap = widths[i] - binding.sizeInBytes();
            mapped.setMemory(uploadOffsets[i] + binding.sizeInBytes(), gap, (byte) 0);
        }
        upload.unmapWritten();

        List<DmlBindingTable.Buffer> inputs = new ArrayList<>();
        List<DmlBindingTable.Buffer> outputs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            DmlBindingTable.Buffer bound = new DmlBindingTable.Buffer(tensors[i].pointer(), 0, widths[i]);
            (fields.get(i).kind() == TensorKind.INPUT ? inputs : outputs).add(bound);
        }
        long[] readbackOffsets = new long[count];
        record(context, () -> {
            for (int i = 0; i < count; i++) {
                context.list.copyBufferRegion(tensors[i], 0, upload, uploadOffsets[i], widths[i]);
                context.list.transition(tensors[i], D3d12Constants.D3D12_RESOURCE_STATE_COPY_DEST,
                        D3d12Constants.D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
            }
            table.reset(tableDesc(compiled.pointer(), cpuHandle, gpuHandle, descriptorCount));
            table.bindInputs(inputs, scope);
            table.bindOutputs(outputs, scope);
            if (executeProperties.temporaryResourceSize() > 0) {
                table.bindTemporaryResource(new DmlBindingTable.Buffer(temporary.pointer(), 0,
                        executeProperties.temporaryResourceSize()), scope);
            }
            if (persistent != null) {
                table.bindPersistentResource(new DmlBindingTable.Buffer(persistent.pointer(), 0,
                        executeProperties.persistentResourceSize()), scope);
            }
            context.list.setDescriptorHeap(heap);
            context.recorder.recordDispatch(context.list.pointer(), compiled, table);
            // DirectML does not order its writes before later reads: a UAV barrier does.
            context.list.uavBarrierAll();
            long offset = 0;
            for (int i = 0; i < count; i++) {
                if (fields.get(i).kind() == TensorKind.OUTPUT) {
                    context.list.transition(tensors[i], D3d12Constants.D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                            D3d12Constants.D3D12_RESOURCE_STATE_COPY_SOURCE);
                    context.list.copyBufferRegion(readback, offset, tensors[i], 0, widths[i]);
                    readbackOffsets[i] = offset;
                    offset += widths[i];
                }
            }
        });

        Pointer result = readback.map(0, readbackSize);
        for (int i = 0; i < count; i++) {
            if (fields.get(i).kind() == TensorKind.OUTPUT) {
                BufferBinding binding = bindings.get(i);
                ByteBuffer target = binding.buffer().duplicate();
                target.position(Math.toIntExact(binding.offset()));
                target.put(result.getByteBuffer(readbackOffsets[i], binding.sizeInBytes()));
            }
        }
        readback.unmapUnwritten();
    }

    /** Checks every binding before any GPU work, naming the tensor field. */
    private static ByteBuffer slice(BufferBinding binding) {
        ByteBuffer view = binding.buffer().duplicate();
        int start = Math.toIntExact(binding.offset());
        view.limit(Math.toIntExact(binding.offset() + binding.sizeInBytes()));
        view.position(start);
        return view;
    }

    /** Runs {@code commands} on the open command list and submits them; on failure leaves the list clean. */
    private static void record(DeviceContext context, Runnable commands) {
        try {
            commands.run();
        } catch (RuntimeException e) {
            context.discardRecording(e);
            throw e;
        }
        context.submitAndWait();
    }

    private static DML_BINDING_TABLE_DESC tableDesc(Pointer dispatchable, long cpuHandle, long gpuHandle,
            int count) {
        DML_BINDING_TABLE_DESC desc = new DML_BINDING_TABLE_DESC();
        desc.Dispatchable = dispatchable;
        desc.CPUDescriptorHandle = cpuHandle;
        desc.GPUDescriptorHandle = gpuHandle;
        desc.SizeInDescriptors = count;
        return desc;
    }

    private static D3d12Resource unorderedBuffer(DeviceContext context, long size) {
        return context.d3d12.createBuffer(D3d12Constants.D3D12_HEAP_TYPE_DEFAULT, roundUp(size, BUFFER_GRANULARITY),
                D3d12Constants.D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                D3d12Constants.D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    }

    private static long roundUp(long value, long multiple) {
        return Math.multiplyExact(Math.addExact(value, multiple - 1) / multiple, multiple);
    }

    private static <T extends AutoCloseable> T own(Deque<AutoCloseable> owned, T object) {
        owned.push(object);
        return object;
    }

    private static <T extends AutoCloseable> T add(List<AutoCloseable> list, T object) {
        list.add(object);
        return object;
    }

    private static void closeAll(Deque<AutoCloseable> owned) {
        while (!owned.isEmpty()) {
            try {
                owned.pop().close();
            } catch (Exception e) {
                // Release cannot fail in a way the caller could act on.
            }
        }
    }

    /** Releases the compiled operator and its resources. Idempotent. */
    @Override
    public void close() {
        synchronized (context) {
            if (closed) {
                return;
            }
            closed = true;
            closeAll(owned);
        }
        onClose.accept(this);
    }
}
