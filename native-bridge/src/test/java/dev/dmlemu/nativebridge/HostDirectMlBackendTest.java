package dev.dmlemu.nativebridge;

import static dev.dmlemu.nativebridge.LittleEndianBuffers.floats;
import static dev.dmlemu.nativebridge.LittleEndianBuffers.readFloats;
import static dev.dmlemu.nativebridge.LittleEndianBuffers.uints;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.execution.PreparedOperator;
import dev.dmlemu.execution.TensorBinding;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.nativebridge.host.FakeHosts;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Linux DirectML backend against the Java stand-in host: what the backend adds on top of the host session. */
class HostDirectMlBackendTest {

    private static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    private static DirectMlBackend open(String behaviour) {
        DirectMlAvailability found = DirectMl.openHost(FakeHosts.launcher(behaviour), FakeHosts.limits(),
                DirectMlOptions.defaults());
        return assertInstanceOf(DirectMlAvailability.Available.class, found, found::toString).backend();
    }

    @Test
    void theDeviceFactsComeFromHello() {
        try (DirectMlBackend backend = open("normal")) {
            assertEquals("directml", backend.name());
            assertEquals(FeatureLevel.LEVEL_6_4, backend.maxFeatureLevel());
            assertEquals("DirectML.dll 1.15.4 (C:\\fake\\DirectML.dll, under Wine), Fake adapter, "
                    + "DML_FEATURE_LEVEL_6_4", backend.deviceInfo().summary());
        }
    }

    @Test
    void runsTheDocsExampleTwiceAndKeepsUnwrittenOutputBytes() {
        try (DirectMlBackend backend = open("normal");
                PreparedOperator prepared = backend.prepare(new FeatureLevelValidator()
                        .validate(DOCS_EXAMPLE, FeatureLevel.LEVEL_6_4).validated())) {
            // Output bound at offset 4 of a 32-byte buffer filled with -1: the bytes around it stay -1.
            ByteBuffer output = floats(-1, -1, -1, -1, -1, -1, -1, -1);
            prepared.execute(Bindings.of(BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                    BufferBinding.of(uints(1, 2, 0, 2, 0, 0)), new BufferBinding(output, 4, 24)));
            // The DirectML documentation's output for this example.
            assertArrayEquals(new float[] {-1, 4, 8, 3, 7, 2, 3, -1}, readFloats(output));
            ByteBuffer again = ByteBuffer.allocate(24);
            prepared.execute(Bindings.of(BufferBinding.of(floats(10, 20, 30, 40, 50, 60, 70, 80, 90)),
                    BufferBinding.of(uints(0, 0, 0, 1, 1, 1)), BufferBinding.of(again)));
            assertArrayEquals(new float[] {10, 20, 30, 40, 50, 60}, readFloats(again));
        }
    }

