package dev.dmlemu.cli;

import dev.dmlemu.desc.DispatchWork;
import dev.dmlemu.lowering.FrameworkTensor;
import dev.dmlemu.lowering.LoweredBuffers;
import java.util.Collection;
import java.util.Optional;

/**
 * What {@code dmlemu onnx} may spend, checked after lowering and before anything runs or prints, with the budgets and
 * the heap checks of {@code run}: the output buffers against {@code --max-resource-bytes} and the heap, the dispatch's
 * work ({@link DispatchWork}) against {@code --max-elements}, and the text against {@code --max-output-bytes}. A node
 * that would go over is refused with exit code 2 naming the size and the flag, never left to fail while running.
 *
 * @param maxResourceBytes the inputs and the output buffers together
 * @param maxElements tensor elements the dispatch reads and writes
 * @param maxOutputBytes text on stdout (and the {@code --out} file)
 */
record OnnxBudget(long maxResourceBytes, long maxElements, long maxOutputBytes) {

    /**
     * Working memory per inline value while {@code --print-desc --inline-values} builds the model file: the value as
     * a decimal scalar and its list entry, about 150 bytes in a 64-bit JVM, and its text.
     */
    static final long INLINE_BYTES_PER_VALUE = 192;

    /** What one printed value takes while the text is built: its characters, the builder's growth and the copy. */
    static final long TEXT_BYTES_PER_VALUE = 3 * RunPlan.PRINT_BYTES_PER_VALUE;

    OnnxBudget {
        if (maxResourceBytes < 0 || maxElements < 0 || maxOutputBytes < 0) {
            throw CliFailure.unusableInput("--max-resource-bytes, --max-elements and --max-output-bytes must be 0 or"
                    + " more");
        }
    }

    /** A run of the node: its output buffers, its work and its printed (or --json) values. */
    void checkRun(LoweredBuffers lowered, Collection<NpyInput> inputs, long outputElements, long outFileBytes) {
        long execution = lowered.executionBytes();
        long resources = DispatchWork.saturatingAdd(inputBytes(inputs), execution);
        if (resources > maxResourceBytes) {
            throw CliFailure.unusableInput("the inputs and the output need " + resources + " bytes, more than the"
                    + " limit of " + maxResourceBytes + " bytes (raise it with --max-resource-bytes)");
        }
        long outputBuffer = lowered.lowered().note(FrameworkTensor.OUTPUT).bindingSizeInBytes();
        if (outputBuffer > LoweredBuffers.MAX_BUFFER_BYTES) {
            throw CliFailure.unusableInput("the output needs a buffer of " + outputBuffer + " bytes, more than the"
                    + " 2 GiB one buffer can hold");
        }
        heap("the output needs " + execution + " bytes", execution);
        long work = DispatchWork.elements(lowered.lowered().desc());
        if (work > maxElements) {
            throw CliFailure.unusableInput("the dispatch would read and write " + count(work) + " tensor elements"
                    + " (every tensor: input, indices, updates, output), more than the limit of " + maxElements
                    + " (raise it with --max-elements)");
        }
        long text = DispatchWork.saturatingMultiply(outputElements, RunPlan.PRINT_BYTES_PER_VALUE);
        output("its " + outputElements + " output values", DispatchWork.saturatingAdd(text, outFileBytes));
        heap("printing its " + outputElements + " output values needs "
                + count(DispatchWork.saturatingMultiply(outputElements, TEXT_BYTES_PER_VALUE)) + " bytes",
                DispatchWork.saturatingMultiply(outputElements, TEXT_BYTES_PER_VALUE));
    }

    /** {@code --print-desc}: with {@code --inline-values}, every input element is written into the model file. */
    void checkPrintDesc(Collection<NpyInput> inputs, boolean inline) {
        if (!inline) {
            return;
        }
        long values = 0;
        for (NpyInput input : inputs) {
            values = DispatchWork.saturatingAdd(values, input.elementCount());
        }
        output("the model file with " + values + " inline values",
                DispatchWork.saturatingMultiply(values, RunPlan.PRINT_BYTES_PER_VALUE));
        long working = DispatchWork.saturatingMultiply(values, INLINE_BYTES_PER_VALUE);
        heap("writing " + values + " inline values needs " + count(working) + " bytes", working);
    }

    private void output(String what, long bytes) {
        if (bytes > maxOutputBytes) {
            throw CliFailure.unusableInput(what + " would write about " + count(bytes) + " bytes, more than the"
                    + " limit of " + maxOutputBytes + " (raise it with --max-output-bytes)");
        }
    }

    private static void heap(String what, long bytes) {
        Optional<String> refusal = HeapBudget.refusal(bytes);
        if (refusal.isPresent()) {
            throw CliFailure.unusableInput(what + ", " + refusal.get());
        }
    }

    private static long inputBytes(Collection<NpyInput> inputs) {
        long total = 0;
        for (NpyInput input : inputs) {
            total = DispatchWork.saturatingAdd(total, input.bytes().remaining());
        }
        return total;
    }

    private static String count(long value) {
        return value == Long.MAX_VALUE ? "more than 2^63" : Long.toString(value);
    }
}
