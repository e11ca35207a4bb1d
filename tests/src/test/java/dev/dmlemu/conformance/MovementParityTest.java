package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
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
import dev.dmlemu.testkit.TensorBytes;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The data-movement operators against the real DirectML.dll, bit for bit, on the kit's seeded random valid cases
 * ({@link MovementCases}): every data type the device supports, ranks 1-8, padded, transposed and broadcast inputs,
 * strided outputs, padded totals, any bits (NaN payloads, infinities, subnormals); the cumulative operators on the
 * 32-bit types the device compiles them for. Each case runs twice on the DLL;
 * a case whose two runs differ counts as non-deterministic, and every other must match both the emulator and the
 * kit's naive reference in every logical output element. Prints the row of docs/directml-behaviour.md §16's table.
 */
class MovementParityTest {

    private static final int CASES_PER_OPERATOR = 120;
    private static final long SEED = 0x4D0E_3E17L;

    private static final CaseOptions OPTIONS = CaseOptions.defaults().withDataTypes(DllOutputs.DEVICE_DATA_TYPES)
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
        Tally tally = run(real, "MovementParityTest", operator, CASES_PER_OPERATOR, SEED,
                seed -> generator.generate(operator, seed), MovementParityTest::reference);
        assertEquals(0, tally.nonDeterministic(), "data movement is expected to be deterministic");
    }

    /** How many of an operator's cases were bit-identical, and how many differed between two runs on the DLL. */
    record Tally(int identical, int nonDeterministic) {}

    /**
     * Runs {@code cases} seeded cases of {@code operator} twice on the DLL and, where both runs agree, asserts that the
     * emulator and {@code reference} give the DLL's every logical output element (an output the desc leaves NULL is
     * not compared); prints the row of the operator's agreement table.
     */
    static Tally run(RealDirectMl real, String name, OperatorType operator, int cases, long seedBase,
            java.util.function.LongFunction<MovementCase> generator,
            java.util.function.Function<MovementCase, List<byte[]>> reference) {
        FeatureLevelValidator validator = new FeatureLevelValidator();
        Random seeds = new Random(seedBase ^ operator.code());
        int identical = 0;
        int nonDeterministic = 0;
        try (Emulator emulator = new Emulator()) {
            for (int n = 0; n < cases; n++) {
                long seed = seeds.nextLong();
                MovementCase c = generator.apply(seed);
                List<byte[]> arrays = c.all().stream().map(TensorBytes::bytes).toList();
                List<byte[]> first;
                List<byte[]> second;
                try {
                    first = real.executeArrays(c.desc(), arrays);
                    second = real.executeArrays(c.desc(), arrays);
                } catch (java.io.IOException e) {
                    throw new AssertionError("seed " + seed + ": " + e.getMessage() + "\n" + c, e);
                }
                List<TensorDesc> outputs = c.desc().tensorFields().stream()
                        .filter(f -> f.kind() == TensorKind.OUTPUT).map(TensorField::desc).toList();
                if (!sameLogical(outputs, first, second)) {
                    nonDeterministic++;
                    continue;
                }
                List<byte[]> emulated = EmulatorOnCase.outputs(emulator, validator, c);
                List<byte[]> naive = reference.apply(c);
                for (int o = 0; o < outputs.size(); o++) {
                    if (!(outputs.get(o) instanceof BufferTensorDesc output)) {
                        continue;
                    }
                    byte[] dll = LogicalElements.of(output, first.get(o), 0);
                    int index = o;
                    assertArrayEquals(dll, LogicalElements.of(output, emulated.get(o), 0),
                            () -> "seed " + seed + " output " + index + ", the emulator differs from the DLL "
                                    + HexFormat.of().formatHex(dll) + "\n" + c);
                    assertArrayEquals(dll, LogicalElements.of(output, naive.get(o), 0),
                            () -> "seed " + seed + " output " + index + ", the naive reference differs\n" + c);
                }
                identical++;
            }
        }
        System.out.println(name + ": | " + operator.name() + " | " + cases + " | " + identical + " | "
                + nonDeterministic + " |");
        assertEquals(cases, identical + nonDeterministic);
        return new Tally(identical, nonDeterministic);
    }

    private static boolean sameLogical(List<TensorDesc> outputs, List<byte[]> a, List<byte[]> b) {
        for (int o = 0; o < outputs.size(); o++) {
            if (outputs.get(o) instanceof BufferTensorDesc output && !java.util.Arrays.equals(
                    LogicalElements.of(output, a.get(o), 0), LogicalElements.of(output, b.get(o), 0))) {
                return false;
            }
        }
        return true;
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
            default -> throw new IllegalArgumentException(c.desc().operatorType().name());
        };
    }
}
