package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaivePadding;
import dev.dmlemu.testkit.TensorBytes;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PADDING's FLOAT PaddingValue written into integer outputs (docs/directml-behaviour.md §16.5): for every integer
 * type the device has and values that are fractional both ways, at and past each type's range, huge, NaN and
 * infinite, a one-element input padded by one CONSTANT element; the DLL's pad element must equal the emulator's and
 * the naive reference's. The DLL's values are printed.
 */
class PaddingValueMeasuredTest {

    private static final float[] VALUES = {0f, -0f, 1f, 2.5f, -2.5f, 3.7f, -3.7f, -0.5f, -1f, 127.9f, 128f, 255.5f,
        256f, -129f, 65536f, -40000f, 2147483520f, 2147483648f, 3e9f, 4294967040f, 4294967296f, -3e9f, 5e18f, -1e19f,
        2e19f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};

    @Test
    void integerOutputsTakeTheTruncatedValueAsTheRealDllDoes() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("PaddingValueMeasuredTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        try (Emulator emulator = new Emulator()) {
            for (TensorDataType type : List.of(TensorDataType.INT8, TensorDataType.UINT8, TensorDataType.INT32,
                    TensorDataType.UINT32, TensorDataType.INT64, TensorDataType.UINT64)) {
                StringBuilder line = new StringBuilder("PaddingValueMeasuredTest " + type + ":");
                for (float v : VALUES) {
                    int es = type.sizeInBytes();
                    BufferTensorDesc in = BufferTensorDesc.packed(type, 1);
                    BufferTensorDesc out = BufferTensorDesc.packed(type, 2);
                    PaddingOperatorDesc desc = new PaddingOperatorDesc(in, out, PaddingMode.CONSTANT, v, 1,
                            List.of(1L), List.of(0L));
                    byte[] inBytes = new byte[(int) in.totalTensorSizeInBytes()];
                    byte[] outBytes = new byte[(int) out.totalTensorSizeInBytes()];
                    MovementCase c = new MovementCase(desc, List.of(TensorBytes.of(inBytes)),
                            List.of(TensorBytes.of(outBytes)));
                    byte[] dll = Arrays.copyOf(real.executeArrays(desc, List.of(inBytes, outBytes)).get(0), es);
                    line.append(' ').append(v).append("->").append(java.util.HexFormat.of().formatHex(dll));
                    assertArrayEquals(dll, Arrays.copyOf(EmulatorOnCase.outputs(emulator, validator, c).get(0), es),
                            () -> type + " " + v + ": the emulator");
                    assertArrayEquals(dll, Arrays.copyOf(NaivePadding.run(c).get(0), es),
                            () -> type + " " + v + ": NaivePadding");
                }
                System.out.println(line);
            }
        }
    }
}
