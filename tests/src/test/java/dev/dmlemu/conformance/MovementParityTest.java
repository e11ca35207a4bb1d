package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.CaseOptions.ElementValues;
import dev.dmlemu.testkit.CaseOptions.Placement;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.MovementCases;
import dev.dmlemu.testkit.NaiveCumulative;
import dev.dmlemu.testkit.NaiveDepthSpace;
import dev.dmlemu.testkit.NaiveFillValueConstant;
import dev.dmlemu.testkit.NaiveFillValueSequence;
import dev.dmlemu.testkit.NaiveJoin;
import dev.dmlemu.testkit.NaivePadding;
import dev.dmlemu.testkit.NaiveSlice;
import dev.dmlemu.testkit.NaiveSliceGrad;
import dev.dmlemu.testkit.NaiveTile;
import dev.dmlemu.testkit.NaiveValueScale2d;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The data-movement operators against the real DirectML.dll, bit for bit, on the kit's seeded random valid cases
 * ({@link MovementCases}): every data type the device supports, ranks 1-8, padded, transposed and broadcast inputs,
 * strided outputs, padded totals, any bits (NaN payloads, infinities, subnormals); the cumulative operators on the
 * 32-bit types the device compiles them for. {@link MovementParity} runs each case; prints the row of
 * docs/directml-behaviour.md §16's table.
 */
class MovementParityTest {

    private static final int CASES_PER_OPERATOR = 120;
    static final long SEED = 0x4D0E_3E17L;

    static final CaseOptions OPTIONS = CaseOptions.defaults().withDataTypes(DllOutputs.DEVICE_DATA_TYPES)
            .with(ElementValues.ANY_BITS).with(Placement.EXACT);

    /**
     * The device fails CompileOperator on the cumulative operators with 64-bit integers
     * ({@link SequenceAndScanArithmeticMeasuredTest#sixtyFourBitCumulativeOperatorsDoNotCompileOnTheDevice}).
     */
    private static final List<TensorDataType> SCAN_DEVICE_TYPES = List.of(TensorDataType.FLOAT32,
            TensorDataType.INT32, TensorDataType.UINT32);

    static List<OperatorType> operators() {
        return MovementCases.OPERATORS;
    }

    @ParameterizedTest
    @MethodSource("operators")
    void theEmulatorAndTheNaiveReferenceMatchTheRealDirectMlBitForBit(OperatorType operator) throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("MovementParityTest (" + operator.name() + ")");
        boolean scan = operator == OperatorType.CUMULATIVE_SUMMATION || operator == OperatorType.CUMULATIVE_PRODUCT;
        MovementCases generator = new MovementCases(scan ? OPTIONS.withDataTypes(SCAN_DEVICE_TYPES) : OPTIONS);
        MovementParity.Tally tally = MovementParity.run(real, operator, CASES_PER_OPERATOR, 1, SEED,
                seed -> generator.generate(operator, seed), MovementParityTest::reference);
        System.out.println("MovementParityTest: " + tally.row());
        assertEquals(CASES_PER_OPERATOR, tally.identical() + tally.nonDeterministic());
        assertEquals(0, tally.nonDeterministic(), "data movement is expected to be deterministic");
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
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
