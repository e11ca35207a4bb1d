package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.HarnessCase;
import dev.dmlemu.conformance.realdml.HarnessResult;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the parity tests of every operator check against the real DirectML.dll's executed outputs: that a case ran,
 * and that an output buffer holds, bit for bit, the logical elements the harness printed.
 */
final class DllOutputs {

    /** What the referee's device supports (docs/directml-behaviour.md §1.2). */
    static final List<TensorDataType> DEVICE_DATA_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64,
            TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT64, TensorDataType.UINT64);

    private DllOutputs() {}

    /** The DLL's result for case {@code name}, which must have run end to end; {@code caseText} is its harness text. */
    static HarnessResult executed(Map<String, HarnessResult> results, String name, Supplier<String> caseText) {
        HarnessResult result = results.get(name);
        assertTrue(result.executed(), () -> name + " did not run on the real DLL: create=" + result.createText()
                + "\n" + caseText.get());
        return result;
    }

    /**
     * The harness prints the output's logical elements; {@code output} is the whole output buffer, read through the
     * tensor's strides. {@code context} describes the case when they differ.
     */
    static void assertSameAsTheDll(String name, TensorDataType dataType, BufferTensorDesc outputTensor,
            HarnessResult result, byte[] output, Supplier<String> context) {
        ByteBuffer expected = HarnessCase.HarnessValues.parse(dataType, result.output().orElseThrow());
        assertEquals(hex(expected), hex(logicalOutput(outputTensor, dataType, output)), () -> name
                + " differs from the real DLL\n" + context.get() + "\nDLL printed: " + result.output().orElseThrow());
    }

    /** The output's logical elements in row-major order, read through the output strides. */
    private static ByteBuffer logicalOutput(BufferTensorDesc tensor, TensorDataType dataType, byte[] output) {
        List<Long> sizes = tensor.sizes();
        List<Long> strides = tensor.effectiveStrides();
        int es = dataType.sizeInBytes();
        long count = sizes.stream().reduce(1L, (a, b) -> a * b);
        ByteBuffer logical = ByteBuffer.allocate((int) count * es);
        for (long e = 0; e < count; e++) {
            long rest = e;
            long offset = 0;
            for (int d = sizes.size() - 1; d >= 0; d--) {
                offset += (rest % sizes.get(d)) * strides.get(d);
                rest /= sizes.get(d);
            }
            logical.put(output, (int) (offset * es), es);
        }
        return logical.flip();
    }

    private static String hex(ByteBuffer bytes) {
        byte[] array = new byte[bytes.remaining()];
        bytes.duplicate().get(array);
        return HexFormat.of().formatHex(array);
    }
}
