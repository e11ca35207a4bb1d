package dev.dmlemu.execution;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * What a {@code DML_BUFFER_BINDING} must be for its tensor, the one rule every backend checks before a dispatch (so
 * the emulator and DirectML refuse the same bindings with the same words): one binding per tensor field, each
 * {@code [Offset, Offset + SizeInBytes)} inside its buffer, {@code SizeInBytes} at least the tensor's
 * {@code TotalTensorSizeInBytes} (a UINT64, compared unsigned), {@code Offset} a multiple of a non-zero
 * {@code GuaranteedBaseOffsetAlignment}, and outputs writable (docs/directml-behaviour.md §5.4); a field the desc
 * leaves NULL takes {@link TensorBinding#NONE} and nothing else (§5.5).
 */
public final class BindingRule {

    /** Why a buffer bound to a NULL tensor field is refused; the command line says the same of a model's binding. */
    public static final String NULL_TENSOR_BOUND = "the desc leaves this tensor NULL, so DirectML takes no binding"
            + " there (DML_BINDING_TYPE_NONE): bind nothing to it";

    private BindingRule() {}

    /**
     * @throws OperatorExecutionException naming the field and the rule of the first binding that breaks it
     */
    public static void check(OperatorDesc desc, Bindings bindings) {
        List<TensorField> fields = desc.tensorFields();
        if (bindings == null) {
            throw new OperatorExecutionException(desc.operatorType().name() + ": bindings are null");
        }
        if (bindings.inFieldOrder().size() != fields.size()) {
            throw new OperatorExecutionException(desc.operatorType().name() + " takes " + fields.size()
                    + " bindings (" + fields.stream().map(TensorField::name).collect(Collectors.joining(", "))
                    + "), got " + bindings.inFieldOrder().size());
        }
        for (int i = 0; i < fields.size(); i++) {
            TensorField field = fields.get(i);
            Optional<String> problem = problem(field, bindings.binding(i));
            if (problem.isPresent()) {
                throw new OperatorExecutionException(field.name() + ": " + problem.get());
            }
        }
    }

    /** Why {@code binding} cannot be bound to {@code field}, or empty when it can. */
    private static Optional<String> problem(TensorField field, TensorBinding binding) {
        if (field.desc().isNull()) {
            return binding instanceof NoBinding ? Optional.empty() : Optional.of(NULL_TENSOR_BOUND);
        }
        if (!(field.desc() instanceof BufferTensorDesc tensor)) {
            return Optional.of("a tensor desc of Type " + field.desc().tensorType() + " cannot be bound");
        }
        if (!(binding instanceof BufferBinding buffer)) {
            return Optional.of("nothing is bound (DML_BINDING_TYPE_NONE), but the desc describes this tensor: bind a"
                    + " buffer");
        }
        return problem(tensor, field.kind(), buffer.buffer().capacity(), buffer.offset(), buffer.sizeInBytes(),
                buffer.buffer().isReadOnly());
    }

    /**
     * Why bytes {@code [offset, offset + size)} of a buffer of {@code capacity} bytes cannot be bound to
     * {@code tensor}, or empty when they can. Runners that plan bindings before any buffer exists (the command line)
     * ask this with the sizes they will allocate.
     */
    public static Optional<String> problem(BufferTensorDesc tensor, TensorKind kind, long capacity, long offset,
            long size, boolean readOnly) {
        if (offset < 0 || size < 0 || offset > capacity || size > capacity - offset) {
            return Optional.of("binding [Offset " + offset + ", Offset + SizeInBytes " + (offset + size)
                    + ") does not lie inside the buffer's capacity " + capacity
                    + " (DML_BUFFER_BINDING must lie inside its buffer)");
        }
        long total = tensor.totalTensorSizeInBytes();
        if (Long.compareUnsigned(size, total) < 0) {
            return Optional.of("binding SizeInBytes " + size + " is less than TotalTensorSizeInBytes "
                    + Long.toUnsignedString(total) + " (a binding must cover the tensor's TotalTensorSizeInBytes)");
        }
        long alignment = tensor.guaranteedBaseOffsetAlignment();
        if (alignment > 0 && offset % alignment != 0) {
            return Optional.of("binding Offset " + offset + " is not a multiple of GuaranteedBaseOffsetAlignment "
                    + alignment);
        }
        if (kind == TensorKind.OUTPUT && readOnly) {
            return Optional.of("the output buffer is read-only");
        }
        return Optional.empty();
    }
}
