package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.testkit.RecordedScatterProbes;
import dev.dmlemu.testkit.RecordedScatterProbes.Probe;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.function.IntUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scatter kernels against outputs recorded on the real DirectML.dll 1.15.4 ({@link RecordedScatterProbes}), and
 * what they report and refuse.
 */
class ScatterKernelsTest {

    static Stream<Probe> recorded() {
        return RecordedScatterProbes.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recorded")
    void givesTheRecordedOutput(Probe probe) {
        byte[] output = probe.freshOutput();
        execution(probe.desc(), IndexPolicy.DIRECTML, ExecutionListener.IGNORE).execute(bindings(probe, output));
        assertArrayEquals(probe.expected(), output);
    }

    @Test
    void reportsWritesThatLandOnAnEarlierUpdatesElement() {
        List<DuplicateWrites> reports = new ArrayList<>();
        Probe probe = probe("s_dup_2d_axis0"); // {3,2} axis 0, indices 1 0 / 1 0 / 1 0
        execution(probe.desc(), IndexPolicy.DIRECTML, reports::add).execute(bindings(probe, probe.freshOutput()));
        assertEquals(1, reports.size());
        DuplicateWrites report = reports.get(0);
        // Updates (1, 0) and (1, 1) land on output elements 2 and 1, already written by updates (0, 0) and (0, 1);
        // the four overwrites are (1, 0), (1, 1), (2, 0), (2, 1).
        assertEquals(4, report.overwrites());
        assertEquals(List.of(1L, 0L), report.firstUpdateCoordinate());
        assertEquals(2, report.firstOutputElement());
        assertTrue(report.describe().startsWith("4 update writes landed"), report.describe());
    }

    @Test
    void reportsNothingWithoutDuplicates() {
        List<DuplicateWrites> reports = new ArrayList<>();
        Probe probe = probe("scatter_nd_docs_rank2");
        execution(probe.desc(), IndexPolicy.DIRECTML, reports::add).execute(bindings(probe, probe.freshOutput()));
        assertEquals(List.of(), reports);
    }

    @Test
    void strictRefusesBeforeWritingAnything() {
        Probe probe = probe("s_oob_inner_axis"); // indices 3 4 3 along an axis of 3
        byte[] output = probe.freshOutput();
        output[0] = 42;
        IndexOutOfRangeException e = assertThrows(IndexOutOfRangeException.class,
                () -> execution(probe.desc(), IndexPolicy.STRICT, ExecutionListener.IGNORE)
                        .execute(bindings(probe, output)));
        assertEquals(List.of(0L, 0L), e.outputCoordinate());
        assertEquals("3", e.indexValue());
        assertTrue(e.getMessage().contains("UpdatesTensor coordinate [0, 0]"), e.getMessage());
        assertEquals(42, output[0]);
    }

    @Test
    void clampAxisWritesTheLastPositionOfTheDimension() {
        Probe probe = probe("snd_inner_walk"); // {3,3}: tuples (0, 3) -> (0, 2) and (2, 5) -> (2, 2)
        byte[] output = probe.freshOutput();
        execution(probe.desc(), IndexPolicy.CLAMP_AXIS, ExecutionListener.IGNORE).execute(bindings(probe, output));
        float[] values = new float[9];
        ByteBuffer.wrap(output).order(java.nio.ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
        assertArrayEquals(new float[] {1, 2, 10, 4, 5, 6, 7, 8, 20}, values);
    }

    /**
     * Output regions over a pool when the input is the output's own bytes (an in-place scatter): the copy cannot be
     * split, so it is made first, then the regions write; rows 3 and 37 get their updates, row 5 its second one.
     */
    @Test
    void inPlaceScatterOverRegionsWritesLikeOneThread() {
        int rows = 40;
        int columns = 64;
        long[] targetRows = {3, 5, 37, 5};
        BufferTensorDesc data = BufferTensorDesc.packed(TensorDataType.FLOAT32, new long[] {rows, columns});
        BufferTensorDesc updatesShape = BufferTensorDesc.packed(TensorDataType.FLOAT32,
                new long[] {targetRows.length, columns});
        ScatterElementsOperatorDesc desc = new ScatterElementsOperatorDesc(data,
                BufferTensorDesc.packed(TensorDataType.INT64, new long[] {targetRows.length, columns}), updatesShape,
                data, 0);
        ByteBuffer tensor = floats(rows * columns, i -> i);
        ByteBuffer indices = ByteBuffer.allocate(targetRows.length * columns * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < targetRows.length * columns; i++) {
            indices.putLong(i * 8, targetRows[i / columns]);
        }
        ByteBuffer updates = floats(targetRows.length * columns, i -> -1 - i);
        List<DuplicateWrites> reports = new ArrayList<>();
        Parallelism regions = new Parallelism(2, Executors.newSingleThreadExecutor(), 0);
        BufferBinding inPlace = BufferBinding.of(tensor);
        execution(desc, IndexPolicy.DIRECTML, reports::add, regions).execute(Bindings.of(inPlace,
                BufferBinding.of(indices), BufferBinding.of(updates), inPlace));
        regions.pool().shutdown();

        FloatBuffer out = tensor.asFloatBuffer();
        assertEquals(0, out.get(0));
        assertEquals(-1, out.get(3 * columns));
        assertEquals(-1 - 3 * columns - 63, out.get(5 * columns + 63)); // the second update of row 5 wins
        assertEquals(-1 - 2 * columns - 10, out.get(37 * columns + 10));
        assertEquals(39 * columns + 63, out.get(39 * columns + 63));
        assertEquals(List.of(new DuplicateWrites(OperatorType.SCATTER_ELEMENTS, columns, List.of(3L, 0L),
                5L * columns)), reports);
    }

    @Test
    void theElementsWrittenTwiceAreNamedOnOneThreadAndOverRegions() {
        // Rows 3, 5, 37, 5 of a 40 x 64 output: only row 5 is written twice.
        int rows = 40;
        int columns = 64;
        long[] targetRows = {3, 5, 37, 5};
        BufferTensorDesc data = BufferTensorDesc.packed(TensorDataType.FLOAT32, new long[] {rows, columns});
        ScatterElementsOperatorDesc desc = new ScatterElementsOperatorDesc(data,
                BufferTensorDesc.packed(TensorDataType.INT64, new long[] {targetRows.length, columns}),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, new long[] {targetRows.length, columns}), data, 0);
        ByteBuffer indices = ByteBuffer.allocate(targetRows.length * columns * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < targetRows.length * columns; i++) {
            indices.putLong(i * 8, targetRows[i / columns]);
        }
        for (int threads : new int[] {1, 2}) {
            List<java.util.function.LongPredicate> found = new ArrayList<>();
            ExecutionListener listener = new ExecutionListener() {
                @Override
                public void duplicateWrites(DuplicateWrites report) {
                }

                @Override
                public void overwrittenElements(OperatorType operator, java.util.function.LongPredicate overwritten) {
                    found.add(overwritten);
                }
            };
            Parallelism parallelism = new Parallelism(threads, Executors.newSingleThreadExecutor(), 0);
            execution(desc, IndexPolicy.DIRECTML, listener, parallelism).execute(Bindings.of(
                    BufferBinding.of(floats(rows * columns, i -> i)), BufferBinding.of(indices),
                    BufferBinding.of(floats(targetRows.length * columns, i -> -1 - i)),
                    BufferBinding.of(ByteBuffer.allocate(rows * columns * 4))));
            parallelism.pool().shutdown();
            assertEquals(1, found.size());
            for (long element = 0; element < (long) rows * columns; element++) {
                assertEquals(element / columns == 5, found.get(0).test(element), "element " + element);
            }
        }
    }

    private static ByteBuffer floats(int count, IntUnaryOperator value) {
        ByteBuffer bytes = ByteBuffer.allocate(count * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++) {
            bytes.putFloat(i * 4, value.applyAsInt(i));
        }
        return bytes;
    }

    private static Probe probe(String name) {
        return RecordedScatterProbes.all().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    static ScatterExecution execution(OperatorDesc desc, IndexPolicy policy, ExecutionListener listener) {
        return execution(desc, policy, listener, Parallelism.ONE_THREAD);
    }

    static ScatterExecution execution(OperatorDesc desc, IndexPolicy policy, ExecutionListener listener,
            Parallelism parallelism) {
        BufferTensorDesc indices = (BufferTensorDesc) desc.tensorFields().get(1).desc();
        return desc instanceof ScatterElementsOperatorDesc elements
                ? ScatterElementsKernel.execution(elements, Kernels.semanticsOf(indices.dataType()), policy, listener,
                        parallelism)
                : ScatterNdKernel.execution((ScatterNdOperatorDesc) desc, Kernels.semanticsOf(indices.dataType()),
                        policy, listener, parallelism);
    }

    private static Bindings bindings(Probe probe, byte[] output) {
        return Bindings.of(BufferBinding.of(ByteBuffer.wrap(probe.input())),
                BufferBinding.of(ByteBuffer.wrap(probe.indices())), BufferBinding.of(ByteBuffer.wrap(probe.updates())),
                BufferBinding.of(ByteBuffer.wrap(output)));
    }
}
