package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveFold;
import dev.dmlemu.testkit.NaiveMaxPooling;
import dev.dmlemu.testkit.NaiveUnfold;
import dev.dmlemu.testkit.PoolingCases;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Max pooling, UNFOLD and FOLD against the real DirectML.dll, bit for bit, on the kit's seeded valid cases ({@link PoolingCases}):
 * every data type the device has, 4-D and 5-D, padded, transposed and broadcast inputs, strided outputs and indices,
 * windows partly or wholly in the padding, outputs one off the window formula, NaN, infinities, ±0.0 and integer
 * extremes in tying windows. The driver is {@link MovementParity}; prints the rows of
 * docs/directml-behaviour.md §16.9's table.
 */
class PoolingParityTest {

    private static final int CASES_PER_OPERATOR = Integer.getInteger("dmlemu.pooling.cases", 100);
    private static final long SEED = 0x9001_5EEDL;

    private static final CaseOptions OPTIONS = CaseOptions.defaults().withDataTypes(DllOutputs.DEVICE_DATA_TYPES)
            .with(ElementValues.ANY_BITS).with(Placement.EXACT);

    static List<OperatorType> operators() {
        return PoolingCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit(OperatorType operator) throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PoolingParityTest (" + operator.name() + ")");
        // FLOAT64 UNFOLD and FOLD pass CreateOperator and fail CompileOperator on the device (DXGI_ERROR_UNSUPPORTED,
        // §16.9).
        boolean noFloat64 = operator == OperatorType.UNFOLD || operator == OperatorType.FOLD;
        PoolingCases generator = new PoolingCases(noFloat64 ? OPTIONS.withDataTypes(
                DllOutputs.DEVICE_DATA_TYPES.stream().filter(t -> t != TensorDataType.FLOAT64).toList()) : OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, operator, CASES_PER_OPERATOR, 1, SEED,
                seed -> generator.generate(operator, seed), PoolingParityTest::reference);
        System.out.println("PoolingParityTest: " + tally.row());
        assertEquals(CASES_PER_OPERATOR, tally.identical() + tally.nonDeterministic());
        assertEquals(0, tally.nonDeterministic(), "max pooling, UNFOLD and FOLD are expected to be deterministic");
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
