package dev.dmlemu.emulator.movement;


import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveResample;
import dev.dmlemu.testkit.ResampleCases;
import java.util.List;
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
        MovementRun.matchReference(operator, CASES, (n, seed) -> cases.generate(operator, seed),
                ResamplePropertiesTest::reference);
    }

    static List<byte[]> reference(MovementCase c) {
        return switch (c.desc().operatorType()) {
            case UPSAMPLE_2D, RESAMPLE, RESAMPLE1, RESAMPLE2, RESAMPLE3 -> NaiveResample.run(c);
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
