package dev.dmlemu.cli;

import static dev.dmlemu.desc.DispatchWork.saturatingAdd;
import static dev.dmlemu.desc.DispatchWork.saturatingMultiply;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DispatchWork;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.model.BindingRef;
import dev.dmlemu.model.Command;
import dev.dmlemu.model.DispatchCommand;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.model.NpyFile;
import dev.dmlemu.model.OperatorDispatchable;
import dev.dmlemu.model.PrintCommand;
import dev.dmlemu.model.WriteFileCommand;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A run's commands, each checked against the resource plan before the first one runs: every binding fits its tensor,
 * every {@code writeFile} target may be written, and the whole run stays within its budgets. So an unusable model is
 * refused before any dispatch or write (exit 2, naming the command's JSON path and line/column), and a run never
 * stops half-way for a reason that could be known in advance.
 *
 * @param steps one per command, in order
 * @param jsonValues what {@code --json} shows, resource → element count: every printed resource, or every bound
 *     output when nothing is printed
 */
record RunPlan(List<Step> steps, Map<String, Long> jsonValues) {

    /**
     * What a run may spend: tensor elements its dispatches read and write ({@link DispatchWork}, every execution
     * counted), and bytes it writes (files, and text on stdout).
     *
     * @param json whether values go to the --json object instead of print lines
     */
    record Budget(long maxElements, long maxOutputBytes, long executionsPerDispatch, boolean json) {}

    /** A file takes at least a disk block, so a million tiny files count as the gigabytes they take. */
    static final long FILE_BLOCK_BYTES = 4096;

    /**
     * Text per printed value, at most: {@code -1.23457e+06, } or an INT64 with its separator; a verbose line adds its
     * index and hex bits. JSON values are counted like plain print values.
     */
    static final long PRINT_BYTES_PER_VALUE = 26;
    static final long VERBOSE_BYTES_PER_VALUE = 56;

    /** One checked command; {@code where} is its JSON path, {@code commands[3]}. */
    sealed interface Step permits Dispatch, Print, Write {
        String where();
    }

    /**
     * A dispatch, with its bindings in the desc's field order; a tensor the desc leaves NULL has none (the backend
     * binds nothing there).
     */
    record Dispatch(String where, String dispatchable, OperatorDesc desc, List<PlannedBinding> bindings)
            implements Step {}

    /**
     * A binding checked to cover its tensor: bytes {@code [offset, offset + available)} of the resource.
     *
     * @param atInitialization bound by the dispatchable's own {@code bindings} (an {@code OWNED_BY_DML} input): the
     *     run reads these bytes once, before the first command, as DirectML copies them when it initializes the
     *     operator
     */
    record PlannedBinding(String field, String resource, long offset, long available, boolean output,
            boolean atInitialization) {}

    record Print(String where, String resource, boolean verbose, long count) implements Step {}

    /**
     * A {@code writeFile} whose target was checked (it may be written) and whose size is known.
     *
     * @param shape the {@code .npy} shape ({@code dimensions}, or one dimension of the initial element count); empty
     *     for a raw {@code .dat}/{@code .bin} file, which holds the whole buffer
     * @param count the elements of a {@code .npy} file, or the bytes of a raw one
     */
    record Write(String where, String resource, String targetPath, List<Long> shape, long count) implements Step {

        boolean raw() {
            return shape.isEmpty();
        }
    }

    /**
     * @param operators every operator dispatchable's desc, by name
     * @throws CliFailure exit code 2 at the first command that cannot run
     */
    static RunPlan of(ModelInput input, Map<String, OperatorDesc> operators, ResourcePlan resources,
            OutputFolder outputs, Budget budget) {
        List<Step> steps = new ArrayList<>();
        Spending spending = new Spending(input, budget);
        Map<String, Long> printed = new LinkedHashMap<>();
        Map<String, Long> boundOutputs = new LinkedHashMap<>();
        List<Command> commands = input.model().commands();
        for (int i = 0; i < commands.size(); i++) {
            String where = JsonPath.element("commands", i);
            Command command = commands.get(i);
            if (command instanceof DispatchCommand dispatch) {
                OperatorDesc desc = operators.get(dispatch.dispatchable());
                OperatorDispatchable dispatchable = (OperatorDispatchable) input.model().dispatchables()
                        .get(dispatch.dispatchable());
                Dispatch step = new Dispatch(where, dispatch.dispatchable(), desc, bind(input, where, dispatch,
                        dispatchable, resources));
                step.bindings().stream().filter(PlannedBinding::output).map(PlannedBinding::resource)
                        .filter(name -> resources.get(name).dataType() != TensorDataType.UNKNOWN)
                        .forEach(name -> boundOutputs.putIfAbsent(name, printableCount(resources.get(name))));
                spending.compute(where, saturatingMultiply(DispatchWork.elements(desc), budget.executionsPerDispatch()));
                steps.add(step);
            } else if (command instanceof PrintCommand print) {
                requireElementType(input, where, resources.get(print.resource()), "print");
                long count = printableCount(resources.get(print.resource()));
                if (!budget.json()) {
                    spending.output(where, saturatingMultiply(count, print.verbose() ? VERBOSE_BYTES_PER_VALUE
                            : PRINT_BYTES_PER_VALUE));
                } else if (!printed.containsKey(print.resource())) {
                    spending.output(where, saturatingMultiply(count, PRINT_BYTES_PER_VALUE));
                }
                printed.putIfAbsent(print.resource(), count);
                steps.add(new Print(where, print.resource(), print.verbose(), count));
            } else {
                WriteFileCommand write = (WriteFileCommand) command;
                ResourcePlan.Planned resource = resources.get(write.resource());
                OutputFolder.Result target = outputs.resolve(write.targetPath());
                if (target.refusal().isPresent()) {
                    throw input.problemAt(where + ".targetPath", "'" + write.targetPath() + "' "
                            + target.refusal().get());
                }
                Write step = write.isNpy() ? npyWrite(input, where, write, resource)
                        : new Write(where, write.resource(), write.targetPath(), List.of(), resource.bufferBytes());
                long fileBytes = step.raw() ? step.count() : NpyFile.fileSize(resource.dataType(), step.shape());
                spending.output(where, Math.max(FILE_BLOCK_BYTES, fileBytes));
                steps.add(step);
            }
        }
        Map<String, Long> jsonValues = printed.isEmpty() ? boundOutputs : printed;
        if (budget.json() && printed.isEmpty()) {
            for (long count : boundOutputs.values()) {
                spending.output("commands", saturatingMultiply(count, PRINT_BYTES_PER_VALUE));
            }
        }
        return new RunPlan(List.copyOf(steps), Collections.unmodifiableMap(jsonValues));
    }

    /**
     * A {@code .npy} write: 1-D of the initial element count, or of shape {@code dimensions}, whose elements must be
     * in the buffer.
     */
    private static Write npyWrite(ModelInput input, String where, WriteFileCommand write,
            ResourcePlan.Planned resource) {
        requireElementType(input, where, resource, "a .npy file");
        if (!resource.dataType().isByteAddressable()) {
            throw input.problemAt(where + ".resource", ".npy has no " + resource.dataType() + " type");
        }
        if (write.dimensions().isEmpty()) {
            long count = printableCount(resource);
            return new Write(where, write.resource(), write.targetPath(), List.of(count), count);
        }
        long count = 1;
        for (long dimension : write.dimensions()) {
            count = saturatingMultiply(count, dimension);
        }
        if (count > resource.capacityElements()) {
            throw input.problemAt(where + ".dimensions", "dimensions " + write.dimensions() + " hold "
                    + (count == Long.MAX_VALUE ? "more than 2^63" : Long.toString(count)) + " elements, but resource '"
                    + OneLine.of(resource.name()) + "' holds " + resource.capacityElements() + " "
                    + resource.dataType().name() + " elements");
        }
        return new Write(where, write.resource(), write.targetPath(), write.dimensions(), count);
    }

    /** A list initializer's resource has no element type to show its values in. */
    private static void requireElementType(ModelInput input, String where, ResourcePlan.Planned resource,
            String what) {
        if (resource.dataType() == TensorDataType.UNKNOWN) {
            throw input.problemAt(where + ".resource", "resource '" + OneLine.of(resource.name()) + "' has no"
                    + " element type (a list initializer, UNKNOWN) for " + what + "; write its bytes to a .dat or"
                    + " .bin file instead");
        }
    }

    /** What the run spends up to each command, refused at the first command that goes over a budget. */
    private static final class Spending {
        private final ModelInput input;
        private final Budget budget;
        private long elements;
        private long outputBytes;

        Spending(ModelInput input, Budget budget) {
            this.input = input;
            this.budget = budget;
        }

        void compute(String where, long more) {
            elements = saturatingAdd(elements, more);
            if (elements > budget.maxElements()) {
                throw input.problemAt(where, "the run's dispatches would read and write " + count(elements)
                        + " tensor elements up to this command (every tensor of each dispatch, inputs, indices,"
                        + " updates and outputs, with the integer products' multiply-adds and the poolings' window"
                        + " reads, every execution counted), more than the limit of " + budget.maxElements()
                        + " (raise it with --max-elements)");
            }
        }

        void output(String where, long more) {
            outputBytes = saturatingAdd(outputBytes, more);
            if (outputBytes > budget.maxOutputBytes()) {
                throw input.problemAt(where, "the run would write about " + count(outputBytes) + " bytes up to"
                        + " this command (files, each at least " + FILE_BLOCK_BYTES + " bytes, and printed values),"
                        + " more than the limit of " + budget.maxOutputBytes() + " (raise it with --max-output-bytes)");
            }
        }

        private static String count(long value) {
            return value == Long.MAX_VALUE ? "more than 2^63" : Long.toString(value);
        }
    }

    /**
     * DML_BUFFER_BINDINGs for a dispatch, each checked against its tensor's TotalTensorSizeInBytes. A tensor the
     * dispatchable binds at initialization (OWNED_BY_DML) takes that binding; the model reader refused it bound in
     * the dispatch as well. A tensor the desc leaves NULL takes none, and a resource bound to it is refused.
     */
    private static List<PlannedBinding> bind(ModelInput input, String where, DispatchCommand dispatch,
            OperatorDispatchable dispatchable, ResourcePlan resources) {
        // Binding names that are not tensor fields never get here: the model reader refuses them with their line.
        List<PlannedBinding> bindings = new ArrayList<>();
        for (TensorField field : dispatchable.desc().tensorFields()) {
            BindingRef initial = dispatchable.initializationBindings().get(field.name());
            BindingRef ref = initial != null ? initial : dispatch.bindings().get(field.name());
            String bindingsPath = initial != null
                    ? JsonPath.child(JsonPath.child("dispatchables", dispatch.dispatchable()), "bindings")
                    : where + ".bindings";
            if (field.desc().isNull()) {
                // An absent optional tensor: DirectML binds nothing there (DML_BINDING_TYPE_NONE), as DxDispatch does.
                if (ref != null) {
                    throw input.problemAt(bindingsPath + "." + field.name(), "resource '"
                            + OneLine.of(ref.resource()) + "' is bound to " + field.name() + ", but "
                            + BindingRule.NULL_TENSOR_BOUND);
                }
                continue;
            }
            if (ref == null) {
                throw input.problemAt(bindingsPath, "no binding for "
                        + field.name() + " of dispatchable '" + OneLine.of(dispatch.dispatchable()) + "'");
            }
            if (initial == null && field.desc() instanceof BufferTensorDesc buffer
                    && buffer.flags() == TensorFlags.OWNED_BY_DML) {
                throw input.problemAt(JsonPath.child("dispatchables", dispatch.dispatchable()), field.name()
                        + " is flagged OWNED_BY_DML, so DirectML takes its data when the operator is initialized:"
                        + " bind it in the dispatchable's own \"bindings\", not in the dispatch");
            }
            String fieldPath = bindingsPath + "." + field.name();
            ResourcePlan.Planned resource = resources.get(ref.resource());
            long offset = byteOffset(input, fieldPath, resource, ref);
            long available = resource.bufferBytes() - offset;
            // The rule every backend applies, asked now with the buffer the resource will have.
            Optional<String> problem = BindingRule.problem((BufferTensorDesc) field.desc(), field.kind(),
                    resource.bufferBytes(), offset, available, false);
            if (problem.isPresent()) {
                throw input.problemAt(fieldPath, "resource '" + OneLine.of(resource.name()) + "' bound from element"
                        + " offset " + Long.toUnsignedString(ref.elementOffset()) + " (" + available + " bytes): "
                        + problem.get());
            }
            bindings.add(new PlannedBinding(field.name(), resource.name(), offset, available,
                    field.kind() == TensorKind.OUTPUT, initial != null));
        }
        return List.copyOf(bindings);
    }

    /**
     * The byte offset of a binding in the resource: DxDispatch's {@code elementOffset * elementSizeInBytes}, the size
     * being the resource's element size unless the binding gives one; within the buffer, on a byte boundary (an odd
     * offset into UINT4/INT4 data is not), and never wrapping 64 bits.
     */
    private static long byteOffset(ModelInput input, String where, ResourcePlan.Planned resource, BindingRef ref) {
        long elementOffset = ref.elementOffset();
        if (elementOffset == 0) {
            return 0;
        }
        long offset;
        if (ref.elementSizeInBytes() != 0) {
            offset = unsignedProductOrMinusOne(elementOffset, ref.elementSizeInBytes());
        } else if (resource.dataType() == TensorDataType.UNKNOWN) {
            throw input.problemAt(where, "resource '" + OneLine.of(resource.name()) + "' has no element type (a list"
                    + " initializer): give elementSizeInBytes with elementOffset (DxDispatch would bind from byte 0)");
        } else {
            long bits = resource.dataType().sizeInBits();
            long capacityElements = resource.capacityElements();
            if (Long.compareUnsigned(elementOffset, capacityElements) > 0) {
                throw input.problemAt(where, "elementOffset " + Long.toUnsignedString(elementOffset)
                        + " is past the end of resource '" + OneLine.of(resource.name()) + "' (" + capacityElements
                        + " " + resource.dataType().name() + " elements)");
            }
            if (elementOffset * bits % 8 != 0) {
                throw input.problemAt(where, "elementOffset " + elementOffset + " of " + resource.dataType().name()
                        + " data does not start on a byte");
            }
            offset = elementOffset * bits / 8;
        }
        if (offset < 0 || offset > resource.bufferBytes()) {
            throw input.problemAt(where, "elementOffset " + Long.toUnsignedString(elementOffset) + " x "
                    + "elementSizeInBytes " + Long.toUnsignedString(ref.elementSizeInBytes()) + " is past the end of"
                    + " resource '" + OneLine.of(resource.name()) + "' (" + resource.bufferBytes() + " bytes)");
        }
        return offset;
    }

    /** {@code a * b} for UINT64s, or -1 when it exceeds 2^63 - 1. */
    private static long unsignedProductOrMinusOne(long a, long b) {
        if (a < 0 || b < 0) {
            return -1;
        }
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    /** The initializer's element count, never past the buffer: what print and writeFile show. */
    private static long printableCount(ResourcePlan.Planned resource) {
        return Math.min(resource.initialElementCount(), resource.capacityElements());
    }
}
