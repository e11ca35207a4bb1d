package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ActivationHardSigmoidOperatorDesc;
import dev.dmlemu.desc.ActivationHardSwishOperatorDesc;
import dev.dmlemu.desc.ActivationIdentityOperatorDesc;
import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.ActivationParameterizedReluOperatorDesc;
import dev.dmlemu.desc.ActivationReluGradOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationShrinkOperatorDesc;
import dev.dmlemu.desc.ActivationThresholdedReluOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The stand-alone activations' probes of docs/directml-behaviour.md §15.8, outputs recorded from the real
 * DirectML.dll 1.15.4 (FLOAT32 edge values: signed zeros, quiet and signaling NaNs with payloads, infinities,
 * denormals, the largest finite values; INT32 and INT8 extremes), replayed on the emulator and on the kit's naive
 * reference; and integer ACTIVATION_SHRINK's (INT8, UINT8, INT32, UINT32).
 */
class ActivationProbesTest {

    private static final BufferTensorDesc T20 = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 20);
    private static final BufferTensorDesc T12 = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 1, 12);
    private static final int[] X = {0xBF800000, 0x80000000, 0x00000000, 0x3F800000, 0x3F000000, 0xBF000000, 0xC0200000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0xFF800000, 0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF, 0x000AE398, 0x3E800000, 0x807FFFFF};
    private static final int[] S = {0x3DCCCCCD, 0xBF000000, 0x00000000, 0x80000000, 0x40000000, 0x7F800000, 0x7FC00000, 0x000116C2, 0x3DCCCCCD, 0xBF000000, 0x00000000, 0x80000000, 0x40000000, 0x7F800000, 0x7FC00000, 0x000116C2, 0x3DCCCCCD, 0xBF000000, 0x00000000, 0x80000000};
    private static final int[] FE = {0x80000000, 0x00000000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x3FC00000, 0xBFC00000, 0x00000001, 0x80000001, 0x7F800000, 0xFF800000, 0x3F800000};
    private static final int[] ONES = filled(12, 0x3F80_0000);
    private static final int[] MINUS_ONES = filled(12, 0xBF80_0000);

    /** A FLOAT32 probe: the first input's bits, the second's or null, and the DLL's output bits. */
    private record FloatProbe(String name, OperatorDesc desc, int[] x, int[] second, int[] expected) {}

    private static final List<FloatProbe> FLOAT_PROBES = List.of(
            new FloatProbe("ACTIVATION_IDENTITY", new ActivationIdentityOperatorDesc(T20, T20),
                    X, null, new int[] {0xBF800000, 0x80000000, 0x00000000, 0x3F800000, 0x3F000000, 0xBF000000, 0xC0200000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0xFF800000, 0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF, 0x000AE398, 0x3E800000, 0x807FFFFF}),
            new FloatProbe("ACTIVATION_RELU", new ActivationReluOperatorDesc(T20, T20),
                    X, null, new int[] {0x00000000, 0x00000000, 0x00000000, 0x3F800000, 0x3F000000, 0x00000000, 0x00000000, 0x40400000, 0x00000000, 0x00000000, 0x00000000, 0x7F800000, 0x00000000, 0x00000001, 0x00000000, 0x7F7FFFFF, 0x00000000, 0x000AE398, 0x3E800000, 0x00000000}),
            new FloatProbe("ACTIVATION_LEAKY_RELU Alpha 0.1", new ActivationLeakyReluOperatorDesc(T20, T20, 0.1f),
                    X, null, new int[] {0xBDCCCCCD, 0x80000000, 0x00000000, 0x3F800000, 0x3F000000, 0xBD4CCCCD, 0xBE800000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0xFF800000, 0x00000001, 0x80000000, 0x7F7FFFFF, 0xFDCCCCCC, 0x000AE398, 0x3E800000, 0x800CCCCD}),
            new FloatProbe("ACTIVATION_LEAKY_RELU Alpha -0.5", new ActivationLeakyReluOperatorDesc(T20, T20, -0.5f),
                    X, null, new int[] {0x3F000000, 0x80000000, 0x00000000, 0x3F800000, 0x3F000000, 0x3E800000, 0x3FA00000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0x7F800000, 0x00000001, 0x00000000, 0x7F7FFFFF, 0x7EFFFFFF, 0x000AE398, 0x3E800000, 0x00400000}),
            new FloatProbe("ACTIVATION_LINEAR Alpha 0.1 Beta 0.3", new ActivationLinearOperatorDesc(T20, T20, 0.1f, 0.3f),
                    X, null, new int[] {0x3E4CCCCE, 0x3E99999A, 0x3E99999A, 0x3ECCCCCD, 0x3EB33334, 0x3E800000, 0x3D4CCCD0, 0x3F19999A, 0x7FC12345, 0xFFC12345, 0x7FC00001, 0x7F800000, 0xFF800000, 0x3E99999A, 0x3E99999A, 0x7DCCCCCC, 0xFDCCCCCC, 0x3E99999A, 0x3EA66667, 0x3E99999A}),
            new FloatProbe("ACTIVATION_LINEAR Alpha -3 Beta 1e-30", new ActivationLinearOperatorDesc(T20, T20, -3f, 1e-30f),
                    X, null, new int[] {0x40400000, 0x0DA24260, 0x0DA24260, 0xC0400000, 0xBFC00000, 0x3FC00000, 0x40F00000, 0xC1100000, 0x7FC12345, 0xFFC12345, 0x7FC00001, 0xFF800000, 0x7F800000, 0x0DA24260, 0x0DA24260, 0xFF800000, 0x7F800000, 0x0DA24260, 0xBF400000, 0x0DA24260}),
            new FloatProbe("ACTIVATION_THRESHOLDED_RELU Alpha 0.5", new ActivationThresholdedReluOperatorDesc(T20, T20, 0.5f),
                    X, null, new int[] {0x00000000, 0x00000000, 0x00000000, 0x3F800000, 0x00000000, 0x00000000, 0x00000000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0x00000000, 0x00000000, 0x00000000, 0x7F7FFFFF, 0x00000000, 0x00000000, 0x00000000, 0x00000000}),
            new FloatProbe("ACTIVATION_THRESHOLDED_RELU Alpha -1", new ActivationThresholdedReluOperatorDesc(T20, T20, -1f),
                    X, null, new int[] {0x00000000, 0x80000000, 0x00000000, 0x3F800000, 0x3F000000, 0xBF000000, 0x00000000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0x00000000, 0x00000001, 0x80000001, 0x7F7FFFFF, 0x00000000, 0x000AE398, 0x3E800000, 0x807FFFFF}),
            new FloatProbe("ACTIVATION_SHRINK Bias 0.25 Threshold 0.5", new ActivationShrinkOperatorDesc(T20, T20, 0.25f, 0.5f),
                    X, null, new int[] {0xBF400000, 0x00000000, 0x00000000, 0x3F400000, 0x00000000, 0x00000000, 0xC0100000, 0x40300000, 0x00000000, 0x00000000, 0x00000000, 0x7F800000, 0xFF800000, 0x00000000, 0x00000000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000000, 0x00000000, 0x00000000}),
            new FloatProbe("ACTIVATION_SHRINK Bias 0 Threshold 0", new ActivationShrinkOperatorDesc(T20, T20, 0f, 0f),
                    X, null, new int[] {0xBF800000, 0x00000000, 0x00000000, 0x3F800000, 0x3F000000, 0xBF000000, 0xC0200000, 0x40400000, 0x00000000, 0x00000000, 0x00000000, 0x7F800000, 0xFF800000, 0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF, 0x000AE398, 0x3E800000, 0x807FFFFF}),
            new FloatProbe("ACTIVATION_HARD_SIGMOID Alpha 0.2 Beta 0.5", new ActivationHardSigmoidOperatorDesc(T20, T20, 0.2f, 0.5f),
                    X, null, new int[] {0x3E99999A, 0x3F000000, 0x3F000000, 0x3F333333, 0x3F19999A, 0x3ECCCCCD, 0x00000000, 0x3F800000, 0x00000000, 0x00000000, 0x00000000, 0x3F800000, 0x00000000, 0x3F000000, 0x3F000000, 0x3F800000, 0x00000000, 0x3F000000, 0x3F0CCCCD, 0x3F000000}),
            new FloatProbe("ACTIVATION_HARD_SWISH Alpha 1/6 Beta 0.5", new ActivationHardSwishOperatorDesc(T20, T20, 1f / 6, 0.5f),
                    X, null, new int[] {0xBEAAAAAA, 0x80000000, 0x00000000, 0x3F2AAAAB, 0x3E955555, 0xBE555555, 0xBE555552, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7FC00001, 0x7F800000, 0xFFC00000, 0x00000000, 0x80000000, 0x7F7FFFFF, 0x80000000, 0x000571CC, 0x3E0AAAAB, 0x80400000}),
            new FloatProbe("ACTIVATION_HARD_SWISH Alpha 0.2 Beta -0.5", new ActivationHardSwishOperatorDesc(T20, T20, 0.2f, -0.5f),
                    X, null, new int[] {0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000, 0x80000000, 0x80000000, 0x3E99999C, 0x7FC12345, 0xFFC12345, 0x7FC00001, 0x7F800000, 0xFFC00000, 0x00000000, 0x80000000, 0x7F7FFFFF, 0x80000000, 0x00000000, 0x00000000, 0x80000000}),
            new FloatProbe("ACTIVATION_HARD_SWISH Alpha -1 Beta 0", new ActivationHardSwishOperatorDesc(T20, T20, -1f, 0f),
                    X, null, new int[] {0xBF800000, 0x80000000, 0x00000000, 0x00000000, 0x00000000, 0xBE800000, 0xC0200000, 0x00000000, 0x7FC12345, 0xFFC12345, 0x7FC00001, 0xFFC00000, 0xFF800000, 0x00000000, 0x80000000, 0x00000000, 0xFF7FFFFF, 0x00000000, 0x00000000, 0x80000000}),
            new FloatProbe("ACTIVATION_PARAMETERIZED_RELU", new ActivationParameterizedReluOperatorDesc(T20, T20, T20),
                    X, S, new int[] {0xBDCCCCCD, 0x80000000, 0x00000000, 0x3F800000, 0x3F000000, 0xFF800000, 0x7FC00000, 0x40400000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x7F800000, 0xFF800000, 0x00000001, 0x7FC00000, 0x7F7FFFFF, 0xFDCCCCCC, 0x000AE398, 0x3E800000, 0x00000000}),
            new FloatProbe("ACTIVATION_RELU_GRAD", new ActivationReluGradOperatorDesc(T20, T20, T20),
                    X, S, new int[] {0x00000000, 0x00000000, 0x00000000, 0x80000000, 0x40000000, 0x00000000, 0x00000000, 0x000116C2, 0x00000000, 0x00000000, 0x00000000, 0x80000000, 0x00000000, 0x7F800000, 0x00000000, 0x000116C2, 0x00000000, 0xBF000000, 0x00000000, 0x00000000}),
            new FloatProbe("ACTIVATION_HARD_SIGMOID Alpha 1 Beta -0", new ActivationHardSigmoidOperatorDesc(T12, T12, 1f, -0f),
                    FE, null, new int[] {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3F800000, 0x00000000, 0x00000001, 0x00000000, 0x3F800000, 0x00000000, 0x3F800000}),
            new FloatProbe("ACTIVATION_HARD_SIGMOID Alpha -1 Beta 0", new ActivationHardSigmoidOperatorDesc(T12, T12, -1f, 0f),
                    FE, null, new int[] {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3F800000, 0x00000000, 0x00000001, 0x00000000, 0x3F800000, 0x00000000}),
            new FloatProbe("ACTIVATION_RELU_GRAD, gradient bits", new ActivationReluGradOperatorDesc(T12, T12, T12),
                    ONES, FE, new int[] {0x80000000, 0x00000000, 0x7FC12345, 0xFFC12345, 0x7F800001, 0x3FC00000, 0xBFC00000, 0x00000001, 0x80000001, 0x7F800000, 0xFF800000, 0x3F800000}),
            new FloatProbe("ACTIVATION_PARAMETERIZED_RELU, slope bits", new ActivationParameterizedReluOperatorDesc(T12, T12, T12),
                    MINUS_ONES, FE, new int[] {0x00000000, 0x80000000, 0x7FC12345, 0xFFC12345, 0x7FC00001, 0xBFC00000, 0x3FC00000, 0x80000001, 0x00000001, 0xFF800000, 0x7F800000, 0xBF800000}));

    /** One integer type's inputs, the slope or gradient, and the DLL's RELU, PARAMETERIZED_RELU and RELU_GRAD. */
    private record IntProbe(TensorDataType type, long[] x, long[] second, long[] relu, long[] parameterizedRelu,
            long[] reluGrad) {}

    private static final List<IntProbe> INT_PROBES = List.of(
            new IntProbe(TensorDataType.INT32, new long[] {-5, -1, 0, 1, 5, -2147483648, 2147483647, 2, -2, 3, -3, 100, -100, 7, -7},
                    new long[] {2, -3, 0, 7, 1, 2, 2, -1, 5, -2, 3, -1, 1073741824, 4, -4}, new long[] {0, 0, 0, 1, 5, 0, 2147483647, 2, 0, 3, 0, 100, 0, 7, 0},
                    new long[] {-10, 3, 0, 1, 5, 0, 2147483647, 2, -10, 3, -9, 100, 0, 7, 28}, new long[] {0, 0, 0, 7, 1, 0, 2, -1, 0, -2, 0, -1, 0, 4, 0}),
            new IntProbe(TensorDataType.INT8, new long[] {-5, -1, 0, 1, 5, -128, 127, 2, -2, 3, -3, 100, -100, 7, -7},
                    new long[] {2, -3, 0, 7, 1, 2, 2, -1, 5, -2, 3, -1, 127, 4, -4}, new long[] {0, 0, 0, 1, 5, 0, 127, 2, 0, 3, 0, 100, 0, 7, 0},
                    new long[] {-10, 3, 0, 1, 5, 0, 127, 2, -10, 3, -9, 100, 100, 7, 28}, new long[] {0, 0, 0, 7, 1, 0, 2, -1, 0, -2, 0, -1, 0, 4, 0}));

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    @Test
    void floatProbesGiveTheRecordedBits() {
        try (Emulator emulator = new Emulator()) {
            for (FloatProbe probe : FLOAT_PROBES) {
                List<byte[]> inputs = new ArrayList<>();
                inputs.add(bytes(probe.x()));
                if (probe.second() != null) {
                    inputs.add(bytes(probe.second()));
                }
                check(emulator, probe.name(), probe.desc(), inputs, bytes(probe.expected()));
            }
        }
    }

    @Test
    void integerProbesGiveTheRecordedValues() {
        try (Emulator emulator = new Emulator()) {
            for (IntProbe probe : INT_PROBES) {
                BufferTensorDesc t = BufferTensorDesc.packed(probe.type(), 1, 1, 1, probe.x().length);
                byte[] x = bytes(probe.type(), probe.x());
                byte[] second = bytes(probe.type(), probe.second());
                check(emulator, "ACTIVATION_RELU " + probe.type(), new ActivationReluOperatorDesc(t, t), List.of(x),
                        bytes(probe.type(), probe.relu()));
                check(emulator, "ACTIVATION_PARAMETERIZED_RELU " + probe.type(),
                        new ActivationParameterizedReluOperatorDesc(t, t, t), List.of(x, second),
                        bytes(probe.type(), probe.parameterizedRelu()));
                check(emulator, "ACTIVATION_RELU_GRAD " + probe.type(), new ActivationReluGradOperatorDesc(t, t, t),
                        List.of(x, second), bytes(probe.type(), probe.reluGrad()));
            }
        }
    }

    /** An integer SHRINK probe: Bias, Threshold, the input and the DLL's output. */
    private record ShrinkProbe(TensorDataType type, float bias, float threshold, long[] x, long[] expected) {}

    private static final long[] SIGNED = {-5, -1, 0, 1, 5, -2147483648L, 2147483647, 2, -2, 3, -3, 100, -100, 7, -7};
    private static final long[] SIGNED_8 = {-5, -1, 0, 1, 5, -128, 127, 2, -2, 3, -3, 100, -100, 7, -7};
    private static final long[] UNSIGNED = {0, 1, 2, 3, 5, 2147483648L, 4294967295L, 100};
    private static final long[] UNSIGNED_8 = {0, 1, 2, 3, 5, 128, 255, 100};
    private static final long MIN = -2147483648L;

    private static final List<ShrinkProbe> SHRINK_PROBES = List.of(
            new ShrinkProbe(TensorDataType.INT32, 1.5f, 2.5f, SIGNED,
                    new long[] {-4, 0, 0, 0, 4, MIN, MIN, 0, 0, 2, -2, 98, -98, 6, -6}),
            new ShrinkProbe(TensorDataType.INT8, 1.5f, 2.5f, SIGNED_8,
                    new long[] {-4, 0, 0, 0, 4, -126, 126, 0, 0, 2, -2, 98, -98, 6, -6}),
            new ShrinkProbe(TensorDataType.INT32, -2.7f, 0f, SIGNED,
                    new long[] {-8, -4, 0, 4, 8, MIN, MIN, 5, -5, 6, -6, 103, -103, 10, -10}),
            new ShrinkProbe(TensorDataType.INT8, -2.7f, 0f, SIGNED_8,
                    new long[] {-8, -4, 0, 4, 8, -128, 127, 5, -5, 6, -6, 103, -103, 10, -10}),
            new ShrinkProbe(TensorDataType.UINT32, 1.5f, 2.5f, UNSIGNED,
                    new long[] {0, 0, 0, 2, 4, 2147483648L, 4294967295L, 98}),
            new ShrinkProbe(TensorDataType.UINT8, 1.5f, 2.5f, UNSIGNED_8, new long[] {0, 0, 0, 2, 4, 126, 254, 98}),
            new ShrinkProbe(TensorDataType.UINT32, -2.7f, 0f, UNSIGNED,
                    new long[] {0, 4, 5, 6, 8, 2147483648L, 4294967295L, 103}),
            new ShrinkProbe(TensorDataType.UINT8, -2.7f, 0f, UNSIGNED_8, new long[] {0, 4, 5, 6, 8, 131, 255, 103}),
            // A negative result in an unsigned type gives its maximum.
            new ShrinkProbe(TensorDataType.UINT8, 5f, 1f, new long[] {2, 3, 0, 10, 6, 5, 1, 200},
                    new long[] {255, 255, 0, 5, 1, 0, 0, 195}),
            new ShrinkProbe(TensorDataType.UINT32, 5f, 1f, new long[] {2, 3, 0, 10, 6, 5, 1, 200},
                    new long[] {4294967295L, 4294967295L, 0, 5, 1, 0, 0, 195}),
            // Halves round to even; 16777217 is 16777216 in FLOAT32.
            new ShrinkProbe(TensorDataType.INT8, 0.5f, 0f, new long[] {1, -1, 2, 3, -2, -3, 4, -4},
                    new long[] {0, 0, 2, 2, -2, -2, 4, -4}),
            new ShrinkProbe(TensorDataType.INT32, 0.5f, 0f, new long[] {1, -1, 2, 3, -2, -3, 16777217, -16777217},
                    new long[] {0, 0, 2, 2, -2, -2, 16777216, -16777216}),
            new ShrinkProbe(TensorDataType.INT32, -3e9f, 0f, new long[] {1, -1, 0}, new long[] {MIN, MIN, 0}),
            new ShrinkProbe(TensorDataType.UINT8, Float.NaN, 0f, new long[] {1, 0, 3}, new long[] {255, 0, 255}),
            new ShrinkProbe(TensorDataType.INT8, Float.NaN, 0f, new long[] {1, 0, -3}, new long[] {-128, 0, -128}));

    @Test
    void integerShrinkGivesTheRecordedValues() {
        try (Emulator emulator = new Emulator()) {
            for (ShrinkProbe probe : SHRINK_PROBES) {
                BufferTensorDesc t = BufferTensorDesc.packed(probe.type(), 1, 1, 1, probe.x().length);
                check(emulator, "ACTIVATION_SHRINK " + probe.type() + " Bias " + probe.bias() + " Threshold "
                        + probe.threshold(), new ActivationShrinkOperatorDesc(t, t, probe.bias(), probe.threshold()),
                        List.of(bytes(probe.type(), probe.x())), bytes(probe.type(), probe.expected()));
            }
        }
    }

    private void check(Emulator emulator, String name, OperatorDesc desc, List<byte[]> inputs, byte[] expected) {
        ValidationResult result = validator.validate(desc, FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), () -> name + ": " + result);
        List<BufferTensorDesc> tensors = desc.tensorFields().stream()
                .map(f -> (BufferTensorDesc) f.desc()).toList();
        BufferTensorDesc output = tensors.get(tensors.size() - 1);
        // Buffers cover TotalTensorSizeInBytes (INT8's rounds up to 4 bytes); the elements are compared.
        int total = (int) output.totalTensorSizeInBytes();
        List<byte[]> padded = inputs.stream().map(b -> Arrays.copyOf(b, total)).toList();
        byte[] out = new byte[total];
        List<TensorBinding> bindings = new ArrayList<>();
        padded.forEach(b -> bindings.add(BufferBinding.of(ByteBuffer.wrap(b))));
        bindings.add(BufferBinding.of(ByteBuffer.wrap(out)));
        try (PreparedOperator prepared = emulator.prepare(result.validated())) {
            prepared.execute(new Bindings(bindings));
        }
        assertArrayEquals(expected, Arrays.copyOf(out, expected.length), name + " (emulator)");
        ElementWiseOp op = ElementWiseOp.valueOf(desc.operatorType().name());
        byte[] naive = NaiveElementWise.run(new ElementWiseCase(op, desc, tensors.subList(0, inputs.size()), output,
                padded.stream().map(TensorBytes::of).toList()));
        assertArrayEquals(expected, Arrays.copyOf(naive, expected.length), name + " (naive reference)");
    }

    private static int[] filled(int n, int bits) {
        int[] a = new int[n];
        Arrays.fill(a, bits);
        return a;
    }

    private static byte[] bytes(int[] bits) {
        ByteBuffer b = ByteBuffer.allocate(bits.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : bits) {
            b.putInt(v);
        }
        return b.array();
    }

    private static byte[] bytes(TensorDataType type, long[] values) {
        int width = type.sizeInBytes();
        ByteBuffer b = ByteBuffer.allocate(values.length * width).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            if (width == 4) {
                b.putInt((int) v);
            } else {
                b.put((byte) v);
            }
        }
        return b.array();
    }
}
