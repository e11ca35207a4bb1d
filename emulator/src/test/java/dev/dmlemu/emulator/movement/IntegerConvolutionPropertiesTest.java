package dev.dmlemu.emulator.movement;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.emulator.Emulator;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.testkit.CaseOptions;
import dev.dmlemu.testkit.IntegerConvolutionCases;
import dev.dmlemu.testkit.MovementCase;
import dev.dmlemu.testkit.NaiveIntegerConvolution;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * CONVOLUTION_INTEGER (the emulator's {@code IntegerConvolutionKernel}) against the kit's naive reference on seeded
 * 1-D and 2-D cases, through the movement kernels' driver (heap and direct buffers, one thread and four).
 */
class IntegerConvolutionPropertiesTest {

    @Test
    void matchesTheNaiveReference() {
        IntegerConvolutionCases cases = new IntegerConvolutionCases(CaseOptions.defaults());
        Random seeds = new Random(0xC0DE_1A7EL);
        try (Emulator one = new Emulator(EmulatorOptions.defaults().withThreads(1));
                Emulator four = new Emulator(EmulatorOptions.defaults().withThreads(4))) {
            for (int n = 0; n < 300; n++) {
                long seed = seeds.nextLong();
                MovementCase c = cases.generate(seed);
                List<byte[]> expected = NaiveIntegerConvolution.run(c);
                List<byte[]> actual = MovementRun.outputs(n % 2 == 0 ? one : four, c, n % 3 == 0);
                assertEquals(1, actual.size());
                assertArrayEquals(expected.get(0), actual.get(0), () -> "seed " + seed + ": " + c);
            }
        }
    }
}
