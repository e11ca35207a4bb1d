package dev.dmlemu.conformance.realdml;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.nativebridge.host.CreateMode;
import dev.dmlemu.nativebridge.host.CreateOutcome;
import dev.dmlemu.nativebridge.host.ExecuteOutcome;
import dev.dmlemu.nativebridge.host.HostBinding;
import dev.dmlemu.nativebridge.host.HostBuffer;
import dev.dmlemu.nativebridge.host.HostLimits;
import dev.dmlemu.nativebridge.host.HostSession;
import dev.dmlemu.nativebridge.host.HostSetup;
import dev.dmlemu.nativebridge.host.HostStage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What DirectML.dll does with the bindings {@code BindingRule} refuses, sent straight through the host so that no
 * dmlemu rule stands between (docs/directml-behaviour.md §5.5): GEMM with {@code CTensor} NULL takes NONE there and
 * ignores {@code Beta}; a buffer bound to the NULL {@code CTensor}, or NONE for the required {@code BTensor}, is
 * answered S_OK, writes nothing, and removes the device, which the next call reports. Each case in a fresh host.
 */
class WrongBindingsOnRealDirectMlTest {

    private static final int DXGI_ERROR_DEVICE_REMOVED = 0x887a0005;
    private static final float[] UNTOUCHED = {-1, -1, -1, -1};
    /** [[1, 2, 3], [4, 5, 6]] by [[7, 8], [9, 10], [11, 12]], worked out by hand. */
    private static final float[] PRODUCT = {58, 64, 139, 154};

    private static ByteBuffer floats(float... values) {
        ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float value : values) {
            bytes.putFloat(value);
        }
        return bytes.flip();
    }

    private static GemmOperatorDesc gemmWithoutC(float beta) {
        return new GemmOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 2), TensorDesc.NULL,
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 2), MatrixTransform.NONE,
                MatrixTransform.NONE, 1f, beta, Optional.empty());
    }

    /** A, B, a spare buffer of 100s and the output (read back), prefilled with -1. */
    private static List<HostBuffer> buffers() {
        return List.of(HostBuffer.of(floats(1, 2, 3, 4, 5, 6), false), HostBuffer.of(floats(7, 8, 9, 10, 11, 12), false),
                HostBuffer.of(floats(100, 100, 100, 100), false), HostBuffer.of(floats(UNTOUCHED), true));
    }

    private static float[] output(ExecuteOutcome outcome) {
        float[] values = new float[4];
        ByteBuffer.wrap(outcome.readBacks().get(3)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        return values;
    }

    /** The first EXECUTE with {@code b} and {@code c} as BTensor's and CTensor's bindings, then a correct one. */
    private static ExecuteOutcome[] twice(HostSession session, float beta, HostBinding b, HostBinding c) {
        session.restart();
        CreateOutcome created = session.create(gemmWithoutC(beta), CreateMode.PREPARE, Set.of());
        assertTrue(created.succeeded(), created.describe());
        HostBinding a = new HostBinding(0, 0, 24);
        List<HostBinding> outputs = List.of(new HostBinding(3, 0, 16));
        ExecuteOutcome first = session.execute(created.handle(), List.of(a, b, c), outputs, buffers(),
                Optional.empty());
        ExecuteOutcome next = session.execute(created.handle(), List.of(a, new HostBinding(1, 0, 24),
                HostBinding.none()), outputs, buffers(), Optional.empty());
        return new ExecuteOutcome[] {first, next};
    }

    @Test
    void onlyNoneForTheNullTensorKeepsTheDevice() {
        StringBuilder whyNot = new StringBuilder();
        Optional<HostSetup> setup = HostSetup.find(System.getenv(), whyNot);
        if (setup.isEmpty()) {
            System.out.println("SKIPPED wrong bindings on the real DirectML: " + whyNot);
            Assumptions.abort(whyNot.toString());
        }
        try (HostSession session = HostSession.open(setup.get().launcher(), HostLimits.defaults())) {
            HostBinding b = new HostBinding(1, 0, 24);
            ExecuteOutcome[] none = twice(session, 0f, b, HostBinding.none());
            assertArrayEquals(PRODUCT, output(none[0]));
            assertArrayEquals(PRODUCT, output(none[1]));

            ExecuteOutcome[] beta = twice(session, 5f, b, HostBinding.none());
            assertArrayEquals(PRODUCT, output(beta[0]), "Beta is ignored without CTensor");

            for (ExecuteOutcome[] wrong : List.of(twice(session, 0f, b, new HostBinding(2, 0, 16)),
                    twice(session, 0f, HostBinding.none(), HostBinding.none()))) {
                assertTrue(wrong[0].succeeded(), wrong[0].describe());
                assertArrayEquals(UNTOUCHED, output(wrong[0]));
                assertEquals(HostStage.BIND, wrong[1].failedAt(), wrong[1].describe());
                assertEquals(DXGI_ERROR_DEVICE_REMOVED, wrong[1].hresult(), wrong[1].describe());
            }
        }
    }
}
