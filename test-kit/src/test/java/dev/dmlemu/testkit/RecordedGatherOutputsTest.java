package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.Bytes.floatsOf;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A gather reference pinned to outputs recorded on the real DirectML.dll: a subclass lists its recorded probes in
 * static {@code inRange()} (every index in range), {@code directMl()} (what only DirectML's own handling answers) and
 * {@code outsideTheModel()} (descs the reference refuses), and says how its reference runs.
 */
abstract class RecordedGatherOutputsTest {

    /** One recorded case, copied by hand: the desc, the buffers as uploaded, and the printed output. */
    record Probe(String name, OperatorDesc desc, byte[] input, byte[] indices, float[] expected) {

        @Override
        public String toString() {
            return name;
        }
    }

    /** What a reference gives: the output bytes and the index it refused, if it refused one. */
    record Ran(byte[] output, Optional<?> refusal) {}

    /** The subclass's reference run on the given buffers. */
    abstract Ran reference(OperatorDesc desc, OutOfRangeModel model, TensorBytes input, TensorBytes indices,
            TensorBytes output);

    @ParameterizedTest
    @MethodSource({"inRange", "directMl"})
    void directMlGivesTheRecordedOutput(Probe p) {
        assertArrayEquals(p.expected(), floatsOf(run(p.desc(), OutOfRangeModel.DIRECTML, p.input(), p.indices()),
                p.expected().length));
    }

    @ParameterizedTest
    @MethodSource("inRange")
    void inRangeEveryModelGivesTheRecordedOutput(Probe p) {
        for (OutOfRangeModel model : List.of(OutOfRangeModel.STRICT, OutOfRangeModel.CLAMP_AXIS)) {
            assertArrayEquals(p.expected(), floatsOf(run(p.desc(), model, p.input(), p.indices()),
                    p.expected().length), model::name);
        }
    }

    @ParameterizedTest
    @MethodSource("outsideTheModel")
    void descsOutsideTheModelAreRefused(Probe p) {
        assertThrows(IllegalArgumentException.class, () -> reference(p.desc(), OutOfRangeModel.DIRECTML,
                TensorBytes.of(p.input()), TensorBytes.of(p.indices()), TensorBytes.of(new byte[64])));
    }

    /** The reference's output into a zeroed output of the desc's total, which it must give without a refusal. */
    byte[] run(OperatorDesc desc, OutOfRangeModel model, byte[] input, byte[] indices) {
        long total = ((BufferTensorDesc) desc.tensorFields().get(2).desc()).totalTensorSizeInBytes();
        Ran ran = reference(desc, model, TensorBytes.of(input), TensorBytes.of(indices),
                TensorBytes.of(new byte[(int) total]));
        assertEquals(Optional.empty(), ran.refusal());
        return ran.output();
    }

    static BufferTensorDesc in(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    static BufferTensorDesc out(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    static BufferTensorDesc strided(List<Long> sizes, List<Long> strides) {
        return BufferTensorDesc.strided(TensorDataType.FLOAT32, sizes, strides);
    }

    static BufferTensorDesc u32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
    }

    static BufferTensorDesc i32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.INT32, sizes);
    }

    static BufferTensorDesc i64(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.INT64, sizes);
    }

    static BufferTensorDesc u64(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT64, sizes);
    }
}
