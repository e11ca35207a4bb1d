package dev.dmlemu.nativebridge;

import static dev.dmlemu.nativebridge.LittleEndianBuffers.floats;
import static dev.dmlemu.nativebridge.LittleEndianBuffers.readFloats;
import static dev.dmlemu.nativebridge.LittleEndianBuffers.uints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The DirectML docs example for GATHER_ELEMENTS (input 3x3 = 1..9, indices [[1,2,0],[2,0,0]], axis 0 → output
 * [[4,8,3],[7,2,3]]), written 4-D as the 2_1 table requires: {1,1,3,3} / {1,1,2,3}, axis 2. Windows only.
 */
@Tag("directml")
@ExtendWith(PrintSkipReason.class)
class DocsExampleTest {

    private static final String NEEDS_WINDOWS = "DirectML needs Windows (x64/arm64)";

    static ValidatedOperator docsExample(FeatureLevel level) {
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3);
        BufferTensorDesc output = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3);
        return TestOperators.validated(new GatherElementsOperatorDesc(input, indices, output, 2), level,
                IndexSemantics.UNSIGNED);
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void theDocsExampleGivesTheDocumentedOutput() {
        try (DirectMlBackend backend = WindowsBackends.openOrSkip(DirectMlOptions.defaults());
                PreparedOperator prepared = backend.prepare(docsExample(FeatureLevel.LEVEL_2_1))) {
            ByteBuffer output = ByteBuffer.allocate(24);
            prepared.execute(Bindings.of(BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                    BufferBinding.of(uints(1, 2, 0, 2, 0, 0)), BufferBinding.of(output)));
            assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, readFloats(output));
            // A prepared operator runs again with new data.
            ByteBuffer again = ByteBuffer.allocate(24);
            prepared.execute(Bindings.of(BufferBinding.of(floats(10, 20, 30, 40, 50, 60, 70, 80, 90)),
                    BufferBinding.of(uints(0, 0, 0, 1, 1, 1)), BufferBinding.of(again)));
            assertArrayEquals(new float[] {10, 20, 30, 40, 50, 60}, readFloats(again));
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void outputBytesTheStridesSkipAreLeftAsTheyWere() {
        // Output {1,1,2,3} with strides {8,8,4,1}: rows are 4 floats apart, so float 3 of each row is padding.
        // TotalTensorSizeInBytes = (1*4 + 2*1 + 1) * 4 = 28; the buffer holds 8 floats pre-filled with -1.
        BufferTensorDesc input = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3);
        BufferTensorDesc indices = BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3);
        BufferTensorDesc output = new BufferTensorDesc(TensorDataType.FLOAT32, TensorFlags.NONE, 4,
                List.of(1L, 1L, 2L, 3L), Optional.of(List.of(8L, 8L, 4L, 1L)), 24 + 4, 0);
        ValidatedOperator operator = TestOperators.validated(
                new GatherElementsOperatorDesc(input, indices, output, 2), FeatureLevel.LEVEL_2_1,
                IndexSemantics.UNSIGNED);
        try (DirectMlBackend backend = WindowsBackends.openOrSkip(DirectMlOptions.defaults());
                PreparedOperator prepared = backend.prepare(operator)) {
            ByteBuffer out = floats(-1, -1, -1, -1, -1, -1, -1, -1);
            prepared.execute(Bindings.of(BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                    BufferBinding.of(uints(1, 2, 0, 2, 0, 0)), BufferBinding.of(out)));
            assertArrayEquals(new float[] {4, 8, 3, -1, 7, 2, 3, -1}, readFloats(out));
        }
    }

    @Test
    @EnabledOnOs(value = OS.WINDOWS, disabledReason = NEEDS_WINDOWS)
    void aBindingSmallerThanItsTensorIsRefusedBeforeAnyGpuWork() {
        try (DirectMlBackend backend = WindowsBackends.openOrSkip(DirectMlOptions.defaults());
                PreparedOperator prepared = backend.prepare(docsExample(FeatureLevel.LEVEL_2_1))) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class, () -> prepared.execute(
                    Bindings.of(BufferBinding.of(floats(1, 2, 3)), BufferBinding.of(uints(1, 2, 0, 2, 0, 0)),
                            BufferBinding.of(ByteBuffer.allocate(24)))));
            assertEquals("DML_OPERATOR_GATHER_ELEMENTS InputTensor binding of 12 bytes is smaller than its "
                    + "TotalTensorSizeInBytes 36", e.getMessage());
        }
    }
}
