package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
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
        boolean scan = operator == OperatorType.CUMULATIVE_SUMMATION || operator == OperatorType.CUMULATIVE_PRODUCT;
        CaseOptions options = scan ? OPTIONS.withDataTypes(SCAN_DEVICE_TYPES) : OPTIONS;
        agree("MovementParityTest", operator, CASES_PER_OPERATOR, new MovementCases(options)::generate,
                MovementParityTest::reference);
    }

    /** A seeded case of an operator, from one of the kit's generators. */
    interface Generator {
        MovementCase generate(OperatorType operator, long seed);
    }

    /** The kit's naive reference for a case: its output arrays. */
    interface Reference {
        List<byte[]> outputs(MovementCase c);
    }

    /**
     * The driver the movement and selection parity tests share: {@code cases} seeded cases, each run
     * twice on the DLL, then the emulator's and the reference's logical output elements compared with the DLL's; prints
     * the docs table's row ({@code test} names the printing test).
     */
    static void agree(String test, OperatorType operator, int cases, Generator generator, Reference reference)
            throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip(test + " (" + operator.name() + ")");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        Random seeds = new Random(SEED ^ operator.code());
        int identical = 0;
        int nonDeterministic = 0;
        try (Emulator emulator = new Emulator()) {
            for (int n = 0; n < cases; n++) {
                long seed = seeds.nextLong();
                MovementCase c = generator.generate(operator, seed);
                List<byte[]> arrays = c.all().stream().map(TensorBytes::bytes).toList();
                List<byte[]> first;
                List<byte[]> second;
                try {
                    first = real.executeArrays(c.desc(), arrays);
                    second = real.executeArrays(c.desc(), arrays);
                } catch (java.io.IOException e) {
                    throw new AssertionError("seed " + seed + ": " + e.getMessage() + "\n" + c, e);
                }
                List<BufferTensorDesc> outputs = c.desc().tensorFields().stream()
                        .filter(f -> f.kind() == TensorKind.OUTPUT).map(TensorField::desc)
                        .map(BufferTensorDesc.class::cast).toList();
                if (!sameLogical(outputs, first, second)) {
                    nonDeterministic++;
                    continue;
                }
                List<byte[]> emulated = EmulatorOnCase.outputs(emulator, validator, c);
                List<byte[]> naive = reference.outputs(c);
                for (int o = 0; o < outputs.size(); o++) {
                    byte[] dll = LogicalElements.of(outputs.get(o), first.get(o), 0);
                    int output = o;
                    assertArrayEquals(dll, LogicalElements.of(outputs.get(o), emulated.get(o), 0),
                            () -> "seed " + seed + " output " + output + ", the emulator differs from the DLL "
                                    + HexFormat.of().formatHex(dll) + "\n" + c);
                    assertArrayEquals(dll, LogicalElements.of(outputs.get(o), naive.get(o), 0),
                            () -> "seed " + seed + " output " + output + ", the naive reference differs\n" + c);
                }
                identical++;
            }
        }
        System.out.println(test + ": | " + operator.name() + " | " + cases + " | "
                + identical + " | " + nonDeterministic + " |");
        assertEquals(cases, identical + nonDeterministic);
        assertEquals(0, nonDeterministic, "data movement and selection are expected to be deterministic");
    }

    private static boolean sameLogical(List<BufferTensorDesc> outputs, List<byte[]> a, List<byte[]> b) {
        for (int o = 0; o < outputs.size(); o++) {
            if (!java.util.Arrays.equals(LogicalElements.of(outputs.get(o), a.get(o), 0),
                    LogicalElements.of(outputs.get(o), b.get(o), 0))) {
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
