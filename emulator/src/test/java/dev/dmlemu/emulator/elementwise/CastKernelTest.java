package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CastOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import org.junit.jupiter.api.Test;

/**
 * CAST on the emulator against values measured on the real DLL (the 32-bit pairs) and computed by hand from the rules
 * of docs/directml-behaviour.md §15.6 (the pairs the device cannot run: FLOAT16, INT16, UINT16, 64-bit).
 */
class CastKernelTest {

    private static final TensorDataType F16 = TensorDataType.FLOAT16;
    private static final TensorDataType F32 = TensorDataType.FLOAT32;
    private static final TensorDataType F64 = TensorDataType.FLOAT64;
    private static final TensorDataType I8 = TensorDataType.INT8;
    private static final TensorDataType U8 = TensorDataType.UINT8;
    private static final TensorDataType I16 = TensorDataType.INT16;
    private static final TensorDataType U16 = TensorDataType.UINT16;
    private static final TensorDataType I32 = TensorDataType.INT32;
    private static final TensorDataType U32 = TensorDataType.UINT32;
    private static final TensorDataType I64 = TensorDataType.INT64;
    private static final TensorDataType U64 = TensorDataType.UINT64;

    /** Measured: truncation; an invalid conversion gives 80000000 signed, FFFFFFFF unsigned (-1.0 included). */
    @Test
    void floatsTruncateIntoThe32BitRegister() {
        assertArrayEquals(new long[] {0xFFFF_FFFEL, 0x8000_0000L, 0x8000_0000L, 0x0L},
                cast(F32, I32, 0xC020_0000L, 0x4F00_0000L, 0x7FC0_0000L, 0x8000_0001L));
        assertArrayEquals(new long[] {0xFFFF_FFFFL, 0x0L, 0x8000_0000L, 0xFFFF_FF00L, 0xFFFF_FFFFL},
                cast(F32, U32, 0xBF80_0000L, 0xBF00_0000L, 0x4F00_0000L, 0x4F7F_FFFFL, 0x7FC0_0000L));
    }

    /** Measured: 128 gives 127, 2^31 gives -128 (80000000 saturated); to UINT8 -1.0 gives 255 and -0.5 gives 0. */
    @Test
    void floatsToNarrowIntegersSaturateTheRegister() {
        assertArrayEquals(new long[] {0x7F, 0x80, 0x7F, 0x80, 0x80},
                cast(F32, I8, 0x4300_0000L, 0xC301_0000L, 0x4EFF_FFFFL, 0x4F00_0000L, 0x7F80_0000L));
        assertArrayEquals(new long[] {0xFF, 0x00, 0xFF, 0xFF}, cast(F32, U8, 0xBF80_0000L, 0xBF00_0000L,
                0x4380_0000L, 0xFFC0_0000L));
    }

    /** Measured: extended by the input's signedness, saturated by the output's, the bits kept at equal width. */
    @Test
    void integersGoThroughThe32BitRegister() {
        assertArrayEquals(new long[] {0x7F, 0x80}, cast(I32, I8, 0x7FFF_FFFFL, 0x8000_0000L));
        assertArrayEquals(new long[] {0xFF, 0xFF, 0x80}, cast(I32, U8, 0xFFFF_FFFFL, 0x8000_0000L, 0x80));
        assertArrayEquals(new long[] {0xFF}, cast(I8, U8, 0x80));
        assertArrayEquals(new long[] {0xFFFF_FF80L}, cast(I8, U32, 0x80));
        assertArrayEquals(new long[] {0x7F}, cast(U8, I8, 0x80));
        assertArrayEquals(new long[] {0x80, 0xFF}, cast(U32, I8, 0xDDA4_EFE1L, 0xFFFF_FFFFL));
        assertArrayEquals(new long[] {0xDDA4_EFE1L}, cast(I32, U32, 0xDDA4_EFE1L));
    }

    /** Measured: to nearest, ties to even; the same type copies the bits, a signaling NaN included. */
    @Test
    void integersRoundToFloatAndFloatsKeepTheirBits() {
        assertArrayEquals(new long[] {0x4B80_0000L, 0x4B80_0002L, 0x4F00_0000L},
                cast(I32, F32, 0x0100_0001L, 0x0100_0003L, 0x7FFF_FFC0L));
        assertArrayEquals(new long[] {0x4F80_0000L, 0x4F5D_A4F0L}, cast(U32, F32, 0xFFFF_FF80L, 0xDDA4_EFE1L));
        assertArrayEquals(new long[] {0x7F80_0001L, 0xFFA0_0001L}, cast(F32, F32, 0x7F80_0001L, 0xFFA0_0001L));
    }

