package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.MovementCases;
import dev.dmlemu.testkit.NaiveCumulative;
import dev.dmlemu.testkit.NaiveDepthSpace;
import dev.dmlemu.testkit.NaiveFillValueConstant;
import dev.dmlemu.testkit.NaiveFillValueSequence;
import dev.dmlemu.testkit.NaiveHardmax;
import dev.dmlemu.testkit.NaiveJoin;
import dev.dmlemu.testkit.NaivePadding;
import dev.dmlemu.testkit.NaiveSelectReduce;
import dev.dmlemu.testkit.NaiveSlice;
import dev.dmlemu.testkit.NaiveSliceGrad;
import dev.dmlemu.testkit.NaiveTile;
import dev.dmlemu.testkit.NaiveTopK;
import dev.dmlemu.testkit.NaiveValueScale2d;
import dev.dmlemu.testkit.SelectionCases;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every movement and selection kernel against the kit's naive reference on seeded random cases: every data type,
 * ranks 1-8, padded, transposed and broadcast inputs, strided outputs, tensors at odd offsets in larger arrays, heap
 * and direct buffers, one thread and four (with shapes large enough to split). The whole output arrays must match, so
 * bytes the output strides skip must be left alone.
 */
class MovementPropertiesTest {

    private static final int CASES = 300;
    private static final int LARGE_CASES = 12;

    static List<OperatorType> operators() {
        return java.util.stream.Stream.concat(MovementCases.OPERATORS.stream(), SelectionCases.OPERATORS.stream())
                .toList();
    }

    /** The kit's generator of the operator's cases: movement or selection. */
    static Generator generator(OperatorType operator, CaseOptions options) {
        return SelectionCases.OPERATORS.contains(operator) ? new SelectionCases(options)::generate
                : new MovementCases(options)::generate;
    }

    /** A seeded case of an operator. */
    interface Generator {
        MovementCase generate(OperatorType operator, long seed);
    }

    @ParameterizedTest
    @MethodSource("operators")
    void matchesTheNaiveReference(OperatorType operator) {
        Generator small = generator(operator, CaseOptions.defaults());
        Generator large = generator(operator, CaseOptions.defaults().withShapes(200_000, 60).withMaxRank(4));
        Random seeds = new Random(operator.code() * 7919L);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            for (int n = 0; n < CASES + LARGE_CASES; n++) {
                long seed = seeds.nextLong();
                MovementCase c = (n < CASES ? small : large).generate(operator, seed);
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
            case SLICE, SLICE1 -> NaiveSlice.run(c);
            case JOIN, SPLIT -> NaiveJoin.run(c);
            case FILL_VALUE_CONSTANT -> NaiveFillValueConstant.run(c);
            case FILL_VALUE_SEQUENCE -> NaiveFillValueSequence.run(c);
            case CUMULATIVE_SUMMATION, CUMULATIVE_PRODUCT -> NaiveCumulative.run(c);
            case PADDING, PADDING1 -> NaivePadding.run(c);
            case TILE -> NaiveTile.run(c);
            case SPACE_TO_DEPTH, SPACE_TO_DEPTH1, DEPTH_TO_SPACE, DEPTH_TO_SPACE1 -> NaiveDepthSpace.run(c);
            case SLICE_GRAD -> NaiveSliceGrad.run(c);
            case VALUE_SCALE_2D -> NaiveValueScale2d.run(c);
            case TOP_K, TOP_K1 -> NaiveTopK.run(c);
            case ARGMIN, ARGMAX, REDUCE -> NaiveSelectReduce.run(c);
            case ACTIVATION_HARDMAX, ACTIVATION_HARDMAX1 -> NaiveHardmax.run(c);
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
