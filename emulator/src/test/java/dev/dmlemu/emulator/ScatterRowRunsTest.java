package dev.dmlemu.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.BufferBinding;
import dev.dmlemu.testkit.NaiveScatter;
import dev.dmlemu.testkit.TensorBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * SCATTER_ELEMENTS along axis 0 with rows of repeated indices, as frameworks export a scatter of whole rows: the case
 * the scatter writes in runs. Against the kit's {@link NaiveScatter} (output, refusal, duplicate count) under every
 * index policy, and, for the first duplicate write reported, against the same scatter with its indices laid out
 * column by column, which the scatter walks one update at a time, and with direct buffers, which may share memory
 * and so are written one update at a time in order. Rows are sometimes broken by a different index,
 * repeat another row's target (duplicates) or point out of range.
 */
class ScatterRowRunsTest {

    private static final Parallelism THREE_REGIONS = new Parallelism(3, Executors.newFixedThreadPool(2, task -> {
        Thread thread = new Thread(task, "scatter-runs-test");
        thread.setDaemon(true);
        return thread;
    }), 0);

    private static final TensorDataType[] TYPES = {TensorDataType.UINT8, TensorDataType.FLOAT16,
        TensorDataType.FLOAT32, TensorDataType.FLOAT64};

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 500)
    void rowRunsMatchTheReferenceAndTheElementWalk(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        SplittableRandom random = new SplittableRandom(seed);
        int rows = 1 + random.nextInt(40);
        int columns = 1 + random.nextInt(130);
        int updateRows = 1 + random.nextInt(12);
        TensorDataType type = TYPES[random.nextInt(TYPES.length)];
        TensorDataType indexType = random.nextBoolean() ? TensorDataType.INT64 : TensorDataType.INT32;
        int is = indexType.sizeInBytes();
        long[][] values = new long[updateRows][columns];
        for (long[] row : values) {
            long value = random.nextInt(10) == 0 ? rows + random.nextInt(3) : random.nextInt(-rows, rows);
            for (int c = 0; c < columns; c++) {
                row[c] = random.nextInt(20) == 0 ? random.nextInt(-rows - 1, rows + 2) : value;
            }
        }
        BufferTensorDesc data = BufferTensorDesc.packed(type, rows, columns);
        BufferTensorDesc upd = BufferTensorDesc.packed(type, updateRows, columns);
        BufferTensorDesc idx = BufferTensorDesc.packed(indexType, updateRows, columns);
        byte[] input = randomBytes(random, (int) data.totalTensorSizeInBytes());
        byte[] updates = randomBytes(random, (int) upd.totalTensorSizeInBytes());
        byte[] rowMajor = new byte[(int) idx.totalTensorSizeInBytes()];
        byte[] columnMajor = new byte[(int) idx.totalTensorSizeInBytes()];
        for (int u = 0; u < updateRows; u++) {
            for (int c = 0; c < columns; c++) {
                put(rowMajor, (u * columns + c) * is, is, values[u][c]);
                put(columnMajor, (c * updateRows + u) * is, is, values[u][c]);
            }
        }
        ScatterElementsOperatorDesc packed = new ScatterElementsOperatorDesc(data, idx, upd, data, 0);
        ScatterElementsOperatorDesc byColumn = new ScatterElementsOperatorDesc(data,
                BufferTensorDesc.strided(indexType, List.of((long) updateRows, (long) columns),
                        List.of(1L, (long) updateRows)), upd, data, 0);

        NaiveScatter.Outcome expected = NaiveScatter.run(packed, ReferenceComparison.model(policy),
                TensorBytes.of(input), TensorBytes.of(rowMajor), TensorBytes.of(updates),
                TensorBytes.of(new byte[input.length]));
        String what = rows + "x" + columns + " " + type + " " + indexType + " " + policy + " seed " + seed;
        List<DuplicateWrites> walked = run(byColumn, policy, Parallelism.ONE_THREAD, input, columnMajor, updates,
                expected, what);
        assertEquals(walked, run(packed, policy, Parallelism.ONE_THREAD, input, rowMajor, updates, expected, what),
                what);
        assertEquals(walked, run(packed, policy, THREE_REGIONS, input, rowMajor, updates, expected, what), what);
        assertEquals(walked, runDirect(packed, policy, input, rowMajor, updates, expected, what), what);
    }

    private static List<DuplicateWrites> run(ScatterElementsOperatorDesc desc, IndexPolicy policy,
            Parallelism parallelism, byte[] input, byte[] indices, byte[] updates, NaiveScatter.Outcome expected,
            String what) {
        List<DuplicateWrites> reports = new ArrayList<>();
        ScatterExecution execution = ScatterKernelsTest.execution(desc, policy, reports::add, parallelism);
        byte[] output = new byte[input.length];
        Bindings bindings = Bindings.of(BufferBinding.of(ByteBuffer.wrap(input)),
                BufferBinding.of(ByteBuffer.wrap(indices)), BufferBinding.of(ByteBuffer.wrap(updates)),
                BufferBinding.of(ByteBuffer.wrap(output)));
        // Twice: the second execution reuses what the first kept.
        for (int k = 0; k < 2; k++) {
            reports.clear();
            if (expected.refusal().isPresent()) {
                assertThrows(IndexOutOfRangeException.class, () -> execution.execute(bindings), what);
                assertArrayEquals(new byte[input.length], output, what);
                return reports;
            }
            execution.execute(bindings);
            assertArrayEquals(expected.output(), output, what);
            assertEquals(expected.overwrites(), reports.stream().mapToLong(DuplicateWrites::overwrites).sum(), what);
        }
        return reports;
    }

    /** The one-thread run on direct buffers, which the scatter cannot tell apart from the output. */
    private static List<DuplicateWrites> runDirect(ScatterElementsOperatorDesc desc, IndexPolicy policy, byte[] input,
            byte[] indices, byte[] updates, NaiveScatter.Outcome expected, String what) {
        List<DuplicateWrites> reports = new ArrayList<>();
        ScatterExecution execution = ScatterKernelsTest.execution(desc, policy, reports::add, Parallelism.ONE_THREAD);
        ByteBuffer output = ByteBuffer.allocateDirect(input.length);
        Bindings bindings = Bindings.of(BufferBinding.of(direct(input)), BufferBinding.of(direct(indices)),
                BufferBinding.of(direct(updates)), BufferBinding.of(output));
        if (expected.refusal().isPresent()) {
            assertThrows(IndexOutOfRangeException.class, () -> execution.execute(bindings), what);
            return reports;
        }
        execution.execute(bindings);
        byte[] written = new byte[input.length];
        output.get(0, written);
        assertArrayEquals(expected.output(), written, what);
        return reports;
    }

    private static ByteBuffer direct(byte[] bytes) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bytes.length);
        buffer.put(0, bytes);
        return buffer;
    }

    private static byte[] randomBytes(SplittableRandom random, int n) {
        byte[] bytes = new byte[n];
        for (int i = 0; i < n; i++) {
            bytes[i] = (byte) random.nextInt(256);
        }
        return bytes;
    }

    private static void put(byte[] target, int at, int size, long value) {
        ByteBuffer buffer = ByteBuffer.wrap(target).order(ByteOrder.LITTLE_ENDIAN);
        if (size == 8) {
            buffer.putLong(at, value);
        } else {
            buffer.putInt(at, (int) value);
        }
    }
}