    /**
     * Inferred, by hand: FLOAT64 to FLOAT32 rounds to nearest even (1 + 2^-24 and 2^-150 are ties), keeps denormals,
     * overflows past the midpoint above the largest float; NaNs come out quiet with sign and leading payload.
     */
    @Test
    void float64AndFloat16ConvertToNearestEvenWithQuietNans() {
        assertArrayEquals(new long[] {0x3F80_0000L, 0x3F80_0002L, 0x1L, 0x0L, 0x7F80_0000L, 0x7FC0_0000L,
            0xFFC0_0001L}, cast(F64, F32, 0x3FF0_0000_1000_0000L, 0x3FF0_0000_3000_0000L, 0x36A0_0000_0000_0000L,
                0x3690_0000_0000_0000L, 0x47EF_FFFF_F000_0000L, 0x7FF0_0000_0000_0001L, 0xFFF0_0000_2000_0001L));
        assertArrayEquals(new long[] {0x7FF8_0000_2000_0000L, 0x36A0_0000_0000_0000L},
                cast(F32, F64, 0x7F80_0001L, 0x1L));
        assertArrayEquals(new long[] {0x7C00, 0x1, 0x0, 0x7E09}, cast(F32, F16, 0x477F_F000L, 0x3300_0001L,
                0x3300_0000L, 0x7FC1_2345L));
        assertArrayEquals(new long[] {0x6800, 0x6802, 0x7C00}, cast(I32, F16, 2049, 2051, 65520));
    }

    /** Inferred, by hand: 16-bit types follow the 8-bit ones through the 32-bit register. */
    @Test
    void sixteenBitTypesFollowTheirFamilies() {
        assertArrayEquals(new long[] {0x8000, 0x7FFF}, cast(F16, I16, 0x7C00, 0x7BFF));
        assertArrayEquals(new long[] {0xFFFF}, cast(F16, U16, 0xBC00));
        assertArrayEquals(new long[] {0xFF}, cast(I16, U8, 0xFFFF));
        assertArrayEquals(new long[] {0x7FFF}, cast(U16, I16, 0x8000));
    }

    /** Inferred, by hand: with a 64-bit type the register is 64 bits wide, with the same rules. */
    @Test
    void sixtyFourBitPairsUseA64BitRegister() {
        assertArrayEquals(new long[] {Long.MIN_VALUE}, cast(F32, I64, 0x5F00_0000L));
        assertArrayEquals(new long[] {-1L, Long.MIN_VALUE}, cast(F32, U64, 0xBF80_0000L, 0x5F00_0000L));
        assertArrayEquals(new long[] {0x7FFF_FFFFL}, cast(I64, I32, 0x1_0000_0000L));
        assertArrayEquals(new long[] {0x80}, cast(U64, I8, Long.MIN_VALUE));
        assertArrayEquals(new long[] {0xFFFF_FFFF_FFFF_FF80L}, cast(I8, U64, 0x80));
        assertArrayEquals(new long[] {0x5F80_0000L, 0x5F00_0000L}, cast(U64, F32, -1L, 0x8000_0080_0000_0000L));
        assertArrayEquals(new long[] {0x4340_0000_0000_0000L}, cast(I64, F64, (1L << 53) + 1));
        assertArrayEquals(new long[] {0x43F0_0000_0000_0000L}, cast(U64, F64, -1L));
    }

    /** Each element's output bits for input bits {@code in}, on packed tensors. */
    private static long[] cast(TensorDataType from, TensorDataType to, long... in) {
        BufferTensorDesc input = BufferTensorDesc.packed(from, in.length);
        BufferTensorDesc output = BufferTensorDesc.packed(to, in.length);
        int inWidth = from.sizeInBytes();
        byte[] bytes = new byte[in.length * inWidth];
        for (int i = 0; i < in.length; i++) {
            for (int b = 0; b < inWidth; b++) {
                bytes[i * inWidth + b] = (byte) (in[i] >>> (8 * b));
            }
        }
        byte[] out = ElementWiseKernelsTest.run(new CastOperatorDesc(input, output), to, bytes);
        int outWidth = to.sizeInBytes();
        long[] bits = new long[in.length];
        for (int i = 0; i < in.length; i++) {
            for (int b = outWidth - 1; b >= 0; b--) {
                bits[i] = bits[i] << 8 | out[i * outWidth + b] & 0xFF;
            }
        }
        return bits;
    }
}
