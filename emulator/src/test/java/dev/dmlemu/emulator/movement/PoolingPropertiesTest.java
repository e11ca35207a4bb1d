package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveFold;
import dev.dmlemu.testkit.MaxPoolingReductionProbes;
import dev.dmlemu.testkit.MaxPoolingTieProbes;
import dev.dmlemu.testkit.NaiveMaxPooling;
import dev.dmlemu.testkit.NaiveUnfold;
import dev.dmlemu.testkit.PoolingCases;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The max pooling, UNFOLD and FOLD kernels against the kit's naive reference on seeded random cases ({@link PoolingCases}): every data
 * type, padded, transposed and broadcast inputs, strided outputs and indices, tensors at odd offsets in larger arrays,
 * heap and direct buffers, one thread and four. The whole output arrays must match.
 */
class PoolingPropertiesTest {

    private static final int CASES = 300;

    static List<OperatorType> operators() {
        return PoolingCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void matchesTheNaiveReference(OperatorType operator) {
        PoolingCases cases = new PoolingCases(CaseOptions.defaults());
        MovementRun.matchReference(operator, CASES, (n, seed) -> cases.generate(operator, seed),
                PoolingPropertiesTest::reference);
    }

    @Test
    void equalElementsGiveTheValueTheRealDllChose() {
        // The DLL's answers to the tie probes (docs/directml-behaviour.md §16.9), heap and direct buffers: a window of
        // -0.0 and 0.0, which of them is written depends on the rank, the indices output, the layout and the window.
        try (Emulator emulator = new Emulator()) {
            for (MaxPoolingTieProbes.Probe probe : MaxPoolingTieProbes.MEASURED) {
                for (boolean direct : new boolean[] {false, true}) {
                    List<byte[]> r = MovementRun.outputs(emulator, probe.toCase(), direct);
                    for (int n = 0; n < probe.outputs(); n++) {
                        int element = n;
                        assertEquals(MaxPoolingTieProbes.expectedBits(probe, n),
                                MaxPoolingTieProbes.valueBits(probe, r.get(0), n), () -> probe + " output " + element);
                        if (probe.indices() != MaxPoolingTieProbes.Indices.NONE) {
                            assertEquals(2L * n, MaxPoolingTieProbes.index(probe, r.get(1), n), probe::toString);
                        }
                    }
                }
            }
        }
    }

    @Test
    void wholeInputWindowsWithoutIndicesReduceAsTheRealDllDid() {
        // The DLL's answers to the reduction probes (docs/directml-behaviour.md §16.9), heap and direct buffers, one
        // thread and four: spatial output sizes of 1 or the input's, NaN skipped, -infinity for nothing but NaN, the
        // zero at the higher address, and past 2,047 window elements the zero REDUCE MAX's tree keeps.
        for (int threads : new int[] {1, 4}) {
            try (Emulator emulator = new Emulator(EmulatorOptions.defaults().withThreads(threads))) {
                for (MaxPoolingReductionProbes.Probe probe : MaxPoolingReductionProbes.MODELLED) {
                    for (boolean direct : new boolean[] {false, true}) {
                        List<byte[]> r = MovementRun.outputs(emulator, probe.toCase(), direct);
                        assertEquals(probe.expectedList(), probe.read(r.get(0)), probe::toString);
                    }
                }
            }
        }
    }

    @Test
    void wholeInputWindowsWithoutIndicesRefuseOtherOutputSizesNamingTheDimension() {
        try (Emulator emulator = new Emulator()) {
            for (MaxPoolingReductionProbes.Probe probe : MaxPoolingReductionProbes.UNMODELLED) {
                ValidationResult validation = new FeatureLevelValidator().validate(probe.toCase().desc(),
                        FeatureLevel.LEVEL_6_4);
                assertTrue(validation.isValid(), validation::toString);
                OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                        () -> emulator.prepare(validation.validated()), probe::toString);
                assertTrue(e.getMessage().contains("OutputTensor's spatial dimension"), e.getMessage());
            }
        }
    }

    @Test
    void aLargePoolingSplitOverFourThreadsMatchesTheNaiveReference() {
        // 3x3 windows, stride 1, padding 1 over 1x16x64x64 FLOAT32 with indices: 65,536 output elements, past the
        // parallelism's threshold, so the rows go to the pool in chunks.
        Random r = new Random(26);
        long[] sizes = {1, 16, 64, 64};
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
        MaxPooling1OperatorDesc desc = MaxPooling1OperatorDesc.builder().inputTensor(input).outputTensor(output)
                .outputIndicesTensor(indices).dimensionCount(2).strides(List.of(1L, 1L)).windowSize(List.of(3L, 3L))
                .startPadding(List.of(1L, 1L)).endPadding(List.of(1L, 1L)).build();
        byte[] in = new byte[(int) input.totalTensorSizeInBytes()];
        r.nextBytes(in);
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(in)), List.of(
                TensorBytes.of(new byte[(int) output.totalTensorSizeInBytes()]),
                TensorBytes.of(new byte[(int) indices.totalTensorSizeInBytes()])));
        try (Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            List<byte[]> expected = reference(c);
            List<byte[]> actual = MovementRun.outputs(four, c, true);
            for (int o = 0; o < 2; o++) {
                assertArrayEquals(expected.get(o), actual.get(o), "output " + o);
            }
        }
    }

    @Test
    void aLargeFoldSplitOverFourThreadsMatchesTheNaiveReference() {
        // 3x3 windows, stride 1, padding 1 back into 1x4x32x32 FLOAT32: 4,096 output elements summing 36,864 inputs,
        // past the parallelism's threshold, so the elements go to the pool in chunks.
        Random r = new Random(27);
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 36, 1024);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 4, 32, 32);
        FoldOperatorDesc desc = new FoldOperatorDesc(input, output, 2, List.of(3L, 3L), List.of(1L, 1L),
                List.of(1L, 1L), List.of(1L, 1L), List.of(1L, 1L));
        ByteBuffer in = ByteBuffer.allocate((int) input.totalTensorSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            in.putFloat((float) (r.nextGaussian() * Math.pow(10, r.nextInt(9) - 4)));
        }
        MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(in.array())),
                List.of(TensorBytes.of(new byte[(int) output.totalTensorSizeInBytes()])));
        try (Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            assertArrayEquals(NaiveFold.run(c).get(0), MovementRun.outputs(four, c, true).get(0));
        }
    }

    @Test
    void foldRefusesADilationOfZeroNamingIt() {
        FoldOperatorDesc desc = new FoldOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 4), 1, List.of(3L), List.of(1L), List.of(0L),
                List.of(0L), List.of(0L));
        ValidationResult validation = new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4);
        assertTrue(validation.isValid(), validation::toString);
        try (Emulator emulator = new Emulator()) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class,
                    () -> emulator.prepare(validation.validated()));
            assertTrue(e.getMessage().contains("Dilations[0] is 0"), e.getMessage());
        }
    }

    static List<byte[]> reference(MovementCase c) {
        return switch (c.desc().operatorType()) {
            case MAX_POOLING, MAX_POOLING1, MAX_POOLING2 -> NaiveMaxPooling.run(c);
            case UNFOLD -> NaiveUnfold.run(c);
            case FOLD -> NaiveFold.run(c);
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
