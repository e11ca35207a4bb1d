package dev.dmlemu.emulator.movement;


import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveDiagonalMatrix;
import dev.dmlemu.testkit.NaiveMaxUnpooling;
import dev.dmlemu.testkit.NaiveNonzeroCoordinates;
import dev.dmlemu.testkit.NaiveOneHot;
import dev.dmlemu.testkit.NaiveReverseSubsequences;
import dev.dmlemu.testkit.PlacementCases;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The placement kernels (ONE_HOT, DIAGONAL_MATRIX(1), NONZERO_COORDINATES, REVERSE_SUBSEQUENCES, MAX_UNPOOLING)
 * against the kit's naive references on seeded random cases, as {@link MovementPropertiesTest} runs the movement
 * kernels: every data type, ranks 1-8, odd offsets in larger arrays, heap and direct buffers, one thread and four on
 * large shapes.
 */
class PlacementPropertiesTest {

    private static final int CASES = 300;
    private static final int LARGE_CASES = 12;

    static List<OperatorType> operators() {
        return PlacementCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void matchesTheNaiveReference(OperatorType operator) {
        PlacementCases small = new PlacementCases(CaseOptions.defaults());
        PlacementCases large = new PlacementCases(CaseOptions.defaults().withShapes(200_000, 60).withMaxRank(4));
        MovementRun.matchReference(operator, CASES + LARGE_CASES, (n, seed) -> (n < CASES ? small : large).generate(operator, seed),
                PlacementPropertiesTest::reference);
    }

    static List<byte[]> reference(MovementCase c) {
        return switch (c.desc().operatorType()) {
            case ONE_HOT -> NaiveOneHot.run(c);
            case DIAGONAL_MATRIX, DIAGONAL_MATRIX1 -> NaiveDiagonalMatrix.run(c);
            case NONZERO_COORDINATES -> NaiveNonzeroCoordinates.run(c);
            case REVERSE_SUBSEQUENCES -> NaiveReverseSubsequences.run(c);
            case MAX_UNPOOLING -> NaiveMaxUnpooling.run(c);
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
