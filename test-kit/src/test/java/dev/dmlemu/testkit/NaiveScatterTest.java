package dev.dmlemu.testkit;

import static dev.dmlemu.testkit.Bytes.floats;
import static dev.dmlemu.testkit.Bytes.floatsOf;
import static dev.dmlemu.testkit.Bytes.ints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.NaiveScatter.Outcome;
import dev.dmlemu.testkit.NaiveScatter.Refusal;
import dev.dmlemu.testkit.RecordedScatterProbes.Probe;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The reference pinned to scatter outputs recorded on the real DirectML.dll 1.15.4 ({@link RecordedScatterProbes})
 * and to hand-computed values for the project's own policies (docs/directml-behaviour.md §7.3).
 */
class NaiveScatterTest {

    static Stream<Probe> recorded() {
        return RecordedScatterProbes.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recorded")
    void directMlModelGivesTheRecordedOutput(Probe probe) {
        Outcome outcome = NaiveScatter.run(probe.desc(), OutOfRangeModel.DIRECTML, TensorBytes.of(probe.input()),
                TensorBytes.of(probe.indices()), TensorBytes.of(probe.updates()),
                TensorBytes.of(probe.freshOutput()));
        assertArrayEquals(probe.expected(), outcome.output());
        assertEquals(Optional.empty(), outcome.refusal());
    }

    @Test
    void countsEveryWriteThatLandsOnAnEarlierOne() {
        // scatter_docs_ex1_1d: index 3 twice; s_dup_2d_axis0: rows 1 and 0 written three times each (4 overwrites).
        assertEquals(1, run("scatter_docs_ex1_1d").overwrites());
        assertEquals(4, run("s_dup_2d_axis0").overwrites());
        // snd_dup_slices: row 1 twice, two elements each.
        assertEquals(2, run("snd_dup_slices").overwrites());
        // Dropped writes are no writes: s_oob_outer_axis writes nothing.
        assertEquals(0, run("s_oob_outer_axis").overwrites());
    }

    @Test
    void strictRefusesTheFirstOutOfRangeIndexInUpdateOrderAndWritesNothing() {
        // {3,3} axis 1, indices {3,1} = 3 4 3: the first is at update (0, 0).
        ScatterElementsOperatorDesc desc = new ScatterElementsOperatorDesc(f32(3, 3), u32(3, 1), f32(3, 1),
                f32(3, 3), 1);
        byte[] output = floats(-1, -1, -1, -1, -1, -1, -1, -1, -1);
        Outcome outcome = NaiveScatter.run(desc, OutOfRangeModel.STRICT, TensorBytes.of(floats(1, 2, 3, 4, 5, 6,
                7, 8, 9)), TensorBytes.of(ints(1, 4, 3)), TensorBytes.of(floats(10, 20, 30)),
                TensorBytes.of(output));
        assertEquals(Optional.of(new Refusal(List.of(1L, 0L), "4")), outcome.refusal());
        assertArrayEquals(output, outcome.output());
    }

    @Test
    void strictWrapsNegativeSignedIndicesOnce() {
        ScatterElementsOperatorDesc desc = new ScatterElementsOperatorDesc(f32(2, 3), i32(2, 2), f32(2, 2),
                f32(2, 3), 1);
        Outcome outcome = NaiveScatter.run(desc, OutOfRangeModel.STRICT, TensorBytes.of(floats(1, 2, 3, 4, 5, 6)),
                TensorBytes.of(ints(-1, -3, -2, 0)), TensorBytes.of(floats(10, 20, 30, 40)),
                TensorBytes.of(new byte[24]));
        // As recorded (s_neg_i32): every index is in range.
        assertArrayEquals(new float[] {20, 2, 10, 40, 30, 6}, floatsOf(outcome.output(), 6));
    }

    @Test
    void clampAxisClampsEachTupleCoordinateIntoItsDimension() {
        // {3,3}, tuples (0, 7) -> (0, 2) and (5, -9) -> (2, 0) with INT32 (-9 wraps to -6, still below: 0).
        ScatterNdOperatorDesc desc = new ScatterNdOperatorDesc(f32(3, 3), i32(2, 2), f32(1, 2), f32(3, 3), 2, 2);
        Outcome outcome = NaiveScatter.run(desc, OutOfRangeModel.CLAMP_AXIS, TensorBytes.of(floats(1, 2, 3, 4, 5, 6,
                7, 8, 9)), TensorBytes.of(ints(0, 7, 5, -9)), TensorBytes.of(floats(10, 20)),
                TensorBytes.of(new byte[36]));
        assertArrayEquals(new float[] {1, 2, 10, 4, 5, 6, 20, 8, 9}, floatsOf(outcome.output(), 9));
    }

    @Test
    void refusesShapesOutsideTheRules() {
        ScatterNdOperatorDesc tupleTooLong = new ScatterNdOperatorDesc(f32(4), u32(1, 2), f32(1), f32(4), 1, 2);
        assertThrows(IllegalArgumentException.class, () -> NaiveScatter.run(tupleTooLong, OutOfRangeModel.DIRECTML,
                TensorBytes.of(new byte[16]), TensorBytes.of(new byte[8]), TensorBytes.of(new byte[4]),
                TensorBytes.of(new byte[16])));
    }

    private static Outcome run(String name) {
        Probe probe = RecordedScatterProbes.all().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow();
        return NaiveScatter.run(probe.desc(), OutOfRangeModel.DIRECTML, TensorBytes.of(probe.input()),
                TensorBytes.of(probe.indices()), TensorBytes.of(probe.updates()),
                TensorBytes.of(probe.freshOutput()));
    }

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc u32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
    }

    private static BufferTensorDesc i32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.INT32, sizes);
    }
}
