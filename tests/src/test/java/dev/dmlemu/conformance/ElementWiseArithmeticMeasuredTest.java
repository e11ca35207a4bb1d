package dev.dmlemu.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.conformance.realdml.RealDirectMl.BytesRun;
import dev.dmlemu.conformance.realdml.RealDirectMl;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseDifferenceSquareOperatorDesc;
import dev.dmlemu.desc.ElementWiseDivideOperatorDesc;
import dev.dmlemu.desc.ElementWiseMeanOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusTruncateOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.nativebridge.host.HostStage;
import dev.dmlemu.testkit.ArithmeticProbes.Probe;
import dev.dmlemu.testkit.ArithmeticProbes;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Where DirectML's element-wise arithmetic is a choice, which one the real DLL makes (docs/directml-behaviour.md
 * §15.7): the recorded probes of {@link ArithmeticProbes} still come out as recorded; on 4095 random FLOAT32 pairs
 * (random bits, moderate values, small integers) DIVIDE is correctly rounded and MEAN, DIFFERENCE_SQUARE and the two
 * modulus operators equal the kit's naive reference; and which packed FLOAT32 DIVIDE shapes CompileOperator accepts.
 */
class ElementWiseArithmeticMeasuredTest {

    @Test
    void theDllStillGivesTheRecordedProbeOutputs() {
        RealDirectMl real = RealDirectMl.locateOrSkip("ElementWiseArithmeticMeasuredTest");
        List<String> differing = new ArrayList<>();
        for (Probe probe : ArithmeticProbes.all()) {
            BytesRun run = real.executeBytes(probe.desc(),
                    probe.inputs().stream().map(TensorBytes::toBuffer).toList(),
                    probe.outputTensor().totalTensorSizeInBytes());
            if (run.output().isEmpty()) {
                differing.add(probe.name() + ": refused at " + run.failedAt());
                continue;
            }
            int width = probe.outputTensor().dataType().sizeInBytes();
            byte[] out = run.output().get();
            for (int i = 0; i < probe.expected().length; i++) {
                long got = 0;
                for (int k = 0; k < width; k++) {
                    got |= (out[i * width + k] & 0xFFL) << (8 * k);
                }
                if (got != probe.expected()[i]) {
                    differing.add(probe.name() + " element " + i + ": " + Long.toHexString(got) + ", recorded "
                            + Long.toHexString(probe.expected()[i]));
                }
            }
        }
        assertTrue(differing.isEmpty(), () -> String.join("\n", differing));
    }

    private static final int PAIRS = 4095;

    /** Random FLOAT32 bits, moderate Gaussian values and small integers, so quotients of every size occur. */
    private static ByteBuffer[] randomPairs(long seed) {
        Random r = new Random(seed);
        ByteBuffer a = ByteBuffer.allocate(PAIRS * 4).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer b = ByteBuffer.allocate(PAIRS * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < PAIRS; i++) {
            float x = Float.intBitsToFloat(r.nextInt());
            float y = Float.intBitsToFloat(r.nextInt());
            if (i % 3 == 0) {
                x = (float) r.nextGaussian() * 100;
                y = (float) r.nextGaussian() * 10;
            }
            if (i % 7 == 0) {
                x = r.nextInt(41) - 20;
                y = r.nextInt(13) - 6;
            }
            a.putFloat(i * 4, x);
            b.putFloat(i * 4, y);
        }
        return new ByteBuffer[] {a, b};
    }

    @Test
    void float32DivideIsCorrectlyRoundedAndTheOtherStepsAreTheKitsRules() {
        RealDirectMl real = RealDirectMl.locateOrSkip("ElementWiseArithmeticMeasuredTest (random pairs)");
        BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.FLOAT32, PAIRS);
        ByteBuffer[] pairs = randomPairs(42);
        byte[] quotients = real.executeBytes(new ElementWiseDivideOperatorDesc(t, t, t),
                List.of(pairs[0], pairs[1]), PAIRS * 4L).output().orElseThrow();
        ByteBuffer q = ByteBuffer.wrap(quotients).order(ByteOrder.LITTLE_ENDIAN);
        int correctlyRounded = 0;
        for (int i = 0; i < PAIRS; i++) {
            float expected = pairs[0].getFloat(i * 4) / pairs[1].getFloat(i * 4);
            float got = q.getFloat(i * 4);
            correctlyRounded += Float.floatToRawIntBits(got) == Float.floatToRawIntBits(expected)
                    || Float.isNaN(got) && Float.isNaN(expected) ? 1 : 0;
        }
        System.out.println("PROBE DIVIDE FLOAT32: correctly rounded on " + correctlyRounded + " of " + PAIRS);
        assertEquals(PAIRS, correctlyRounded);
        List<Function<BufferTensorDesc, OperatorDesc>> others = List.of(
                x -> new ElementWiseDivideOperatorDesc(x, x, x), x -> new ElementWiseMeanOperatorDesc(x, x, x),
                x -> new ElementWiseDifferenceSquareOperatorDesc(x, x, x),
                x -> new ElementWiseModulusTruncateOperatorDesc(x, x, x),
                x -> new ElementWiseModulusFloorOperatorDesc(x, x, x));
        for (Function<BufferTensorDesc, OperatorDesc> make : others) {
            OperatorDesc desc = make.apply(t);
            byte[] dll = real.executeBytes(desc, List.of(pairs[0], pairs[1]), PAIRS * 4L).output().orElseThrow();
            ElementWiseOp op = ElementWiseOp.valueOf(desc.operatorType().name().substring("ELEMENT_WISE_".length()));
            byte[] naive = NaiveElementWise.run(new ElementWiseCase(op, desc, List.of(t, t), t,
                    List.of(TensorBytes.copyOf(pairs[0]), TensorBytes.copyOf(pairs[1]))));
            int same = 0;
            String first = "";
            for (int i = 0; i < PAIRS; i++) {
                if (Arrays.equals(dll, i * 4, i * 4 + 4, naive, i * 4, i * 4 + 4)) {
                    same++;
                } else if (first.isEmpty()) {
                    first = " first difference at " + i + ": DLL " + HexFormat.of().formatHex(dll, i * 4, i * 4 + 4)
                            + ", naive " + HexFormat.of().formatHex(naive, i * 4, i * 4 + 4);
                }
            }
            System.out.println("PROBE " + op + " FLOAT32: naive reference on " + same + " of " + PAIRS + first);
            assertEquals(PAIRS, same, op + first);
        }
    }

    @Test
    void compileOperatorRefusesPackedFloat32DivideOverMultiplesOfFourElements() {
        RealDirectMl real = RealDirectMl.locateOrSkip("ElementWiseArithmeticMeasuredTest (compile shapes)");
        for (int count : new int[] {1, 3, 5, 7, 17, 33, 4, 8, 12, 20, 64}) {
            BufferTensorDesc t = BufferTensorDesc.packed(TensorDataType.FLOAT32, count);
            ByteBuffer ones = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < count; i++) {
                ones.putFloat(i * 4, 1f);
            }
            BytesRun run = real.executeBytes(new ElementWiseDivideOperatorDesc(t, t, t), List.of(ones, ones),
                    count * 4L);
            if (count % 4 == 0) {
                assertEquals(HostStage.COMPILE, run.failedAt(), "FLOAT32 DIVIDE over " + count);
            } else {
                assertTrue(run.output().isPresent(), "FLOAT32 DIVIDE over " + count + ": " + run.failedAt());
            }
        }
    }
}
