package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.conformance.realdml.RealDirectMl.BytesRun;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseCases;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The element-wise engine's packed fast path against the real DirectML.dll, bit for bit: long packed and broadcast
 * rows (a whole piece of 1,024 elements and a partial one) of the operators that have a packed lane, with NaN
 * payloads, signaling NaNs, denormals, ties and integer extremes ({@code ElementWiseCases.generatePacked}), and
 * CAST FLOAT32 to INT32 around INT32's limits and below 2^23 (fractions, ties and denormals, which JDK 17 truncates
 * without Java's {@code (int)}). Cases the DLL refuses to compile, or answers differently twice, are
 * counted apart, never as agreement.
 */
class PackedRowsParityTest {

    private static final int CASES = 4;

    /** An operator and type; for CAST, whether every input is below 2^23 in magnitude. */
    private record Draw(ElementWiseOp op, TensorDataType type, boolean belowTwoTo23) {
        Draw(ElementWiseOp op, TensorDataType type) {
            this(op, type, false);
        }
    }

    @Test
    void packedRowsMatchTheRealDirectMlBitForBit() {
        RealDirectMl real = RealDirectMl.locateOrSkip("PackedRowsParityTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        List<Draw> draws = new ArrayList<>();
        for (ElementWiseOp op : List.of(ElementWiseOp.ADD, ElementWiseOp.SUBTRACT, ElementWiseOp.MULTIPLY,
                ElementWiseOp.IDENTITY, ElementWiseOp.CAST)) {
            for (TensorDataType type : List.of(TensorDataType.FLOAT32, TensorDataType.INT32, TensorDataType.UINT32)) {
                draws.add(new Draw(op, type));
            }
        }
        draws.add(new Draw(ElementWiseOp.ADD1, TensorDataType.FLOAT32));
        // The stand-alone activations' fast lanes: FLOAT32, and INT32 where they take integers.
        for (ElementWiseOp op : List.of(ElementWiseOp.ACTIVATION_RELU, ElementWiseOp.ACTIVATION_LEAKY_RELU,
                ElementWiseOp.ACTIVATION_LINEAR, ElementWiseOp.ACTIVATION_THRESHOLDED_RELU,
                ElementWiseOp.ACTIVATION_SHRINK, ElementWiseOp.ACTIVATION_HARD_SIGMOID,
                ElementWiseOp.ACTIVATION_PARAMETERIZED_RELU, ElementWiseOp.ACTIVATION_RELU_GRAD)) {
            draws.add(new Draw(op, TensorDataType.FLOAT32));
        }
        for (ElementWiseOp op : List.of(ElementWiseOp.ACTIVATION_RELU, ElementWiseOp.ACTIVATION_SHRINK,
                ElementWiseOp.ACTIVATION_PARAMETERIZED_RELU, ElementWiseOp.ACTIVATION_RELU_GRAD)) {
            draws.add(new Draw(op, TensorDataType.INT32));
        }
        draws.add(new Draw(ElementWiseOp.CAST, TensorDataType.FLOAT32, true));
        Random random = new Random(0x26_0004L);
        int ran = 0;
        int refused = 0;
        int nonDeterministic = 0;
        List<String> differing = new ArrayList<>();
        try (Emulator emulator = new Emulator()) {
            for (Draw draw : draws) {
                if (draw.op() == ElementWiseOp.CAST && draw.type() != TensorDataType.FLOAT32) {
                    continue;
                }
                for (int i = 0; i < CASES; i++) {
                    long seed = random.nextLong();
                    long rows = 1 + random.nextInt(3);
                    long rowLength = 1024 + random.nextInt(600);
                    ElementWiseCase c = draw.belowTwoTo23()
                            ? ElementWiseCases.castPackedBelowTwoTo23(seed, rows, rowLength)
                            : draw.op() == ElementWiseOp.CAST
                            ? ElementWiseCases.castPacked(TensorDataType.FLOAT32, TensorDataType.INT32, seed, rows,
                                    rowLength)
                            : ElementWiseCases.generatePacked(draw.op(), draw.type(), seed, rows, rowLength);
                    ValidationResult validation = validator.validate(c.desc(), FeatureLevel.LEVEL_6_4);
                    assertTrue(validation.isValid(), () -> c.desc() + ": " + validation);
                    List<ByteBuffer> inputs = c.inputs().stream().map(TensorBytes::toBuffer).toList();
                    long outputBytes = c.outputTensor().totalTensorSizeInBytes();
                    BytesRun first = real.executeBytes(c.desc(), inputs, outputBytes);
                    if (first.output().isEmpty()) {
                        refused++;
                        continue;
                    }
                    BytesRun second = real.executeBytes(c.desc(), inputs, outputBytes);
                    if (second.output().isEmpty() || !Arrays.equals(first.output().get(), second.output().get())) {
                        nonDeterministic++;
                        continue;
                    }
                    byte[] emulated = new byte[(int) outputBytes];
                    try (PreparedOperator prepared = emulator.prepare(validation.validated())) {
                        List<TensorBinding> bindings = new ArrayList<>();
                        inputs.forEach(b -> bindings.add(BufferBinding.of(b)));
                        bindings.add(BufferBinding.of(ByteBuffer.wrap(emulated)));
                        prepared.execute(new Bindings(bindings));
                    }
                    ran++;
                    if (!Arrays.equals(first.output().get(), emulated)) {
                        differing.add(draw + " seed " + seed + " " + rows + "x" + rowLength);
                    }
                }
            }
        }
        System.out.printf("packed rows: %d ran, %d bit-identical, %d refused by CompileOperator,"
                + " %d non-deterministic%n", ran, ran - differing.size(), refused, nonDeterministic);
        assertEquals(List.of(), differing);
        assertTrue(ran >= 40, "ran " + ran);
    }
}
