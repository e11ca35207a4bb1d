package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseAdd1OperatorDesc;
import dev.dmlemu.desc.ElementWiseAddOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftLeftOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftRightOperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.ElementWiseMinOperatorDesc;
import dev.dmlemu.desc.ElementWiseNegateOperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.ValidationResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Element-wise operators on the emulator, against values computed by hand or measured on the real DLL (§15). */
class ElementWiseKernelsTest {

    private static final TensorDataType F32 = TensorDataType.FLOAT32;

    @Test
    void identityCopiesBitsSignalingNanAndDenormalsIncluded() {
        int[] bits = {0x0000_0001, 0x8000_0001, 0x7F80_0001, 0xFFA0_0001, 0x8000_0000};
        BufferTensorDesc t = BufferTensorDesc.packed(F32, bits.length);
        int[] out = ints(run(new ElementWiseIdentityOperatorDesc(t, t, Optional.empty()), F32, ints(bits)));
        assertArrayEquals(bits, out);
    }

    /** Measured: 0x3F7FFFFF * 3 + 0.1 is 0x40466665 (two roundings; one fused multiply-add gives 0x40466666). */
    @Test
    void scaleBiasRoundsTheProductAndThenTheSum() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 3);
        int[] out = ints(run(new ElementWiseIdentityOperatorDesc(t, t, Optional.of(new ScaleBias(3f, 0.1f))), F32,
                ints(0x3F7F_FFFF, 0x7F80_0001, 0x3F80_0000)));
        assertArrayEquals(new int[] {0x4046_6665, 0x7FC0_0001, 0x4046_6666}, out);
    }

    @Test
    void negateFlipsTheSignBitOfNaNs() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 3);
        int[] out = ints(run(new ElementWiseNegateOperatorDesc(t, t), F32,
                ints(0x7FC1_2345, 0x0000_0000, 0xFFA0_0001)));
        assertArrayEquals(new int[] {0xFFC1_2345, 0x8000_0000, 0x7FA0_0001}, out);
    }

    /** The DxDispatch-shaped element_wise_add1 model: (-1 + 0.5) * 0.25 and (2 - 3) * 0.25. */
    @Test
    void add1WithLeakyRelu() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 2);
        OperatorDesc relu = new ActivationLeakyReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL, 0.25f);
        float[] out = floats(run(new ElementWiseAdd1OperatorDesc(t, t, t, Optional.of(relu)), F32,
                floats(-1f, 2f), floats(0.5f, -3f)));
        assertArrayEquals(new float[] {-0.125f, -0.25f}, out);
    }

    /** Measured on INT8: 127 + 1 is -128 and -128 + -1 is 127. */
    @Test
    void integerAddWraps() {
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.INT8, 3);
        byte[] out = run(new ElementWiseAddOperatorDesc(t, t, t), TensorDataType.INT8,
                new byte[] {127, -128, 100}, new byte[] {1, -1, 100});
        assertArrayEquals(new byte[] {-128, 127, -56, 0}, out);
    }

    /** B broadcasts along the rows through stride 0; A is transposed and padded. */
    @Test
    void broadcastAndStridedInputs() {
        BufferTensorDesc a = BufferTensorDesc.strided(F32, List.of(2L, 3L), List.of(1L, 4L));
        BufferTensorDesc b = BufferTensorDesc.strided(F32, List.of(2L, 3L), List.of(0L, 1L));
        BufferTensorDesc y = BufferTensorDesc.packed(F32, 2, 3);
        // a's element (i, j) is at 4j + i: (0,0)=1 (1,0)=2 (0,1)=3 (1,1)=4 (0,2)=5 (1,2)=6; 9 is padding.
        float[] out = floats(run(new ElementWiseAddOperatorDesc(a, b, y), F32,
                floats(1, 2, 9, 9, 3, 4, 9, 9, 5, 6), floats(10, 20, 30)));
        assertArrayEquals(new float[] {11, 23, 35, 12, 24, 36}, out);
    }

    @Test
    void rankEightOnTwoThreadsMatchesOneThread() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 2, 2, 2, 2, 4, 4, 8, 64);
        int n = 2 * 2 * 2 * 2 * 4 * 4 * 8 * 64;
        float[] a = new float[n];
        float[] b = new float[n];
        float[] expected = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i * 0.5f;
            b[i] = -i;
            expected[i] = a[i] + b[i];
        }
        EmulatorOptions two = EmulatorOptions.builder().threads(2).build();
        float[] out = floats(run(two, new ElementWiseAddOperatorDesc(t, t, t), F32, floats(a), floats(b)));
        assertArrayEquals(expected, out);
    }

    @Test
    void inPlaceOverTheInput() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 4);
        ByteBuffer shared = ByteBuffer.wrap(floats(1, -2, 3, -4)).order(ByteOrder.LITTLE_ENDIAN);
        try (Emulator emulator = new Emulator();
                PreparedOperator prepared = emulator.prepare(validated(new ElementWiseNegateOperatorDesc(t, t)))) {
            prepared.execute(Bindings.of(BufferBinding.of(shared), BufferBinding.of(shared)));
        }
        assertArrayEquals(new float[] {-1, 2, -3, 4}, floats(shared.array()));
    }

    /** Measured (§15.1): INT8 -128 gives 127, the INT32 minimum gives itself. */
    @Test
    void absSaturatesBelow32BitsAndWrapsAbove() {
        BufferTensorDesc int8 = BufferTensorDesc.packed(TensorDataType.INT8, 4);
        assertArrayEquals(new byte[] {127, 5, 0, 127},
                run(new ElementWiseAbsOperatorDesc(int8, int8, Optional.empty()), TensorDataType.INT8,
                        new byte[] {-128, -5, 0, 127}));
        BufferTensorDesc int32 = BufferTensorDesc.packed(TensorDataType.INT32, 1);
        assertArrayEquals(new int[] {Integer.MIN_VALUE}, ints(run(new ElementWiseAbsOperatorDesc(int32, int32,
                Optional.empty()), TensorDataType.INT32, ints(Integer.MIN_VALUE))));
    }

    /** Measured (§15.1): MIN of two NaNs is B's bits unchanged; one NaN gives the other operand. */
    @Test
    void minOfNaNs() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 3);
        int[] out = ints(run(new ElementWiseMinOperatorDesc(t, t, t), F32, ints(0xFFA0_0001, 0x7FC0_0000, 0x3F80_0000),
                ints(0x7F80_0001, 0x4000_0000, 0x7FC0_0000)));
        assertArrayEquals(new int[] {0x7F80_0001, 0x4000_0000, 0x3F80_0000}, out);
    }

    /** Measured (§15.1): CLIP to [-0.0, 0] gives -0.0 for 1.0 and for 0 (min, then max, each keeping its bound). */
    @Test
    void clipIsMinThenMax() {
        BufferTensorDesc t = BufferTensorDesc.packed(F32, 3);
        int[] out = ints(run(new ElementWiseClipOperatorDesc(t, t, Optional.empty(), -0.0f, 0.0f), F32,
                ints(0x3F80_0000, 0x0000_0000, 0xC0A0_0000)));
        assertArrayEquals(new int[] {0x8000_0000, 0x8000_0000, 0x8000_0000}, out);
    }

    /** Measured (§15.1): UINT32 7 shifted left by 0xD97FAB27 is 7 << 7; right by 0x76E7F076 is >> 22. */
    @Test
    void shiftCountsAreModulo32() {
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.UINT32, 1);
        assertArrayEquals(new int[] {0x380}, ints(run(new ElementWiseBitShiftLeftOperatorDesc(t, t, t),
                TensorDataType.UINT32, ints(7), ints(0xD97F_AB27))));
        assertArrayEquals(new int[] {0x36D}, ints(run(new ElementWiseBitShiftRightOperatorDesc(t, t, t),
                TensorDataType.UINT32, ints(0xDB5D_860C), ints(0x76E7_F076))));
    }

    static byte[] run(OperatorDesc desc, TensorDataType outputType, byte[]... inputs) {
        return run(EmulatorOptions.defaults(), desc, outputType, inputs);
    }

    static byte[] run(EmulatorOptions options, OperatorDesc desc, TensorDataType outputType, byte[]... inputs) {
        BufferTensorDesc output = (BufferTensorDesc) desc.tensorFields().get(desc.tensorFields().size() - 1).desc();
        byte[] out = new byte[(int) output.totalTensorSizeInBytes()];
        BufferBinding[] bindings = new BufferBinding[inputs.length + 1];
        for (int i = 0; i < inputs.length; i++) {
            BufferTensorDesc input = (BufferTensorDesc) desc.tensorFields().get(i).desc();
            // Rounded up to 4 bytes, as DirectML's tensor sizes are.
            byte[] padded = java.util.Arrays.copyOf(inputs[i],
                    (int) Math.max(inputs[i].length, input.totalTensorSizeInBytes()));
            bindings[i] = BufferBinding.of(ByteBuffer.wrap(padded));
        }
        bindings[inputs.length] = BufferBinding.of(ByteBuffer.wrap(out));
        try (Emulator emulator = new Emulator(options); PreparedOperator prepared = emulator.prepare(validated(desc))) {
            prepared.execute(Bindings.of(bindings));
        }
        return out;
    }

    static dev.dmlemu.featurelevels.ValidatedOperator validated(OperatorDesc desc) {
        ValidationResult result = new FeatureLevelValidator().validate(desc, FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), result::toString);
        return result.validated();
    }

    static byte[] ints(int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    static int[] ints(byte[] bytes) {
        int[] out = new int[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(out);
        return out;
    }

    static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    static float[] floats(byte[] bytes) {
        float[] out = new float[bytes.length / 4];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(out);
        return out;
    }
}
