package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.conformance.realdml.RealDirectMl.BytesRun;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CastOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * CAST on the real DLL (docs/directml-behaviour.md §15.6), per pair of the device's data types: which pairs
 * CompileOperator accepts (for 1, 4 and 20 packed elements, a transposed and a broadcast input), and for each accepted
 * pair, the outputs of probe values (NaN, ±infinity, ±0, denormals, ties, each type's limits and one past them, the
 * 32-bit limits) against the emulator and the naive reference, bit for bit. The measured values the rules rest on are
 * written out below and checked against the DLL's output first. The DLL's values are printed.
 */
class CastMeasuredTest {

    private static final TensorDataType F32 = TensorDataType.FLOAT32;
    private static final TensorDataType I8 = TensorDataType.INT8;
    private static final TensorDataType U8 = TensorDataType.UINT8;
    private static final TensorDataType I32 = TensorDataType.INT32;
    private static final TensorDataType U32 = TensorDataType.UINT32;

    /** One measured conversion: an input element's bits and the output's, as the DLL gave them. */
    private record Measured(TensorDataType from, TensorDataType to, long in, long out) {}

    private static final List<Measured> MEASURED = List.of(
            // Floats to 32-bit integers truncate; out of range, NaN and infinities give 80000000 when signed...
            new Measured(F32, I32, 0xC020_0000L, 0xFFFF_FFFEL), new Measured(F32, I32, 0x4B80_0001L, 0x0100_0002L),
            new Measured(F32, I32, 0x4F00_0000L, 0x8000_0000L), new Measured(F32, I32, 0x7FC0_0000L, 0x8000_0000L),
            new Measured(F32, I32, 0x8000_0001L, 0x0L),
            // ... and FFFFFFFF when unsigned, -1.0 included, while -0.5 truncates to 0.
            new Measured(F32, U32, 0xBF80_0000L, 0xFFFF_FFFFL), new Measured(F32, U32, 0xBF00_0000L, 0x0L),
            new Measured(F32, U32, 0x4F00_0000L, 0x8000_0000L), new Measured(F32, U32, 0x4F7F_FFFFL, 0xFFFF_FF00L),
            new Measured(F32, U32, 0x4F80_0000L, 0xFFFF_FFFFL), new Measured(F32, U32, 0xFF80_0000L, 0xFFFF_FFFFL),
            // Floats to 8-bit integers: the 32-bit result, saturated (2^31 gave 80000000, so INT8 -128).
            new Measured(F32, I8, 0x4300_0000L, 0x7FL), new Measured(F32, I8, 0xC301_0000L, 0x80L),
            new Measured(F32, I8, 0x4EFF_FFFFL, 0x7FL), new Measured(F32, I8, 0x4F00_0000L, 0x80L),
            new Measured(F32, I8, 0x7FC0_0000L, 0x80L), new Measured(F32, U8, 0xBF80_0000L, 0xFFL),
            new Measured(F32, U8, 0xBF00_0000L, 0x0L), new Measured(F32, U8, 0x4380_0000L, 0xFFL),
            new Measured(F32, U8, 0xFFC0_0000L, 0xFFL),
            // Same type: the bits, a signaling NaN included.
            new Measured(F32, F32, 0x7F80_0001L, 0x7F80_0001L), new Measured(F32, F32, 0xFFA0_0001L, 0xFFA0_0001L),
            // Integers: extended by their own signedness, saturated by the output's.
            new Measured(I32, I8, 0x7FFF_FFFFL, 0x7FL), new Measured(I32, I8, 0x8000_0000L, 0x80L),
            new Measured(I32, U8, 0xFFFF_FFFFL, 0xFFL), new Measured(I32, U8, 0x8000_0000L, 0xFFL),
            new Measured(I8, U8, 0x80L, 0xFFL), new Measured(I8, U32, 0x80L, 0xFFFF_FF80L),
            new Measured(U8, I8, 0x80L, 0x7FL), new Measured(U32, I8, 0xDDA4_EFE1L, 0x80L),
            new Measured(U32, I8, 0xFFFF_FFFFL, 0xFFL), new Measured(U32, U8, 0x8000_0000L, 0xFFL),
            new Measured(I32, U32, 0xDDA4_EFE1L, 0xDDA4_EFE1L), new Measured(U32, I32, 0x8000_0000L, 0x8000_0000L),
            // Integers to FLOAT32: to nearest, ties to even.
            new Measured(I32, F32, 0x0100_0001L, 0x4B80_0000L), new Measured(I32, F32, 0x0100_0003L, 0x4B80_0002L),
            new Measured(I32, F32, 0x7FFF_FFC0L, 0x4F00_0000L), new Measured(U32, F32, 0xFFFF_FF80L, 0x4F80_0000L),
            new Measured(U32, F32, 0xDDA4_EFE1L, 0x4F5D_A4F0L));

