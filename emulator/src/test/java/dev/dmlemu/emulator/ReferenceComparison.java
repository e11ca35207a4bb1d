package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.testkit.GatherFamilyCase;
import dev.dmlemu.testkit.IndexRefusal;
import dev.dmlemu.testkit.OutOfRangeModel;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import java.util.Random;

/**
 * How the property tests hold an execution against a naive reference of the kit: the case's bytes are wrapped in
 * buffers of a style drawn from its seed, the execution runs, and the whole output buffer must match the reference's
 * byte for byte (covering the addressed elements and every byte the output strides do not address); under STRICT
 * both must refuse the same first coordinate and value, with the output untouched.
 */
final class ReferenceComparison {

    private ReferenceComparison() {}

    /** One case's bytes, as both the emulator and the reference see them. */
    record CaseBytes(String label, long seed, TensorBytes input, long inputTotal, TensorBytes indices,
            long indicesTotal, TensorBytes output, long outputTotal) {}

    /** What the reference computed: the whole output array and, under STRICT, where it refused and what. */
    record Expected(byte[] output, Optional<List<Long>> refusedAt, Optional<String> refusedValue) {}

    /** The kit's model of each policy (docs/directml-behaviour.md §7). */
    static OutOfRangeModel model(IndexPolicy policy) {
        return switch (policy) {
            case DIRECTML -> OutOfRangeModel.DIRECTML;
            case STRICT -> OutOfRangeModel.STRICT;
            case CLAMP_AXIS -> OutOfRangeModel.CLAMP_AXIS;
        };
    }

    /**
     * Runs a kit case and compares it with what the kit's reference gave for it: its output array and, under STRICT,
     * its refusal; with {@code reuse}, as {@link #check(CaseBytes, Expected, IndexPolicy, OperatorExecution, Bindings)}.
     *
     * @return the bindings executed
     */
    static Bindings check(GatherFamilyCase c, byte[] referenceOutput, Optional<? extends IndexRefusal> refusal,
            IndexPolicy policy, OperatorExecution execution, Bindings reuse) {
        Expected expected = new Expected(referenceOutput, refusal.map(IndexRefusal::coordinate),
                refusal.map(IndexRefusal::value));
        CaseBytes bytes = new CaseBytes(c.toString(), c.seed(), c.input(), c.inputTensor().totalTensorSizeInBytes(),
                c.indices(), c.indicesTensor().totalTensorSizeInBytes(), c.output(),
                c.outputTensor().totalTensorSizeInBytes());
        return check(bytes, expected, policy, execution, reuse);
    }

    /**
     * Runs the case and compares; with {@code reuse}, the case's bytes are written into the buffers of those
     * bindings (which must come from the same case shape) and they are executed again instead of fresh ones.
     *
     * @return the bindings executed
     */
    static Bindings check(CaseBytes c, Expected expected, IndexPolicy policy, OperatorExecution execution,
            Bindings reuse) {
        BufferStyle style = BufferStyle.of(c.seed());
        ByteBuffer output;
        Bindings bindings;
        if (reuse != null) {
            fill(reuse.get(0).buffer(), c.input().bytes());
            fill(reuse.get(1).buffer(), c.indices().bytes());
            output = reuse.get(2).buffer();
            fill(output, c.output().bytes());
            bindings = reuse;
        } else {
            output = style.buffer(c.output().bytes());
            bindings = Bindings.of(binding(c, style, c.input(), c.inputTotal()),
                    binding(c, style, c.indices(), c.indicesTotal()),
                    new BufferBinding(output, c.output().offset(), size(c, c.output(), c.outputTotal())));
        }
        IndexOutOfRangeException thrown = null;
        try {
            execution.execute(bindings);
        } catch (IndexOutOfRangeException e) {
            thrown = e;
        }
        if (expected.refusedAt().isEmpty()) {
            assertNull(thrown, () -> c.label() + " " + policy);
        } else {
            assertEquals(expected.refusedAt().get(), thrown == null ? null : thrown.outputCoordinate(), c::label);
            assertEquals(expected.refusedValue().orElseThrow(), thrown.indexValue(), c::label);
        }
        byte[] actual = new byte[c.output().bytes().length];
        output.duplicate().clear().get(actual);
        assertArrayEquals(expected.output(), actual,
                () -> c.label() + " " + policy + (reuse != null ? " (bindings reused)" : ""));
        return bindings;
    }

    private static BufferBinding binding(CaseBytes c, BufferStyle style, TensorBytes tensor, long total) {
        return new BufferBinding(style.buffer(tensor.bytes()), tensor.offset(), size(c, tensor, total));
    }

    /** Overwrites a buffer's bytes through a duplicate, leaving its position, limit and order as they were. */
    private static void fill(ByteBuffer buffer, byte[] bytes) {
        buffer.duplicate().clear().put(bytes);
    }

    /** Either exactly TotalTensorSizeInBytes or everything up to the end of the buffer. */
    private static long size(CaseBytes c, TensorBytes tensor, long total) {
        return (c.seed() & 1) == 0 ? total : tensor.bytes().length - tensor.offset();
    }

    /** Whether {@link #check} binds the case of {@code seed} to heap buffers (three cases in four). */
    static boolean heapBuffers(long seed) {
        return BufferStyle.of(seed).allocation() == BufferStyle.Allocation.HEAP;
    }

    /**
     * How a case's bytes are wrapped, drawn from its seed: heap or direct buffers (a quarter direct), views of
     * either byte order, positions and limits that must not matter.
     */
    private record BufferStyle(Allocation allocation, ByteOrder order) {

        enum Allocation { HEAP, DIRECT }

        static BufferStyle of(long seed) {
            Random r = new Random(~seed);
            return new BufferStyle(r.nextInt(4) == 0 ? Allocation.DIRECT : Allocation.HEAP,
                    r.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        }

        ByteBuffer buffer(byte[] bytes) {
            ByteBuffer b = allocation == Allocation.DIRECT ? ByteBuffer.allocateDirect(bytes.length)
                    : ByteBuffer.allocate(bytes.length);
            b.put(bytes).position(bytes.length / 3); // position, limit and order must not matter
            return b.order(order);
        }
    }
}
