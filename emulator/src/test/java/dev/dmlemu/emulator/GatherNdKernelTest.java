package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.floats;
import static dev.dmlemu.emulator.Kernels.floatsOf;
import static dev.dmlemu.emulator.Kernels.ints;
import static dev.dmlemu.emulator.Kernels.le;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * GATHER_ND and GATHER_ND1 through the emulator's public API (validated at 6_4, as a caller does), with outputs
 * worked out by hand (docs/directml-behaviour.md §11): both registrations, the policies' answers, the STRICT
 * refusal's details, and the batches only DirectML's policy answers.
 */
class GatherNdKernelTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    /** The docs' GATHER_ND1 example 2 (batch 1): 0 3 7 4 9 10, on one and on two threads. */
    @Test
    void gatherNd1RunsThroughTheEmulator() {
        GatherNd1OperatorDesc desc = new GatherNd1OperatorDesc(f32(1, 3, 2, 2), u32(1, 3, 2, 2), f32(1, 1, 3, 2), 3,
                3, 1);
        for (int threads : new int[] {1, 2}) {
            ByteBuffer output = run(desc, EmulatorOptions.defaults().withThreads(threads),
                    floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), ints(0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0), le(24));
            assertArrayEquals(new float[] {0, 3, 7, 4, 9, 10}, floatsOf(output));
        }
    }

    /** The docs' GATHER_ND example 1 at 2_1's only rank, 4: rows 1 and 0 of [[0, 1], [2, 3]]. */
    @Test
    void gatherNdRunsThroughTheEmulatorAt2_1() {
        GatherNdOperatorDesc desc = new GatherNdOperatorDesc(f32(1, 1, 2, 2), u32(1, 1, 2, 1), f32(1, 1, 2, 2), 2, 2);
        ValidatedOperator validated = VALIDATOR.validate(desc, FeatureLevel.LEVEL_2_1).validated();
        ByteBuffer output = le(16);
        try (Emulator emulator = new Emulator(); PreparedOperator prepared = emulator.prepare(validated)) {
            prepared.execute(Bindings.of(BufferBinding.of(floats(0, 1, 2, 3)), BufferBinding.of(ints(1, 0)),
                    BufferBinding.of(output)));
        }
        assertArrayEquals(new float[] {2, 3, 0, 1}, floatsOf(output));
    }

    /**
     * Input {3,3} = 1..9, tuples (0,1) (2,5) (-1,0) with INT32 indices: DIRECTML reads (2,5) at 6 + 5 = 11, clamped
     * to 8 (9); CLAMP_AXIS at (2,2) (9); STRICT refuses 5 at output coordinate (0, 1) along input dimension 1.
     */
    @Test
    void eachPolicyAnswersAnOutOfRangeTuple() {
        GatherNdOperatorDesc desc = new GatherNdOperatorDesc(f32(3, 3), i32(3, 2), f32(1, 3), 2, 2);
        ByteBuffer indices = ints(0, 1, 2, 5, -1, 0);
        assertArrayEquals(new float[] {2, 9, 7}, floatsOf(run(desc, EmulatorOptions.defaults(), oneTo9(), indices,
                le(12))));
        assertArrayEquals(new float[] {2, 9, 7}, floatsOf(run(desc, EmulatorOptions.defaults()
                .withIndexPolicy(IndexPolicy.CLAMP_AXIS), oneTo9(), indices, le(12))));
        ByteBuffer untouched = floats(-1, -1, -1);
        IndexOutOfRangeException refusal = assertThrows(IndexOutOfRangeException.class, () -> run(desc,
                EmulatorOptions.defaults().withIndexPolicy(IndexPolicy.STRICT), oneTo9(), indices, untouched));
        assertEquals(List.of(0L, 1L), refusal.outputCoordinate());
        assertEquals("5", refusal.indexValue());
        assertEquals(3, refusal.axisSize());
        assertTrue(refusal.getMessage().contains("InputTensor axis 1 of size 3"), refusal.getMessage());
        assertArrayEquals(new float[] {-1, -1, -1}, floatsOf(untouched));
    }

    /** Where the policies differ: (0,4) reads element 4, the next row's 5 (DIRECTML), or (0,2), 3 (CLAMP_AXIS). */
    @Test
    void directMlWalksOnWhereClampAxisStaysInTheRow() {
        GatherNdOperatorDesc desc = new GatherNdOperatorDesc(f32(3, 3), i32(1, 2), f32(1, 1), 2, 2);
        assertArrayEquals(new float[] {5}, floatsOf(run(desc, EmulatorOptions.defaults(), oneTo9(), ints(0, 4),
                le(4))));
        assertArrayEquals(new float[] {3}, floatsOf(run(desc, EmulatorOptions.defaults()
                .withIndexPolicy(IndexPolicy.CLAMP_AXIS), oneTo9(), ints(0, 4), le(4))));
    }

    /**
     * nd1_batch_idx_bigger (§11.4): batches past the input's read on through its buffer under DIRECTML; STRICT and
     * CLAMP_AXIS have no answer and refuse the desc when it is prepared.
     */
    @Test
    void batchesPastTheInputAreOnlyAnsweredByDirectMl() {
        GatherNd1OperatorDesc desc = new GatherNd1OperatorDesc(f32(1, 3, 2, 2), u32(1, 5, 2, 2), f32(1, 1, 5, 2), 3,
                3, 1);
        ByteBuffer indices = ints(0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1);
        assertArrayEquals(new float[] {0, 3, 4, 7, 8, 11, 11, 11, 11, 11}, floatsOf(run(desc,
                EmulatorOptions.defaults(), floats(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), indices, le(40))));
        for (IndexPolicy policy : List.of(IndexPolicy.STRICT, IndexPolicy.CLAMP_AXIS)) {
            OperatorExecutionException refused = assertThrows(OperatorExecutionException.class,
                    () -> new Emulator(EmulatorOptions.defaults().withIndexPolicy(policy)).prepare(validated(desc)));
            assertTrue(refused.getMessage().contains("only the directml index policy models"),
                    refused.getMessage());
        }
    }

    /** A bad binding is refused before anything is written, as for every operator (BindingRule). */
    @Test
    void refusesABindingSmallerThanItsTensor() {
        GatherNdOperatorDesc desc = new GatherNdOperatorDesc(f32(3, 3), i32(1, 2), f32(1, 1), 2, 2);
        assertThrows(OperatorExecutionException.class, () -> run(desc, EmulatorOptions.defaults(), floats(1, 2, 3),
                ints(0, 0), le(4)));
    }

    private static ByteBuffer oneTo9() {
        return floats(1, 2, 3, 4, 5, 6, 7, 8, 9);
    }

    private static ValidatedOperator validated(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).validated();
    }

    private static ByteBuffer run(OperatorDesc desc, EmulatorOptions options, ByteBuffer input, ByteBuffer indices,
            ByteBuffer output) {
        try (Emulator emulator = new Emulator(options); PreparedOperator prepared = emulator.prepare(validated(desc))) {
            prepared.execute(Bindings.of(BufferBinding.of(input), BufferBinding.of(indices), BufferBinding.of(output)));
        }
        return output;
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