    @Test
    void theDeviceCompilesOnlyThe32BitPairsAndEveryOneMatchesTheProbes() throws Exception {
        RealDirectMl real = RealDirectMl.locateOrSkip("CastMeasuredTest");
        FeatureLevelValidator validator = new FeatureLevelValidator();
        HexFormat hex = HexFormat.of().withUpperCase();
        int compared = 0;
        try (Emulator emulator = new Emulator()) {
            for (TensorDataType from : DllOutputs.DEVICE_DATA_TYPES) {
                for (TensorDataType to : DllOutputs.DEVICE_DATA_TYPES) {
                    boolean wide = from.sizeInBits() == 64 || to.sizeInBits() == 64;
                    List<String> verdicts = new ArrayList<>();
                    for (CastOperatorDesc shape : shapes(from, to)) {
                        BufferTensorDesc in = (BufferTensorDesc) shape.inputTensor();
                        BytesRun run = real.executeBytes(shape, List.of(ByteBuffer.allocate(
                                (int) in.totalTensorSizeInBytes())), ((BufferTensorDesc) shape.outputTensor())
                                .totalTensorSizeInBytes());
                        verdicts.add(run.output().isPresent() ? "ran"
                                : run.failedAt() + " " + Integer.toHexString(run.hresult()));
                        assertEquals(!wide, run.output().isPresent(), () -> from + " to " + to + " " + in
                                + ": " + run.failedAt() + " " + Integer.toHexString(run.hresult()));
                    }
                    if (wide) {
                        System.out.println("CastMeasuredTest " + from + " to " + to + ": " + verdicts);
                        continue;
                    }
                    long[] probes = probes(from);
                    ElementWiseCase c = probeCase(from, to, probes);
                    byte[] dll = real.executeBytes(c.desc(), List.of(c.inputs().get(0).toBuffer()),
                            c.outputTensor().totalTensorSizeInBytes()).output().orElseThrow();
                    byte[] emulated = EmulatorOnCase.output(emulator, validator, "CAST", c.desc(), c::toString,
                            TensorBytes.of(new byte[dll.length]), c.inputs().get(0));
                    StringBuilder line = new StringBuilder("CastMeasuredTest " + from + " to " + to + ":");
                    int width = to.sizeInBytes();
                    for (int i = 0; i < probes.length; i++) {
                        line.append(' ').append(Long.toHexString(probes[i]).toUpperCase()).append("->")
                                .append(hex.formatHex(reversed(dll, i * width, width)));
                    }
                    System.out.println(line);
                    // Only the probes' elements: DirectML may write into the padding that rounds the total up to
                    // 4 bytes (docs/directml-behaviour.md §5.2), and did (15 INT8 elements, the 16th byte 3F).
                    int logical = probes.length * width;
                    String expected = hex.formatHex(dll, 0, logical);
                    assertEquals(expected, hex.formatHex(emulated, 0, logical), () -> from + " to " + to
                            + ": the emulator");
                    assertEquals(expected, hex.formatHex(NaiveElementWise.run(c), 0, logical), () -> from + " to "
                            + to + ": NaiveElementWise");
                    compared++;
                }
            }
            for (Measured m : MEASURED) {
                ElementWiseCase c = probeCase(m.from(), m.to(), new long[] {m.in()});
                byte[] dll = real.executeBytes(c.desc(), List.of(c.inputs().get(0).toBuffer()),
                        c.outputTensor().totalTensorSizeInBytes()).output().orElseThrow();
                assertEquals(m.out(), Long.parseUnsignedLong(hex.formatHex(reversed(dll, 0, m.to().sizeInBytes())), 16),
                        () -> m.toString());
            }
        }
        assertEquals(25, compared);
    }

