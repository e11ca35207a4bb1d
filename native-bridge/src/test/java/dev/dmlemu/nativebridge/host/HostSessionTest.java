package dev.dmlemu.nativebridge.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The client against {@link FakeHost} in a child process: framing, restarts, timeouts, crash reports. */
class HostSessionTest {

    static final GatherElementsOperatorDesc DOCS_EXAMPLE = new GatherElementsOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 3, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 2, 3),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1, 2, 3), 2);

    // A tuple longer than InputDimensionCount (docs/directml-behaviour.md §13.4): ends DirectML's process.
    static final ScatterNdOperatorDesc FAIL_FAST = new ScatterNdOperatorDesc(
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3),
            BufferTensorDesc.packed(TensorDataType.UINT32, 1, 2),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 1),
            BufferTensorDesc.packed(TensorDataType.FLOAT32, 1, 3), 1, 2);

    @Test
    void helloReportsTheDevice() {
        try (HostSession session = HostSession.open(FakeHosts.launcher("normal"), FakeHosts.limits())) {
            HostHello hello = session.hello();
            assertEquals("Fake adapter", hello.adapterDescription());
            assertEquals("1.15.4", hello.dllVersion());
            assertEquals(Optional.of(FeatureLevel.LEVEL_6_4), hello.maxFeatureLevel());
            assertTrue(hello.supportedDataTypes().contains(TensorDataType.FLOAT32));
            assertFalse(hello.supportedDataTypes().contains(TensorDataType.FLOAT16));
            assertEquals(1, session.generation());
        }
    }

    @Test
    void runsTheDocsExample() {
        try (HostSession session = HostSession.open(FakeHosts.launcher("normal"), FakeHosts.limits())) {
            CreateOutcome created = session.create(DOCS_EXAMPLE, CreateMode.PREPARE, Set.of());
            assertTrue(created.succeeded(), created::describe);
            ExecuteOutcome run = session.execute(created.handle(),
                    List.of(new HostBinding(0, 0, 36), new HostBinding(1, 0, 24)), List.of(new HostBinding(2, 0, 24)),
                    List.of(HostBuffer.of(floats(1, 2, 3, 4, 5, 6, 7, 8, 9), false),
                            HostBuffer.of(uints(1, 2, 0, 2, 0, 0), false),
                            new HostBuffer(24, Optional.empty(), true)), Optional.empty());
            assertTrue(run.succeeded(), run::describe);
            // The DirectML documentation's output for this example.
            assertArrayEquals(floats(4, 8, 3, 7, 2, 3).array(), run.readBacks().get(2));
            session.release(created.handle(), session.generation());
        }
    }

    @Test
    void aRefusedDescIsAVerdictNotAnError() {
        GatherElementsOperatorDesc badAxis = new GatherElementsOperatorDesc(DOCS_EXAMPLE.inputTensor(),
                DOCS_EXAMPLE.indicesTensor(), DOCS_EXAMPLE.outputTensor(), 4);
        try (HostSession session = HostSession.open(FakeHosts.launcher("normal"), FakeHosts.limits())) {
            CreateOutcome verdict = session.create(badAxis, CreateMode.VERDICT, Set.of());
            assertEquals(HostStage.CREATE, verdict.failedAt());
            assertEquals("CreateOperator returned 0x80070057", verdict.describe());
        }
    }

    @Test
    void aFailFastIsReportedWithTheKnownBugAndTheNextRequestGetsANewHost() {
        try (HostSession session = HostSession.open(FakeHosts.launcher("fail-fast-on=109"), FakeHosts.limits())) {
            HostEndedException ended = assertThrows(HostEndedException.class,
                    () -> session.create(FAIL_FAST, CreateMode.VERDICT, Set.of()));
            assertEquals(OptionalInt.of(9), ended.exitCode());
            assertTrue(ended.getMessage().startsWith(
                    "DirectML ended its process while creating the operator (CreateOperator) (exit code 9); known"
                            + " DirectML bug: SCATTER_ND's CreateOperator fails fast"), ended.getMessage());
            CreateOutcome next = session.create(DOCS_EXAMPLE, CreateMode.VERDICT, Set.of());
            assertTrue(next.succeeded());
            assertEquals(2, session.generation());
        }
    }

    @Test
    void aCrashLineIsQuoted() {
        try (HostSession session = HostSession.open(FakeHosts.launcher("crash-on-execute"), FakeHosts.limits())) {
            CreateOutcome created = session.create(DOCS_EXAMPLE, CreateMode.PREPARE, Set.of());
            HostEndedException ended = assertThrows(HostEndedException.class, () -> session.execute(
                    created.handle(), List.of(), List.of(), List.of(), Optional.empty()));
            assertEquals("DirectML ended its process while executing the operator (exit code 3): CRASH"
                    + " code=0xc0000005 address=0x00007f001234 module=DirectML.dll+0x8ea2d", ended.getMessage());
        }
    }

    @Test
    void aCrashAfterAHeapCorruptingGatherNamesIt() {
        // {3,2} axis 0, IndexDimensions 2: IndexDimensions - 1 > Axis (docs/directml-behaviour.md §10.6).
        GatherOperatorDesc heapBug = new GatherOperatorDesc(BufferTensorDesc.packed(TensorDataType.FLOAT32, 3, 2),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 4),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, 4, 2), 0, 2);
        try (HostSession session = HostSession.open(FakeHosts.launcher("crash-on-execute"), FakeHosts.limits())) {
            session.create(heapBug, CreateMode.VERDICT, Set.of());
            CreateOutcome created = session.create(DOCS_EXAMPLE, CreateMode.PREPARE, Set.of());
            HostEndedException ended = assertThrows(HostEndedException.class, () -> session.execute(
                    created.handle(), List.of(), List.of(), List.of(), Optional.empty()));
            assertTrue(ended.getMessage().endsWith("; known DirectML bug: an earlier GATHER desc in this host"
                    + " (IndexDimensions - 1 > Axis) corrupted DirectML's heap, which can crash a later call"
                    + " (docs/directml-behaviour.md §10.6)"), ended.getMessage());
        }
    }

    @Test
    void aHungHostIsKilledWithItsChildren() throws Exception {
        HostLimits limits = new HostLimits(Duration.ofSeconds(60), Duration.ofSeconds(3));
        try (HostSession session = HostSession.open(FakeHosts.launcher("hang-on-execute"), limits)) {
            CreateOutcome created = session.create(DOCS_EXAMPLE, CreateMode.PREPARE, Set.of());
            // Taken while the host hangs, after it started its child.
            java.util.concurrent.CompletableFuture<List<ProcessHandle>> during =
                    java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            Thread.sleep(1500);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return ProcessHandle.current().descendants().toList();
                    });
            long started = System.nanoTime();
            HostEndedException ended = assertThrows(HostEndedException.class, () -> session.execute(
                    created.handle(), List.of(), List.of(), List.of(), Optional.empty()));
            assertTrue(ended.timedOut());
            assertEquals("the DirectML host did not answer within 3 s while executing the operator; it was killed",
                    ended.getMessage());
            assertTrue(System.nanoTime() - started < Duration.ofSeconds(30).toNanos());
            // The host and the sleep it started are gone (killing is asynchronous: wait for each to end).
            List<ProcessHandle> before = during.get();
            // This JVM's only descendants then: the host and its sleep.
            List<ProcessHandle> hostAndChild = before;
            assertEquals(2, hostAndChild.size(), () -> "expected the host and its sleep among " + before);
            for (ProcessHandle process : hostAndChild) {
                process.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                assertFalse(process.isAlive(), () -> "left running: " + process.info());
            }
        }
    }

    @Test
    void aHostThatWritesSomethingElseIsRefused() {
        HostProtocolException e = assertThrows(HostProtocolException.class,
                () -> HostSession.open(FakeHosts.launcher("bad-magic"), FakeHosts.limits()));
        assertTrue(e.getMessage().contains("not DMIR"), e.getMessage());
    }

    @Test
    void aBindingOutsideItsBufferIsNotSent() {
        try (HostSession session = HostSession.open(FakeHosts.launcher("normal"), FakeHosts.limits())) {
            assertThrows(IllegalArgumentException.class, () -> session.execute(1, List.of(new HostBinding(0, 8, 32)),
                    List.of(), List.of(new HostBuffer(36, Optional.empty(), false)), Optional.empty()));
        }
    }

    static ByteBuffer floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.flip();
    }

    static ByteBuffer uints(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.flip();
    }
}
