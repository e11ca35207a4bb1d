package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveResample;
import dev.dmlemu.testkit.ResampleCases;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The nearest-neighbour resampling kernels against the kit's naive reference on seeded random cases
 * ({@link ResampleCases}): every data type, ranks 1 to 5, padded, transposed and broadcast inputs, strided outputs, tensors at odd offsets in larger arrays,
 * heap and direct buffers, one thread and four. The whole output arrays must match.
 */
class ResamplePropertiesTest {

    private static final int CASES = 300;

    static List<OperatorType> operators() {
        return ResampleCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void matchesTheNaiveReference(OperatorType operator) {
        ResampleCases cases = new ResampleCases(CaseOptions.defaults());
        Random seeds = new Random(operator.code() * 7919L);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            for (int n = 0; n < CASES; n++) {
                long seed = seeds.nextLong();
                MovementCase c = cases.generate(operator, seed);
                List<byte[]> expected = reference(c);
                List<byte[]> actual = MovementRun.outputs(n % 2 == 0 ? one : four, c, n % 3 == 0);
                assertEquals(expected.size(), actual.size());
                for (int o = 0; o < expected.size(); o++) {
                    int output = o;
                    assertArrayEquals(expected.get(o), actual.get(o), () -> "seed " + seed + ", output " + output
                            + ": " + c);
                }
            }
        }
    }

    static List<byte[]> reference(MovementCase c) {
        return switch (c.desc().operatorType()) {
            case UPSAMPLE_2D, RESAMPLE, RESAMPLE1, RESAMPLE2, RESAMPLE3 -> NaiveResample.run(c);
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
