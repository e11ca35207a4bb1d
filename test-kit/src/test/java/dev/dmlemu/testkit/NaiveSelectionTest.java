package dev.dmlemu.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The selection references pinned to the real DLL's recorded outputs on the probe rows of docs/directml-behaviour.md
 * §16.7, each also worked out by hand from the rules there.
 */
class NaiveSelectionTest {

    private static final float NAN = Float.NaN;
    private static final TensorDataType F32 = TensorDataType.FLOAT32;
    private static final TensorDataType U32 = TensorDataType.UINT32;

    @Test
    void topKOrdersAsTheMergesLeaveIt() {
        // {5, 1, NaN, 9}: pairs {5, 1} and {9, NaN} (the NaN yields to 9), then 9 against 5: 9, NaN, 5, 1.
        BufferTensorDesc line = BufferTensorDesc.packed(F32, 2, 4);
        TopKOperatorDesc largest = new TopKOperatorDesc(line, line, BufferTensorDesc.packed(U32, 2, 4), 1, 4);
        List<byte[]> out = run(largest, floats(5, 1, NAN, 9, 1, 3, 3, 2), 32, 32);
        assertArrayEquals(floats(9, NAN, 5, 1, 3, 3, 2, 1), out.get(0));
        assertArrayEquals(words(3, 2, 0, 1, 1, 2, 3, 0), out.get(1));
        TopK1OperatorDesc smallest = new TopK1OperatorDesc(line, line, BufferTensorDesc.packed(U32, 2, 4), 1, 4,
                AxisDirection.INCREASING);
        assertArrayEquals(words(1, 0, 3, 2, 0, 3, 1, 2), run(smallest, floats(5, 1, NAN, 9, 1, 3, 3, 2), 32, 32)
                .get(1));
        // Seven elements: the last run of one waits a round.
        BufferTensorDesc seven = BufferTensorDesc.packed(F32, 7);
        TopKOperatorDesc three = new TopKOperatorDesc(seven, BufferTensorDesc.packed(F32, 3),
                BufferTensorDesc.packed(U32, 3), 0, 3);
        assertArrayEquals(words(6, 5, 0), run(three, floats(3, 1, NAN, 2, 0, NAN, 5), 12, 12).get(1));
    }

    @Test
    void argMinDecreasingTakesTheLastOfTiesAndALeadingNaNStays() {
        ArgminOperatorDesc desc = new ArgminOperatorDesc(BufferTensorDesc.packed(F32, 3, 4),
                BufferTensorDesc.packed(U32, 3, 1), 1, List.of(1L), AxisDirection.DECREASING);
        assertArrayEquals(words(3, 0, 2), run(desc, floats(2, -1, 3, -1, NAN, 1, 5, 2,
                Float.POSITIVE_INFINITY, NAN, Float.NEGATIVE_INFINITY, NAN), 12).get(0));
    }

    @Test
    void reduceMaxSkipsNaNsKeepsTheLastZeroAndGivesMinusInfinityForNaNsOnly() {
        ReduceOperatorDesc desc = new ReduceOperatorDesc(ReduceFunction.MAX, BufferTensorDesc.packed(F32, 3, 4),
                BufferTensorDesc.packed(F32, 3, 1), 1, List.of(1L));
        assertArrayEquals(floats(5, -0f, Float.NEGATIVE_INFINITY), run(desc, floats(NAN, 1, 5, 2, 0f, -0f, 0f, -0f,
                NAN, NAN, NAN, NAN), 12).get(0));
    }

    @Test
    void reduceTiesFollowTheRealDllsProbesOnTransposedPaddedAndBroadcastInputs() {
        for (ReduceTieProbes.Probe probe : ReduceTieProbes.MODELLED) {
            assertEquals(probe.expectedList(), probe.read(NaiveSelectReduce.run(probe.toCase()).get(0)),
                    probe::toString);
        }
    }

    private static List<byte[]> run(OperatorDesc desc, byte[] input, int... outputBytes) {
        List<TensorBytes> outputs = java.util.Arrays.stream(outputBytes).mapToObj(n -> TensorBytes.of(new byte[n]))
                .toList();
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(input)), outputs);
        return desc instanceof TopKOperatorDesc || desc instanceof TopK1OperatorDesc ? NaiveTopK.run(c)
                : NaiveSelectReduce.run(c);
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    private static byte[] words(int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }
}