    @Test
    void aDataTypeTheDeviceLacksIsRefusedBeforeTheHostIsAsked() {
        GatherElementsOperatorDesc half = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT16, 1, 1, 3, 3), DOCS_EXAMPLE.indicesTensor(),
                BufferTensorDesc.packed(TensorDataType.FLOAT16, 1, 1, 2, 3), 2);
        try (DirectMlBackend backend = open("normal")) {
            OperatorExecutionException e = assertThrows(OperatorExecutionException.class, () -> backend.prepare(
                    new FeatureLevelValidator().validate(half, FeatureLevel.LEVEL_6_4).validated()));
            assertEquals("DML_OPERATOR_GATHER_ELEMENTS InputTensor.DataType: DML_TENSOR_DATA_TYPE_FLOAT16 is not"
                    + " supported by this device (Fake adapter, CheckFeatureSupport"
                    + " DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)", e.getMessage());
        }
    }

    @Test
    void createOperatorGivesDirectMlsVerdictEvenWhenItEndsTheProcess() {
        ScatterNdOperatorDesc failFast = new ScatterNdOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3), 1, 2);
        try (DirectMlBackend backend = open("fail-fast-on=109")) {
            assertEquals(CreateVerdict.accepted(), backend.createOperator(DOCS_EXAMPLE));
            assertEquals(CreateVerdict.refused(0x80070057), backend.createOperator(
                    new GatherElementsOperatorDesc(DOCS_EXAMPLE.inputTensor(), DOCS_EXAMPLE.indicesTensor(),
                            DOCS_EXAMPLE.outputTensor(), 7)));
            CreateVerdict ended = backend.createOperator(failFast);
            assertEquals(CreateVerdict.Outcome.ENDED_PROCESS, ended.outcome());
            assertTrue(ended.detail().startsWith("DirectML ended its process while creating the operator"
                    + " (CreateOperator) (exit code 9); known DirectML bug: SCATTER_ND"), ended.detail());
            // The next desc gets a fresh host.
            assertEquals(CreateVerdict.accepted(), backend.createOperator(DOCS_EXAMPLE));
        }
    }

    @Test
    void anOperatorPreparedBeforeTheHostDiedIsCreatedAgain() {
        ScatterNdOperatorDesc failFast = new ScatterNdOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3), 1, 2);
        try (DirectMlBackend backend = open("fail-fast-on=109");
                PreparedOperator prepared = backend.prepare(new FeatureLevelValidator()
                        .validate(DOCS_EXAMPLE, FeatureLevel.LEVEL_6_4).validated())) {
            backend.createOperator(failFast);
            ByteBuffer output = ByteBuffer.allocate(24);
            prepared.execute(Bindings.of(BufferBinding.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9)),
                    BufferBinding.of(uints(1, 2, 0, 2, 0, 0)), BufferBinding.of(output)));
            assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, readFloats(output));
        }
    }

    /** The u32 words of a little-endian buffer. */
    private static int[] words(ByteBuffer buffer) {
        int[] words = new int[buffer.capacity() / 4];
        buffer.duplicate().order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(words);
        return words;
    }

    @Test
    void aNullOptionalTensorTravelsAsABindingToNoBuffer() {
        GemmOperatorDesc gemm = new GemmOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 2), TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2), MatrixTransform.NONE,
                MatrixTransform.NONE, 1f, 0f, Optional.empty());
        try (DirectMlBackend backend = open("normal");
                PreparedOperator prepared = backend.prepare(new FeatureLevelValidator()
                        .validate(gemm, FeatureLevel.LEVEL_6_4).validated())) {
            ByteBuffer output = ByteBuffer.allocate(16);
            prepared.execute(Bindings.of(BufferBinding.of(ByteBuffer.allocate(24)),
                    BufferBinding.of(ByteBuffer.allocate(24)), TensorBinding.NONE, BufferBinding.of(output)));
            // The stand-in host writes the output binding's position: A, B, the unbound C, then the output.
            assertArrayEquals(new int[] {3, 3, 3, 3}, words(output));
        }
    }

    @Test
    void eachTensorOfAnArrayIsABindingOfItsOwn() {
        // SPLIT of a 1x1x2x4 input into two 1x1x2x2 outputs: one input binding, then one per output.
        BufferTensorDesc half = BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2);
        SplitOperatorDesc split = new SplitOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 4),
                2, List.of(half, half), 3);
        try (DirectMlBackend backend = open("normal");
                PreparedOperator prepared = backend.prepare(new FeatureLevelValidator()
                        .validate(split, FeatureLevel.LEVEL_6_4).validated())) {
            ByteBuffer first = ByteBuffer.allocate(16);
            ByteBuffer second = ByteBuffer.allocate(16);
            prepared.execute(Bindings.of(BufferBinding.of(ByteBuffer.allocate(32)), BufferBinding.of(first),
                    BufferBinding.of(second)));
            assertArrayEquals(new int[] {1, 1, 1, 1}, words(first));
            assertArrayEquals(new int[] {2, 2, 2, 2}, words(second));
        }
    }
}
