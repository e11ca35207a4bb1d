package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.testkit.NaiveGatherElements;
import dev.dmlemu.testkit.OutOfRangeModel;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An input axis of 2^31 + 5 elements, which fits in a buffer only as a broadcast (stride 0): no fast loop takes it
 * (their bounds are ints), so every index goes through the rule ({@code GatherLoops.wideAxisRow}), in row-major order
 * and in the tiled order, under every policy, against the test kit's naive reference.
 */
class WideAxisTest {

    private static final long AXIS = (1L << 31) + 5;
    private static final long[] INDEX_VALUES = {0, 5, Integer.MAX_VALUE, Integer.MAX_VALUE - 1, -1, -2,
        Integer.MIN_VALUE, 3, 1, 2, AXIS - 1, AXIS + 3};

    @Test
    void anAxisBeyondAnIntGoesThroughTheRuleInEveryOrder() {
        for (TensorDataType indexType : new TensorDataType[] {TensorDataType.INT32, TensorDataType.INT64,
            TensorDataType.UINT32, TensorDataType.UINT64}) {
            BufferTensorDesc indices = BufferTensorDesc.packed(indexType, 3, 4);
            byte[] indexBytes = indexBytes(indexType);
            // The axis outermost (the tiled order when tiles are forced), then innermost (row-major order).
            check(BufferTensorDesc.strided(TensorDataType.INT32, List.of(AXIS, 4L), List.of(0L, 1L)), indices, 0,
                    indexBytes);
            check(BufferTensorDesc.strided(TensorDataType.INT32, List.of(3L, AXIS), List.of(1L, 0L)), indices, 1,
                    indexBytes);
        }
    }

    private static void check(BufferTensorDesc input, BufferTensorDesc indices, long axis, byte[] indexBytes) {
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.INT32, 3, 4);
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(input, indices, output, axis);
        byte[] inputBytes = new byte[(int) input.totalTensorSizeInBytes()];
        for (int i = 0; i < inputBytes.length; i++) {
            inputBytes[i] = (byte) (i + 1);
        }
        for (IndexPolicy policy : IndexPolicy.values()) {
            if (policy == IndexPolicy.STRICT) {
                continue; // the values include out-of-range ones: STRICT refuses them (EmulatorTest covers that)
            }
            byte[] initial = new byte[(int) output.totalTensorSizeInBytes()];
            NaiveGatherElements.Outcome expected = NaiveGatherElements.run(desc, model(policy),
                    TensorBytes.of(inputBytes), TensorBytes.of(indexBytes), TensorBytes.of(initial));
            for (long tile : new long[] {0, 2}) {
                GatherExecution execution = Kernels.prepare(desc, Kernels.semanticsOf(indices.dataType()),
                        policy, Parallelism.ONE_THREAD, KernelTuning.DEFAULT.withForcedTile(tile));
                assertFalse(execution.rowsBulk() || execution.tilesBulk(), "no copying order takes a wide axis");
                ByteBuffer out = ByteBuffer.allocate(initial.length).order(ByteOrder.LITTLE_ENDIAN);
                execution.execute(Bindings.of(BufferBinding.of(le(inputBytes)), BufferBinding.of(le(indexBytes)),
                        BufferBinding.of(out)));
                String label = indices.dataType() + ", axis " + axis + ", " + policy + ", tile " + tile;
                assertEquals(java.util.Optional.empty(), expected.refusal(), label);
                assertArrayEquals(expected.output(), out.array(), label);
            }
        }
    }

    private static OutOfRangeModel model(IndexPolicy policy) {
        return switch (policy) {
            case DIRECTML -> OutOfRangeModel.DIRECTML;
            case STRICT -> OutOfRangeModel.STRICT;
            case CLAMP_AXIS -> OutOfRangeModel.CLAMP_AXIS;
        };
    }

    private static byte[] indexBytes(TensorDataType type) {
        ByteBuffer bytes = ByteBuffer.allocate(INDEX_VALUES.length * type.sizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : INDEX_VALUES) {
            if (type.sizeInBytes() == 4) {
                bytes.putInt((int) v);
            } else {
                bytes.putLong(v);
            }
        }
        return bytes.array();
    }

    private static ByteBuffer le(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }
}
