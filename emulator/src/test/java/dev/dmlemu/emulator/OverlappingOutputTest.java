package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * An output layout DirectML accepts although it writes some elements twice: Sizes {256, 256} with Strides
 * {255, 2} pass DirectML's aliasing check (no zero or equal stride, 65536 elements addressed for 65536 outputs), yet
 * (0, 255) and (2, 0) are both offset 510. The emulator writes such outputs in row-major order, last write wins,
 * on one thread even when asked for more, so the bytes never depend on scheduling.
 */
class OverlappingOutputTest {

    private static final int N = 256;

    @Test
    void overlappingOutputsAreWrittenInRowMajorOrderWhateverTheThreadCount() {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, N, N);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, N, N);
        long outputTotal = ((N - 1) * 255L + (N - 1) * 2L + 1) * 4;
        BufferTensorDesc output = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 2, List.of(256L, 256L),
                Optional.of(List.of(255L, 2L)), outputTotal, 0);
        ValidationResult result = new FeatureLevelValidator().validate(
                new GatherElementsOperatorDesc(input, indices, output, 1), FeatureLevel.LEVEL_6_4);
        assertTrue(result.isValid(), result::toString);
        assertTrue(result.warnings().stream().anyMatch(d -> d.rule() == RuleId.OUTPUT_OVERLAP), result::toString);

        SplittableRandom random = new SplittableRandom(7);
        ByteBuffer inputBytes = ByteBuffer.allocate(N * N * 4).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer indexBytes = ByteBuffer.allocate(N * N * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < N * N; i++) {
            inputBytes.putInt(4 * i, random.nextInt());
            indexBytes.putInt(4 * i, random.nextInt(N));
        }
        // Expected: a plain row-major loop, last write wins; untouched bytes keep their 0x5A fill.
        byte[] expected = new byte[(int) outputTotal];
        java.util.Arrays.fill(expected, (byte) 0x5A);
        ByteBuffer expectedView = ByteBuffer.wrap(expected).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                int index = indexBytes.getInt(4 * (i * N + j));
                expectedView.putInt(4 * (i * 255 + j * 2), inputBytes.getInt(4 * (i * N + index)));
            }
        }

        try (Emulator emulator = new Emulator(EmulatorOptions.builder().threads(2).build());
                PreparedOperator prepared = emulator.prepare(result.validated())) {
            for (int run = 0; run < 5; run++) {
                byte[] actual = new byte[(int) outputTotal];
                java.util.Arrays.fill(actual, (byte) 0x5A);
                prepared.execute(Bindings.of(BufferBinding.of(inputBytes), BufferBinding.of(indexBytes),
                        BufferBinding.of(ByteBuffer.wrap(actual))));
                assertArrayEquals(expected, actual, "run " + run);
            }
        }
    }
}
