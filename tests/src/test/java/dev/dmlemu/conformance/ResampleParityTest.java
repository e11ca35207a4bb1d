package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveResample;
import dev.dmlemu.testkit.ResampleCases;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * UPSAMPLE_2D and RESAMPLE to RESAMPLE3 in nearest-neighbour mode against the real DirectML.dll, bit for bit, on the
 * kit's seeded valid cases ({@link ResampleCases}): the device's FLOAT32, INT8 and UINT8, ranks 1 to 5, padded,
 * transposed and broadcast inputs, strided outputs, scales and pixel offsets that put source coordinates on ties,
 * below 0 and past the input, both rounding directions, any bits in the elements. The driver is
 * {@link MovementParity}; prints the rows of docs/directml-behaviour.md §16.9's table.
 */
class ResampleParityTest {

    private static final int CASES_PER_OPERATOR = 100;
    private static final long SEED = 0x2E5A_3B1EL;

    private static final CaseOptions OPTIONS = CaseOptions.defaults().withDataTypes(DllOutputs.DEVICE_DATA_TYPES)
            .with(ElementValues.ANY_BITS).with(Placement.EXACT);

    static List<OperatorType> operators() {
        return ResampleCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit(OperatorType operator) throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("ResampleParityTest (" + operator.name() + ")");
        ResampleCases generator = new ResampleCases(OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, operator, CASES_PER_OPERATOR, 1, SEED,
                seed -> generator.generate(operator, seed), ResampleParityTest::reference);
        System.out.println("ResampleParityTest: " + tally.row());
        assertEquals(CASES_PER_OPERATOR, tally.identical() + tally.nonDeterministic());
        assertEquals(0, tally.nonDeterministic(), "nearest-neighbour resampling is expected to be deterministic");
    }

    static List<byte[]> reference(MovementCase c) {
        return switch (c.desc().operatorType()) {
            case UPSAMPLE_2D, RESAMPLE, RESAMPLE1, RESAMPLE2, RESAMPLE3 -> NaiveResample.run(c);
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