    /** 1, 4 and 20 packed elements; 2x3 with a transposed input; 2x3 with the input broadcast along its rows. */
    private static List<CastOperatorDesc> shapes(TensorDataType from, TensorDataType to) {
        List<CastOperatorDesc> shapes = new ArrayList<>();
        for (int n : new int[] {1, 4, 20}) {
            shapes.add(new CastOperatorDesc(BufferTensorDesc.packed(from, n), BufferTensorDesc.packed(to, n)));
        }
        BufferTensorDesc out = BufferTensorDesc.packed(to, 2, 3);
        shapes.add(new CastOperatorDesc(BufferTensorDesc.strided(from, List.of(2L, 3L), List.of(1L, 2L)), out));
        shapes.add(new CastOperatorDesc(BufferTensorDesc.strided(from, List.of(2L, 3L), List.of(0L, 1L)), out));
        return shapes;
    }

    private static ElementWiseCase probeCase(TensorDataType from, TensorDataType to, long[] values) {
        BufferTensorDesc in = BufferTensorDesc.packed(from, values.length);
        BufferTensorDesc out = BufferTensorDesc.packed(to, values.length);
        int width = from.sizeInBytes();
        byte[] bytes = new byte[(int) in.totalTensorSizeInBytes()];
        for (int i = 0; i < values.length; i++) {
            for (int b = 0; b < width; b++) {
                bytes[i * width + b] = (byte) (values[i] >>> (8 * b));
            }
        }
        return new ElementWiseCase(ElementWiseOp.CAST, new CastOperatorDesc(in, out), List.of(in), out,
                List.of(TensorBytes.of(bytes)));
    }

    private static byte[] reversed(byte[] bytes, int at, int width) {
        byte[] big = new byte[width];
        for (int b = 0; b < width; b++) {
            big[b] = bytes[at + width - 1 - b];
        }
        return big;
    }

    /** Probe inputs per type: zeros, ±1, halves, denormals, each integer type's limits and one past, NaNs, infinities. */
    private static long[] probes(TensorDataType t) {
        return PROBES.get(t);
    }

    private static final Map<TensorDataType, long[]> PROBES = Map.of(
            F32, new long[] {0x0, 0x8000_0000L, 0x3F80_0000, 0xBF80_0000L, 0x3F00_0000, 0x3FC0_0000, 0x4020_0000,
                0xBF00_0000L, 0xBFC0_0000L, 0xC020_0000L, 0x3EFF_FFFF, 0x1, 0x8000_0001L, 0x007F_FFFF, 0x42FF_CCCD,
                0x4300_0000, 0xC300_8000L, 0xC301_0000L, 0x437F_8000, 0x4380_0000, 0x4EFF_FFFF, 0x4F00_0000,
                0xCF00_0000L, 0xCF00_0001L, 0x4F7F_FFFF, 0x4F80_0000, 0x5F00_0000, 0x5F7F_FFFF, 0x5F80_0000,
                0xDF00_0000L, 0xDF00_0001L, 0x7F7F_FFFF, 0xFF7F_FFFFL, 0x7F80_0000, 0xFF80_0000L, 0x7FC0_0000,
                0xFFC0_0000L, 0x7FC1_2345, 0x7F80_0001, 0xFFA0_0001L, 0x4B80_0001, 0xBF7F_FFFFL, 0x477F_F000,
                0x477F_F001, 0x387F_C000, 0x3380_0000, 0x3300_0001},
            I8, new long[] {0x80, 0xFF, 0x00, 0x01, 0x7F, 0x7E, 0x81},
            U8, new long[] {0x00, 0x01, 0x02, 0x7F, 0x80, 0xFF},
            I32, new long[] {0x8000_0000L, 0xFFFF_FFFFL, 0, 1, 0x7FFF_FFFF, 0x0100_0001, 0xFEFF_FFFFL, 0x0100_0003,
                0x7FFF_FF80, 0x7FFF_FFC0, 0xFF, 0x100, 0xFFFF_FF7FL, 0x80, 0xFFFF, 0xFFFF_7FFFL, 0x8000,
                0xFFFF_FF80L, 0x7FFF, 0x1_0000},
            U32, new long[] {0, 1, 0x7FFF_FFFF, 0x8000_0000L, 0xFFFF_FFFFL, 0x0100_0001, 0xFF, 0x100, 0xFFFF_FF80L,
                0xFFFF_FF7FL, 0x8000, 0x1_0000, 0xDDA4_EFE1L, 0x7F, 0x80});
}
