package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
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
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One in-place lane of the packed fast path against the staged path and the kit's naive reference, bit for bit: NaN
 * payloads, signaling NaNs, ties, denormals, integer extremes, CAST's range limits and every exponent, tails shorter
 * than a vector, in place and partly overlapping outputs, direct and read-only buffers. A subclass names the lane:
 * how to ask for it, when it can run, and how to tell it was chosen.
 */
abstract class InPlaceLaneChecks {

    private static final List<ElementWiseOp> ARITHMETIC = List.of(ElementWiseOp.ADD, ElementWiseOp.SUBTRACT,
            ElementWiseOp.MULTIPLY, ElementWiseOp.ADD1);
    private static final List<TensorDataType> TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.INT32,
            TensorDataType.UINT32);
    private static ExecutorService pool;

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    @BeforeAll
    static void startPool() {
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterAll
    static void stopPool() {
        pool.shutdownNow();
    }

    /** How the tests ask for the lane. */
    abstract PackedRows.Reads reads();

    /** Skips (or fails) the test when this JVM cannot run the lane. */
    abstract void requireLane();

    /** Whether {@code execution} has this lane. */
    abstract boolean hasTheLane(ElementWiseExecution execution);

    @Test
    void arithmeticInPlaceMatchesStagedAndTheNaiveReference() {
        requireLane();
        int inPlace = 0;
        for (ElementWiseOp op : ARITHMETIC) {
            Random random = new Random(17L * op.ordinal() + 3);
            for (TensorDataType type : TYPES) {
                if (op == ElementWiseOp.ADD1 && type != TensorDataType.FLOAT32) {
                    continue; // ADD1 takes floats only
                }
                for (int i = 0; i < 12; i++) {
                    long rows = 1 + random.nextInt(5);
                    // Whole pieces of 1,024, and tails of every length below a vector's 16 lanes.
                    long rowLength = i == 0 ? 2048 : PackedRows.MIN_ROW + random.nextInt(2200);
                    ElementWiseCase c = ElementWiseCases.generatePacked(op, type, random.nextLong(), rows, rowLength);
                    inPlace += compare(c, op + " " + type + " " + rows + "x" + rowLength) ? 1 : 0;
                }
            }
        }
        // The second input is packed in about two cases in five; the others broadcast it and go staged.
        assertTrue(inPlace >= 20, "in-place lane used in " + inPlace + " cases");
    }

    @Test
    void castInPlaceMatchesStagedAndTheNaiveReference() {
        requireLane();
        Random random = new Random(2026);
        for (int i = 0; i < 12; i++) {
            long rows = 1 + random.nextInt(5);
            long rowLength = PackedRows.MIN_ROW + random.nextInt(2200);
            ElementWiseCase c = ElementWiseCases.castPacked(TensorDataType.FLOAT32, TensorDataType.INT32,
                    random.nextLong(), rows, rowLength);
            assertTrue(compare(c, "CAST " + rows + "x" + rowLength), "in-place lane");
        }
    }

    /**
     * CAST's truncation on the bits, at every exponent of either sign: random significands, the smallest and largest
     * of each exponent, and the values next to 2^31 and -2^31 where the exact body takes over.
     */
    @Test
    void castTruncatesEveryExponentAsTheNaiveReference() {
        requireLane();
        assertTrue(compare(everyExponent(), "every exponent"), "in-place lane");
    }

    private static ElementWiseCase everyExponent() {
        Random random = new Random(31);
        ByteBuffer values = ByteBuffer.allocate(4 * 512 * 8 + 4 * 6).order(ByteOrder.LITTLE_ENDIAN);
        for (int sign = 0; sign < 2; sign++) {
            for (int exponent = 0; exponent < 256; exponent++) {
                int top = sign << 31 | exponent << 23;
                values.putInt(top).putInt(top | 0x7F_FFFF).putInt(top | 1).putInt(top | 0x40_0000);
                for (int k = 0; k < 4; k++) {
                    values.putInt(top | random.nextInt(0x80_0000));
                }
            }
        }
        for (float edge : new float[] {0x1p31f, -0x1p31f, Math.nextDown(0x1p31f), -Math.nextDown(0x1p31f),
            Math.nextUp(-0x1p31f), -0.5f}) {
            values.putFloat(edge);
        }
        int count = values.position() / 4;
        ElementWiseCase shape = ElementWiseCases.castPacked(TensorDataType.FLOAT32, TensorDataType.INT32, 1, 1,
                count);
        return new ElementWiseCase(shape.op(), shape.desc(), shape.inputTensors(), shape.outputTensor(),
                List.of(TensorBytes.of(values.array())));
    }

    /**
     * The same comparisons run long enough for C2 to compile the lanes' loops (a few hundred thousand steps): the
     * first runs of the other tests may see only the interpreter (or the Vector API's Java fallback).
     */
    @Test
    void compiledLanesMatchStaged() {
        requireLane();
        ElementWiseCase add = packedOperands(ElementWiseOp.ADD, TensorDataType.FLOAT32, 11);
        ElementWiseCase cast = everyExponent();
        for (ElementWiseCase c : List.of(add, cast)) {
            ElementWiseExecution staged = prepare(c, PackedRows.Reads.STAGED, Parallelism.ONE_THREAD);
            ElementWiseExecution inPlace = prepare(c, reads(), Parallelism.ONE_THREAD);
            assertTrue(hasTheLane(inPlace));
            byte[] expected = run(staged, c, Layout.SEPARATE);
            for (int i = 0; i < 400; i++) {
                byte[] actual = run(inPlace, c, Layout.SEPARATE);
                if (i % 50 == 0 || i == 399) {
                    assertArrayEquals(expected, actual, c.op() + ", run " + i);
                }
            }
        }
    }

    @Test
    void outputsOverAnInputInPlaceOrPartlyOverlappingMatchStaged() {
        requireLane();
        for (TensorDataType type : TYPES) {
            ElementWiseCase c = packedOperands(ElementWiseOp.ADD, type, 9);
            ElementWiseExecution staged = prepare(c, PackedRows.Reads.STAGED, Parallelism.ONE_THREAD);
            ElementWiseExecution inPlace = prepare(c, reads(), Parallelism.ONE_THREAD);
            assertTrue(hasTheLane(inPlace));
            for (Layout layout : List.of(Layout.OVER_A, Layout.OVER_A_SHIFTED, Layout.SEPARATE)) {
                assertArrayEquals(run(staged, c, layout), run(inPlace, c, layout), type + " " + layout);
            }
        }
        // CAST with its output over its input: a lane that reads the input's signs after writing must not take it.
        ElementWiseCase cast = ElementWiseCases.castPacked(TensorDataType.FLOAT32, TensorDataType.INT32, 21, 3, 2500);
        ElementWiseExecution staged = prepare(cast, PackedRows.Reads.STAGED, Parallelism.ONE_THREAD);
        ElementWiseExecution inPlace = prepare(cast, reads(), Parallelism.ONE_THREAD);
        assertTrue(hasTheLane(inPlace));
        for (Layout layout : List.of(Layout.OVER_A, Layout.OVER_A_SHIFTED, Layout.SEPARATE)) {
            assertArrayEquals(run(staged, cast, layout), run(inPlace, cast, layout), "CAST " + layout);
        }
    }

    @Test
    void directAndReadOnlyBuffersGoStaged() {
        requireLane();
        ElementWiseCase c = packedOperands(ElementWiseOp.MULTIPLY, TensorDataType.FLOAT32, 4);
        ElementWiseExecution inPlace = prepare(c, reads(), Parallelism.ONE_THREAD);
        byte[] expected = NaiveElementWise.run(c);
        assertArrayEquals(expected, run(inPlace, c, Layout.DIRECT));
        assertArrayEquals(expected, run(inPlace, c, Layout.READ_ONLY_INPUTS));
    }

    /** A case whose second input is packed like the first, so the in-place lane takes it (the seed is searched). */
    static ElementWiseCase packedOperands(ElementWiseOp op, TensorDataType type, long seed) {
        for (long s = seed; ; s++) {
            ElementWiseCase c = ElementWiseCases.generatePacked(op, type, s, 7, 1500);
            if (c.inputTensors().get(1).strides().equals(c.inputTensors().get(0).strides())) {
                return c;
            }
        }
    }

    /**
     * Runs {@code c} staged and in place, at one thread and at two, and requires the same bytes from each and from the
     * naive reference; returns whether the in-place lane was used.
     */
    boolean compare(ElementWiseCase c, String what) {
        byte[] expected = NaiveElementWise.run(c);
        Parallelism two = new Parallelism(2, pool, 1);
        for (Parallelism parallelism : List.of(Parallelism.ONE_THREAD, two)) {
            ElementWiseExecution staged = prepare(c, PackedRows.Reads.STAGED, parallelism);
            ElementWiseExecution inPlace = prepare(c, reads(), parallelism);
            assertFalse(staged.usesInPlaceLane());
            byte[] stagedBytes = run(staged, c, Layout.SEPARATE);
            byte[] inPlaceBytes = run(inPlace, c, Layout.SEPARATE);
            assertArrayEquals(expected, stagedBytes, "staged, " + what);
            assertArrayEquals(stagedBytes, inPlaceBytes, "in place, " + what);
        }
        return hasTheLane(prepare(c, reads(), Parallelism.ONE_THREAD));
    }

    ElementWiseExecution prepare(ElementWiseCase c, PackedRows.Reads reads, Parallelism parallelism) {
        ValidationResult result = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), () -> c.desc() + ": " + result);
        ValidatedOperator validated = result.validated();
        OperatorKernel kernel = switch (c.op()) {
            case ADD -> ElementWiseKernels.add();
            case SUBTRACT -> ElementWiseKernels.subtract();
            case MULTIPLY -> ElementWiseKernels.multiply();
            case ADD1 -> ElementWiseKernels.add1();
            case CAST -> ElementWiseKernels.cast();
            default -> throw new IllegalArgumentException(c.op().name());
        };
        return ((ElementWiseKernel<?>) kernel).prepare(validated, parallelism.forOutput(c.outputTensor()), reads);
    }

    /** Where the output is bound and what kind of buffers hold the tensors. */
    enum Layout {
        SEPARATE, OVER_A, OVER_A_SHIFTED, DIRECT, READ_ONLY_INPUTS
    }

    /** Runs the execution; returns the output's bytes (for the layouts over A, A's buffer after the run). */
    static byte[] run(ElementWiseExecution execution, ElementWiseCase c, Layout layout) {
        int outputBytes = (int) c.outputTensor().totalTensorSizeInBytes();
        List<TensorBinding> bindings = new ArrayList<>();
        List<ByteBuffer> inputs = new ArrayList<>();
        for (TensorBytes bytes : c.inputs()) {
            ByteBuffer b = bytes.toBuffer();
            if (layout == Layout.DIRECT) {
                ByteBuffer direct = ByteBuffer.allocateDirect(b.capacity());
                direct.put(b.duplicate()).clear();
                b = direct;
            }
            inputs.add(layout == Layout.READ_ONLY_INPUTS ? b.asReadOnlyBuffer() : b);
        }
        ByteBuffer shared = null;
        if (layout == Layout.OVER_A || layout == Layout.OVER_A_SHIFTED) {
            // A's bytes in a buffer with room for the output 20 bytes further on (five elements: not a vector's step).
            int shift = layout == Layout.OVER_A ? 0 : 20;
            byte[] a = c.inputs().get(0).bytes();
            shared = ByteBuffer.allocate(Math.max(a.length, outputBytes + shift));
            shared.put(a).clear();
            inputs.set(0, shared);
            for (ByteBuffer input : inputs) {
                bindings.add(input == shared ? new BufferBinding(shared, 0, a.length) : BufferBinding.of(input));
            }
            bindings.add(new BufferBinding(shared, shift, outputBytes));
            execution.execute(new Bindings(bindings));
            byte[] after = new byte[shared.capacity()];
            shared.get(0, after);
            return after;
        }
        inputs.forEach(b -> bindings.add(BufferBinding.of(b)));
        ByteBuffer out = layout == Layout.DIRECT ? ByteBuffer.allocateDirect(outputBytes)
                : ByteBuffer.allocate(outputBytes);
        bindings.add(BufferBinding.of(out));
        execution.execute(new Bindings(bindings));
        byte[] bytes = new byte[outputBytes];
        out.get(0, bytes);
        return bytes;
    }
}
