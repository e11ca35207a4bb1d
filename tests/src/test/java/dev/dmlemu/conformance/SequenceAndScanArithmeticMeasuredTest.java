package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Where DirectML's arithmetic is a choice, which one the real DLL makes (docs/directml-behaviour.md §16): FLOAT32
 * FILL_VALUE_SEQUENCE against three candidates (round the product then the sum; one fused multiply-add; in double
 * rounded once) and a running sum; integer sequences wrapping; FLOAT32 cumulative sums (inclusive and exclusive) and
 * products against the sequential running value and a sum carried in double. Each count is printed; the rule the
 * emulator follows must match every element.
 */
class SequenceAndScanArithmeticMeasuredTest {

    @Test
    void theRealDllRoundsEachStepInFloat32AndWrapsIntegers() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SequenceAndScanArithmeticMeasuredTest");
        float[][] seqs = {{0.1f, 0.3f}, {1e7f, 0.1f}, {16777216f, 1f}, {-3.7f, 1.3e-3f}, {0.33333334f, 0.7f}};
        int n = 4096;
        for (float[] sd : seqs) {
            BufferTensorDesc out = BufferTensorDesc.packed(TensorDataType.FLOAT32, n);
            var desc = new FillValueSequenceOperatorDesc(out, TensorDataType.FLOAT32,
                    ScalarUnion.of(TensorDataType.FLOAT32, sd[0]), ScalarUnion.of(TensorDataType.FLOAT32, sd[1]));
            ByteBuffer b = ByteBuffer.wrap(real.executeArrays(desc, List.of(new byte[n * 4])).get(0))
                    .order(ByteOrder.LITTLE_ENDIAN);
            int a = 0, f = 0, d = 0, acc = 0;
            float running = sd[0];
            int firstA = -1;
            for (int e = 0; e < n; e++) {
                float got = b.getFloat(e * 4);
                float ma = sd[0] + (float) e * sd[1];
                float mf = Math.fma((float) e, sd[1], sd[0]);
                float md = (float) ((double) sd[0] + (double) e * (double) sd[1]);
                if (e > 0) {
                    running = running + sd[1];
                }
                a += Float.floatToRawIntBits(got) == Float.floatToRawIntBits(ma) ? 1 : 0;
                if (firstA < 0 && Float.floatToRawIntBits(got) != Float.floatToRawIntBits(ma)) {
                    firstA = e;
                    System.out.println("  first diff from A at " + e + ": got " + got + " A " + ma + " fma " + mf
                            + " double " + md + " acc " + running);
                }
                f += Float.floatToRawIntBits(got) == Float.floatToRawIntBits(mf) ? 1 : 0;
                d += Float.floatToRawIntBits(got) == Float.floatToRawIntBits(md) ? 1 : 0;
                acc += Float.floatToRawIntBits(got) == Float.floatToRawIntBits(running) ? 1 : 0;
            }
            System.out.println("PROBE fill " + sd[0] + " " + sd[1] + ": mul-then-add " + a + " fma " + f
                    + " double " + d + " accumulate " + acc + " of " + n);
            assertEquals(n, a, "FILL_VALUE_SEQUENCE FLOAT32 rounds the product, then the sum");
        }
        // Integer wrap: INT8 100 + 10 e.
        BufferTensorDesc i8 = BufferTensorDesc.packed(TensorDataType.INT8, 8);
        var idesc = new FillValueSequenceOperatorDesc(i8, TensorDataType.INT8,
                ScalarUnion.ofInteger(TensorDataType.INT8, 100), ScalarUnion.ofInteger(TensorDataType.INT8, 10));
        byte[] got = real.executeArrays(idesc, List.of(new byte[8])).get(0);
        System.out.println("PROBE fill INT8 100 by 10: " + java.util.Arrays.toString(java.util.Arrays.copyOf(got, 8)));
        assertArrayEquals(new byte[] {100, 110, 120, -126, -116, -106, -96, -86}, java.util.Arrays.copyOf(got, 8));
        BufferTensorDesc u32 = BufferTensorDesc.packed(TensorDataType.UINT32, 4);
        var udesc = new FillValueSequenceOperatorDesc(u32, TensorDataType.UINT32,
                ScalarUnion.ofInteger(TensorDataType.UINT32, 0xFFFFFFFEL), ScalarUnion.ofInteger(TensorDataType.UINT32, 1));
        ByteBuffer ub = ByteBuffer.wrap(real.executeArrays(udesc, List.of(new byte[16])).get(0)).order(ByteOrder.LITTLE_ENDIAN);
        System.out.println("PROBE fill UINT32 2^32-2 by 1: " + Integer.toUnsignedString(ub.getInt(0)) + " "
                + Integer.toUnsignedString(ub.getInt(4)) + " " + Integer.toUnsignedString(ub.getInt(8)) + " "
                + Integer.toUnsignedString(ub.getInt(12)));
        assertEquals(List.of(-2, -1, 0, 1), List.of(ub.getInt(0), ub.getInt(4), ub.getInt(8), ub.getInt(12)));
        // Cumulative sums along an axis of length L: sequential vs other orders.
        Random r = new Random(5);
        for (int length : new int[] {7, 64, 1000, 4096}) {
            BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, length);
            ByteBuffer in = ByteBuffer.allocate(3 * length * 4).order(ByteOrder.LITTLE_ENDIAN);
            float[] x = new float[3 * length];
            for (int i = 0; i < x.length; i++) {
                x[i] = (float) (r.nextGaussian() * Math.pow(10, r.nextInt(6) - 2));
                in.putFloat(i * 4, x[i]);
            }
            for (boolean exclusive : new boolean[] {false, true}) {
                var sdesc = new CumulativeSummationOperatorDesc(t, t, 1, AxisDirection.INCREASING, exclusive);
                ByteBuffer o = ByteBuffer.wrap(real.executeArrays(sdesc, List.of(in.array(), new byte[in.capacity()]))
                        .get(1 - 1)).order(ByteOrder.LITTLE_ENDIAN);
                int seq = 0, dbl = 0;
                int firstDiff = -1;
                for (int row = 0; row < 3; row++) {
                    float s = 0;
                    double sd = 0;
                    for (int i = 0; i < length; i++) {
                        float before = s;
                        double beforeD = sd;
                        s += x[row * length + i];
                        sd += x[row * length + i];
                        float expect = exclusive ? before : s;
                        float expectD = (float) (exclusive ? beforeD : sd);
                        float g = o.getFloat((row * length + i) * 4);
                        boolean ok = Float.floatToRawIntBits(g) == Float.floatToRawIntBits(expect);
                        seq += ok ? 1 : 0;
                        dbl += Float.floatToRawIntBits(g) == Float.floatToRawIntBits(expectD) ? 1 : 0;
                        if (!ok && firstDiff < 0) {
                            firstDiff = row * length + i;
                        }
                    }
                }
                System.out.println("PROBE cumsum L=" + length + " exclusive=" + exclusive + ": sequential " + seq
                        + " double " + dbl + " of " + 3 * length + " first diff " + firstDiff);
                assertEquals(3 * length, seq, "cumulative sums run sequentially in FLOAT32");
            }
            for (int i = 0; i < x.length; i++) {
                x[i] = (float) (1 + r.nextGaussian() * 0.01);
                in.putFloat(i * 4, x[i]);
            }
            var pdesc = new CumulativeProductOperatorDesc(t, t, 1, AxisDirection.INCREASING, false);
            ByteBuffer o = ByteBuffer.wrap(real.executeArrays(pdesc, List.of(in.array(), new byte[in.capacity()]))
                    .get(0)).order(ByteOrder.LITTLE_ENDIAN);
            int seq = 0;
            for (int row = 0; row < 3; row++) {
                float p = 1;
                for (int i = 0; i < length; i++) {
                    p *= x[row * length + i];
                    seq += Float.floatToRawIntBits(o.getFloat((row * length + i) * 4)) == Float.floatToRawIntBits(p) ? 1 : 0;
                }
            }
            System.out.println("PROBE cumprod L=" + length + ": sequential " + seq + " of " + 3 * length);
            assertEquals(3 * length, seq, "cumulative products run sequentially in FLOAT32");
        }
    }

    @Test
    void sixtyFourBitCumulativeOperatorsDoNotCompileOnTheDevice() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("SequenceAndScanArithmeticMeasuredTest (64-bit scans)");
        for (TensorDataType type : List.of(TensorDataType.INT64, TensorDataType.UINT64)) {
            BufferTensorDesc t = BufferTensorDesc.packed(type, 2, 3);
            for (var desc : List.of(new CumulativeSummationOperatorDesc(t, t, 1, AxisDirection.INCREASING, false),
                    new CumulativeProductOperatorDesc(t, t, 1, AxisDirection.INCREASING, false))) {
                java.io.IOException refused = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                        () -> real.executeArrays(desc, List.of(new byte[48], new byte[48])));
                assertEquals("CompileOperator returned 0x80070057", refused.getMessage());
            }
        }
    }
}
