package dev.dmlemu.cli;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.model.BindingRef;
import dev.dmlemu.model.Command;
import dev.dmlemu.model.DispatchCommand;
import dev.dmlemu.model.JsonPath;
import dev.dmlemu.model.NpyFile;
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
     * What a run may spend: output elements its dispatches compute (every execution counted), and bytes it writes
     * (files, and text on stdout).
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

    /** A dispatch, with its bindings in the desc's field order. */
    record Dispatch(String where, String dispatchable, OperatorDesc desc, List<PlannedBinding> bindings)
            implements Step {}

    /** A binding checked to cover its tensor: bytes {@code [offset, offset + available)} of the resource. */
    record PlannedBinding(String field, String resource, long offset, long available, boolean output) {}

    record Print(String where, String resource, boolean verbose, long count) implements Step {}

    /** A {@code writeFile} whose target was checked (it may be written) and whose element count is known. */
    record Write(String where, String resource, String targetPath, long count) implements Step {}

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
                Dispatch step = new Dispatch(where, dispatch.dispatchable(), desc, bind(input, where, dispatch,
                        desc, resources));
                step.bindings().stream().filter(PlannedBinding::output).map(PlannedBinding::resource)
                        .forEach(name -> boundOutputs.putIfAbsent(name, printableCount(resources.get(name))));
                spending.compute(where, saturatingMultiply(outputElements(desc), budget.executionsPerDispatch()));
                steps.add(step);
            } else if (command instanceof PrintCommand print) {
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
                if (!resource.dataType().isByteAddressable()) {
                    throw input.problemAt(where + ".resource", ".npy has no " + resource.dataType() + " type");
                }
                OutputFolder.Result target = outputs.resolve(write.targetPath());
                if (target.refusal().isPresent()) {
                    throw input.problemAt(where + ".targetPath", "'" + write.targetPath() + "' "
                            + target.refusal().get());
                }
                long count = printableCount(resource);
                long fileBytes = NpyFile.fileSize(resource.dataType(), List.of(count));
                spending.output(where, Math.max(FILE_BLOCK_BYTES, fileBytes));
                steps.add(new Write(where, write.resource(), write.targetPath(), count));
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
                throw input.problemAt(where, "the run's dispatches would compute " + count(elements) + " output"
                        + " elements up to this command (every execution counted), more than the limit of "
                        + budget.maxElements() + " (raise it with --max-elements)");
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

    /** DML_BUFFER_BINDINGs for a dispatch, each checked against its tensor's TotalTensorSizeInBytes. */
    private static List<PlannedBinding> bind(ModelInput input, String where, DispatchCommand dispatch,
            OperatorDesc desc, ResourcePlan resources) {
        // Binding names that are not tensor fields never get here: the model reader refuses them with their line.
        List<PlannedBinding> bindings = new ArrayList<>();
        for (TensorField field : desc.tensorFields()) {
            BindingRef ref = dispatch.bindings().get(field.name());
            String bindingsPath = where + ".bindings";
            if (ref == null) {
                throw input.problemAt(bindingsPath, "no binding for "
                        + field.name() + " of dispatchable '" + OneLine.of(dispatch.dispatchable()) + "'");
            }
            String fieldPath = bindingsPath + "." + field.name();
            ResourcePlan.Planned resource = resources.get(ref.resource());
            long offset = byteOffset(input, fieldPath, resource, ref.elementOffset());
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
                    field.kind() == TensorKind.OUTPUT));
        }
        return List.copyOf(bindings);
    }

    /**
     * The byte offset of {@code elementOffset} (a UINT64) in the resource: within the buffer and on a byte boundary
     * (an odd offset into UINT4/INT4 data is not).
     */
    private static long byteOffset(ModelInput input, String where, ResourcePlan.Planned resource,
            long elementOffset) {
        long bits = resource.dataType().sizeInBits();
        long capacityElements = resource.capacityElements();
        if (Long.compareUnsigned(elementOffset, capacityElements) > 0) {
            throw input.problemAt(where, "elementOffset " + Long.toUnsignedString(elementOffset)
                    + " is past the end of resource '" + OneLine.of(resource.name()) + "' (" + capacityElements + " "
                    + resource.dataType().name() + " elements)");
        }
        if (elementOffset * bits % 8 != 0) {
            throw input.problemAt(where, "elementOffset " + elementOffset + " of " + resource.dataType().name()
                    + " data does not start on a byte");
        }
        return elementOffset * bits / 8;
    }

    /** The elements a dispatch writes: every output tensor's product of Sizes. */
    private static long outputElements(OperatorDesc desc) {
        long total = 0;
        for (TensorField field : desc.tensorFields()) {
            if (field.kind() == TensorKind.OUTPUT && field.desc() instanceof BufferTensorDesc output) {
                long count = 1;
                for (long size : output.sizes()) {
                    count = saturatingMultiply(count, size);
                }
                total = saturatingAdd(total, count);
            }
        }
        return total;
    }

    /** The initializer's element count, never past the buffer: what print and writeFile show. */
    private static long printableCount(ResourcePlan.Planned resource) {
        return Math.min(resource.initialElementCount(), resource.capacityElements());
    }

    private static long saturatingAdd(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long saturatingMultiply(long a, long b) {
        return a != 0 && b > Long.MAX_VALUE / a ? Long.MAX_VALUE : a * b;
    }
}
