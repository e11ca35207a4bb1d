package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidatedOperator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseCases;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The element-wise engine's packed fast path ({@link PackedRows}) against the kit's naive reference: long packed and
 * broadcast rows holding NaN payloads, signaling NaNs, denormals, ties and integer extremes, whole pieces and a
 * partial last one, at one thread and at two (rows shared over the pool), and in place.
 */
class PackedRowsPropertiesTest {

    private static final List<ElementWiseOp> OPS = List.of(ElementWiseOp.ADD, ElementWiseOp.SUBTRACT,
            ElementWiseOp.MULTIPLY, ElementWiseOp.ADD1, ElementWiseOp.IDENTITY);
    private static final List<TensorDataType> TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT32,
            TensorDataType.UINT32);
    private static final List<TensorDataType> COPIED_TYPES = List.of(TensorDataType.INT8, TensorDataType.FLOAT16,
            TensorDataType.UINT64, TensorDataType.FLOAT64);
    private static final int CASES = 10;

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    @Test
    void matchesTheNaiveReferenceOnPackedRows() {
        List<String> differing = new ArrayList<>();
        int compared = 0;
        int fast = 0;
        try (Emulator one = new Emulator(EmulatorOptions.builder().threads(1).build());
                Emulator two = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (ElementWiseOp op : OPS) {
                List<TensorDataType> types = new ArrayList<>(TYPES);
                if (op == ElementWiseOp.IDENTITY) {
                    types.addAll(COPIED_TYPES);
                }
                Random random = new Random(31L * op.ordinal() + 7);
                for (TensorDataType type : types) {
                    for (int i = 0; i < CASES; i++) {
                        long seed = random.nextLong();
                        boolean big = i < 2;
                        long rows = big ? 17 : 1 + random.nextInt(4);
                        // Above the pool's threshold when big; otherwise a partial last piece of 1,024 mostly.
                        long rowLength = big ? 2000 : PackedRows.MIN_ROW + random.nextInt(2600);
                        ElementWiseCase c = ElementWiseCases.generatePacked(op, type, seed, rows, rowLength);
                        ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
                        if (!result.isValid() && type != TensorDataType.FLOAT32) {
                            break; // the type is not in the operator's table (ADD1 takes floats only)
                        }
                        ValidatedOperator validated = validate(c);
                        compared++;
                        fast += takesTheFastPath(validated, c) ? 1 : 0;
                        byte[] expected = NaiveElementWise.run(c);
                        for (Emulator emulator : List.of(one, two)) {
                            if (!Arrays.equals(expected, run(emulator, validated, c))) {
                                differing.add(op + " " + type + " seed " + seed + " " + rows + "x" + rowLength);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(differing.isEmpty(), () -> differing.size() + " cases differ from the naive reference:\n"
                + String.join("\n", differing.subList(0, Math.min(20, differing.size()))));
        // ADD1 with a fused activation and IDENTITY with a ScaleBias on a non-FLOAT32 float type stay exact-only.
        assertTrue(compared >= (OPS.size() * TYPES.size() - 2) * CASES, "compared " + compared);
        assertTrue(fast >= compared * 3 / 4, "fast path taken " + fast + " times in " + compared);
    }

    /**
     * The stand-alone activations' fast lanes (FLOAT32, and INT32 where the operator takes integers; SHRINK's UINT32
     * stays on the exact body) against the naive reference, every type of their tables among FLOAT32, INT32 and
     * UINT32.
     */
    @Test
    void activationsMatchTheNaiveReferenceOnPackedRows() {
        List<ElementWiseOp> activations = List.of(ElementWiseOp.ACTIVATION_RELU, ElementWiseOp.ACTIVATION_LEAKY_RELU,
                ElementWiseOp.ACTIVATION_LINEAR, ElementWiseOp.ACTIVATION_THRESHOLDED_RELU,
                ElementWiseOp.ACTIVATION_SHRINK, ElementWiseOp.ACTIVATION_HARD_SIGMOID,
                ElementWiseOp.ACTIVATION_PARAMETERIZED_RELU, ElementWiseOp.ACTIVATION_RELU_GRAD);
        int compared = 0;
        int fast = 0;
        try (Emulator one = new Emulator(EmulatorOptions.builder().threads(1).build());
                Emulator two = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (ElementWiseOp op : activations) {
                Random random = new Random(31L * op.ordinal() + 7);
                for (TensorDataType type : TYPES) {
                    for (int i = 0; i < CASES; i++) {
                        long rows = i < 2 ? 17 : 1 + random.nextInt(4);
                        long rowLength = i < 2 ? 2000 : PackedRows.MIN_ROW + random.nextInt(2600);
                        ElementWiseCase c = ElementWiseCases.generatePacked(op, type, random.nextLong(), rows,
                                rowLength);
                        if (!validator.validate(c.desc(), FeatureLevel.LEVEL_6_4).isValid()) {
                            break; // the type is not in the operator's table
                        }
                        ValidatedOperator validated = validate(c);
                        compared++;
                        fast += takesTheFastPath(validated, c) ? 1 : 0;
                        byte[] expected = NaiveElementWise.run(c);
                        assertArrayEquals(expected, run(one, validated, c), op + " " + type + ", one thread");
                        assertArrayEquals(expected, run(two, validated, c), op + " " + type + ", two threads");
                    }
                }
            }
        }
        // FLOAT32 for all eight; INT32 for RELU, SHRINK, PARAMETERIZED_RELU and RELU_GRAD; UINT32 for SHRINK.
        assertEquals(13 * CASES, compared, "compared");
        assertEquals(12 * CASES, fast, "fast path");
    }

    @Test
    void castFromFloat32ToInt32MatchesTheNaiveReference() {
        Random random = new Random(26);
        try (Emulator one = new Emulator(EmulatorOptions.builder().threads(1).build());
                Emulator two = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (int i = 0; i < CASES; i++) {
                long rows = i < 2 ? 17 : 1 + random.nextInt(4);
                long rowLength = i < 2 ? 2000 : PackedRows.MIN_ROW + random.nextInt(2600);
                ElementWiseCase c = ElementWiseCases.castPacked(TensorDataType.FLOAT32, TensorDataType.INT32,
                        random.nextLong(), rows, rowLength);
                ValidatedOperator validated = validate(c);
                assertTrue(takesTheFastPath(validated, c), "fast path");
                byte[] expected = NaiveElementWise.run(c);
                assertArrayEquals(expected, run(one, validated, c), "one thread, " + rows + "x" + rowLength);
                assertArrayEquals(expected, run(two, validated, c), "two threads, " + rows + "x" + rowLength);
            }
        }
    }

    /**
     * Inputs all below 2^23 in magnitude, fractions, ties and denormals among them, which JDK 17 truncates with
     * {@link SmallTruncation}; the cases above hold larger values in most pieces, which take Java's {@code (int)}.
     */
    @Test
    void castOfValuesBelowTwoTo23MatchesTheNaiveReference() {
        Random random = new Random(23);
        try (Emulator one = new Emulator(EmulatorOptions.builder().threads(1).build());
                Emulator two = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (int i = 0; i < CASES; i++) {
                long rows = i < 2 ? 17 : 1 + random.nextInt(4);
                long rowLength = i < 2 ? 2000 : PackedRows.MIN_ROW + random.nextInt(2600);
                ElementWiseCase c = ElementWiseCases.castPackedBelowTwoTo23(random.nextLong(), rows, rowLength);
                ValidatedOperator validated = validate(c);
                assertTrue(takesTheFastPath(validated, c), "fast path");
                byte[] expected = NaiveElementWise.run(c);
                assertArrayEquals(expected, run(one, validated, c), "one thread, " + rows + "x" + rowLength);
                assertArrayEquals(expected, run(two, validated, c), "two threads, " + rows + "x" + rowLength);
            }
        }
    }

    @Test
    void inPlaceOverTheFirstInputMatchesTheNaiveReference() {
        try (Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build())) {
            for (ElementWiseOp op : List.of(ElementWiseOp.ADD, ElementWiseOp.MULTIPLY)) {
                for (TensorDataType type : TYPES) {
                    ElementWiseCase c = ElementWiseCases.generatePacked(op, type, 42 + op.ordinal(), 17, 2000);
                    ValidatedOperator validated = validate(c);
                    byte[] expected = NaiveElementWise.run(c);
                    ByteBuffer a = c.inputs().get(0).toBuffer();
                    List<TensorBinding> bindings = new ArrayList<>();
                    bindings.add(BufferBinding.of(a));
                    bindings.add(BufferBinding.of(c.inputs().get(1).toBuffer()));
                    bindings.add(BufferBinding.of(a));
                    try (PreparedOperator prepared = emulator.prepare(validated)) {
                        prepared.execute(new Bindings(bindings));
                    }
                    assertArrayEquals(expected, TensorBytes.copyOf(a).bytes(), op + " " + type);
                }
            }
        }
    }

    @Test
    void stridedRowsAndShortRowsStayOnTheExactPath() {
        BufferTensorDesc packed = BufferTensorDesc.packed(TensorDataType.FLOAT32, 4, 100);
        BufferTensorDesc transposed = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(4L, 100L),
                List.of(1L, 4L));
        BufferTensorDesc shortRows = BufferTensorDesc.strided(TensorDataType.FLOAT32, List.of(100L, 4L),
                List.of(5L, 1L));
        PackedLanes floats = type -> type == TensorDataType.FLOAT32 ? (PackedLane.Floats) (in, out, n) -> { } : null;
        assertNotNull(PackedRows.of(plan(packed, packed, packed), floats, null));
        assertNull(PackedRows.of(plan(packed, packed, packed), PackedLanes.NONE, null));
        assertNull(PackedRows.of(plan(transposed, packed, packed), floats, null));
        assertNull(PackedRows.of(plan(shortRows, shortRows, BufferTensorDesc.packed(TensorDataType.FLOAT32, 100, 4)),
                floats, null));
    }

    private static ElementWisePlan plan(BufferTensorDesc a, BufferTensorDesc b, BufferTensorDesc out) {
        return ElementWisePlan.of(List.of(a, b), out);
    }

    private ValidatedOperator validate(ElementWiseCase c) {
        ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), () -> c.desc() + ": " + result);
        return result.validated();
    }

    /** Whether the prepared operator's plan goes through the fast path. */
    private static boolean takesTheFastPath(ValidatedOperator validated, ElementWiseCase c) {
        OperatorKernel kernel = switch (c.op()) {
            case ADD -> ElementWiseKernels.add();
            case SUBTRACT -> ElementWiseKernels.subtract();
            case MULTIPLY -> ElementWiseKernels.multiply();
            case ADD1 -> ElementWiseKernels.add1();
            case IDENTITY -> ElementWiseKernels.identity();
            case CAST -> ElementWiseKernels.cast();
            case ACTIVATION_RELU -> ActivationKernels.relu();
            case ACTIVATION_LEAKY_RELU -> ActivationKernels.leakyRelu();
            case ACTIVATION_LINEAR -> ActivationKernels.linear();
            case ACTIVATION_THRESHOLDED_RELU -> ActivationKernels.thresholdedRelu();
            case ACTIVATION_SHRINK -> ActivationKernels.shrink();
            case ACTIVATION_HARD_SIGMOID -> ActivationKernels.hardSigmoid();
            case ACTIVATION_PARAMETERIZED_RELU -> ActivationKernels.parameterizedRelu();
            case ACTIVATION_RELU_GRAD -> ActivationKernels.reluGrad();
            default -> throw new IllegalArgumentException(c.op().name());
        };
        ElementWiseExecution execution = (ElementWiseExecution) kernel.prepare(validated,
                EmulatorOptions.builder().build(), Parallelism.ONE_THREAD);
        return execution.usesPackedRows();
    }

    private static byte[] run(Emulator emulator, ValidatedOperator validated, ElementWiseCase c) {
        byte[] out = new byte[(int) c.outputTensor().totalTensorSizeInBytes()];
        List<TensorBinding> bindings = new ArrayList<>();
        c.inputs().stream().map(TensorBytes::toBuffer).forEach(b -> bindings.add(BufferBinding.of(b)));
        bindings.add(BufferBinding.of(ByteBuffer.wrap(out)));
        try (PreparedOperator prepared = emulator.prepare(validated)) {
            prepared.execute(new Bindings(bindings));
        }
        return out;
    }
}
