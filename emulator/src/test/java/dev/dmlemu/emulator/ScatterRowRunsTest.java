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
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
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

    /** Bytes before each heap binding (odd, so that no index is aligned). */
    private static final int PAD = 5;

    private static final TensorDataType[] TYPES = {TensorDataType.UINT8, TensorDataType.FLOAT16,
        TensorDataType.FLOAT32, TensorDataType.FLOAT64};

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 500)
    void rowRunsMatchTheReferenceAndTheElementWalk(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        SplittableRandom random = new SplittableRandom(seed);
        check(random, 1 + random.nextInt(40), 1 + random.nextInt(130), 1 + random.nextInt(12), 20, seed, policy);
    }

    /**
     * More updates than the one-thread scatter resolves at a time ({@link ScatterExecution#ONE_THREAD_BLOCK}), with
     * rows often broken, so that its blocks end before a row that might not fit, or inside a row longer than a block,
     * and the next block starts there.
     */
    @Property(tries = 40)
    void blocksEndingInsideAndBetweenRowsMatchTheReference(@ForAll("seeds") long seed, @ForAll IndexPolicy policy) {
        SplittableRandom random = new SplittableRandom(seed);
        int block = ScatterExecution.ONE_THREAD_BLOCK;
        boolean longRows = random.nextBoolean();
        int columns = longRows ? block - 3 + random.nextInt(block) : 1 + random.nextInt(200);
        int updateRows = longRows ? 1 + random.nextInt(4)
                : block / columns + 1 + random.nextInt(2 * block / columns + 1);
        check(random, 1 + random.nextInt(40), columns, updateRows, 1 + random.nextInt(3), seed, policy);
    }

    /**
     * A one-thread block whose entries run out one update before a row ends it: rows of two updates, the first a
     * run (one entry), every other two different indices (two entries), so that with an even
     * {@link ScatterExecution#ONE_THREAD_BLOCK} the entries stop one short of the updates and the block closes with a
     * skip entry.
     */
    @Example
    void aBlockWhoseEntriesRunOutClosesWithASkip() {
        int rows = 40;
        long[][] values = new long[ScatterExecution.ONE_THREAD_BLOCK + 7][2];
        values[0] = new long[] {3, 3};
        for (int u = 1; u < values.length; u++) {
            values[u] = new long[] {u % rows, (u + 1) % rows};
        }
        for (IndexPolicy policy : IndexPolicy.values()) {
            verify(new SplittableRandom(7), rows, 2, values, TensorDataType.FLOAT32, TensorDataType.INT64, 0, policy);
        }
    }

    /** @param brokenOneIn how rarely an index differs from its row's (1: every index drawn on its own) */
    private static void check(SplittableRandom random, int rows, int columns, int updateRows, int brokenOneIn,
            long seed, IndexPolicy policy) {
        TensorDataType type = TYPES[random.nextInt(TYPES.length)];
        TensorDataType indexType = random.nextBoolean() ? TensorDataType.INT64 : TensorDataType.INT32;
        long[][] values = new long[updateRows][columns];
        for (long[] row : values) {
            long value = random.nextInt(10) == 0 ? rows + random.nextInt(3) : random.nextInt(-rows, rows);
            for (int c = 0; c < columns; c++) {
                row[c] = random.nextInt(brokenOneIn) == 0 ? random.nextInt(-rows - 1, rows + 2) : value;
            }
        }
        verify(random, rows, columns, values, type, indexType, seed, policy);
    }

    /** The scatter of {@code values} (update rows of {@code columns} indices) into {@code rows} rows, every way. */
    private static void verify(SplittableRandom random, int rows, int columns, long[][] values, TensorDataType type,
            TensorDataType indexType, long seed, IndexPolicy policy) {
        int updateRows = values.length;
        int is = indexType.sizeInBytes();
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
        // Every buffer bound a few bytes into its array, so that the views' array offsets count.
        byte[] output = new byte[input.length + PAD];
        Bindings bindings = Bindings.of(padded(input), padded(indices), padded(updates),
                new BufferBinding(ByteBuffer.wrap(output), PAD, input.length));
        // Twice: the second execution reuses what the first kept.
        for (int k = 0; k < 2; k++) {
            reports.clear();
            if (expected.refusal().isPresent()) {
                assertThrows(IndexOutOfRangeException.class, () -> execution.execute(bindings), what);
                assertArrayEquals(new byte[input.length + PAD], output, what);
                return reports;
            }
            execution.execute(bindings);
            assertArrayEquals(expected.output(), Arrays.copyOfRange(output, PAD, output.length), what);
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

    /** {@code bytes} bound {@link #PAD} bytes into a larger array. */
    private static BufferBinding padded(byte[] bytes) {
        byte[] array = new byte[bytes.length + PAD];
        System.arraycopy(bytes, 0, array, PAD, bytes.length);
        return new BufferBinding(ByteBuffer.wrap(array), PAD, bytes.length);
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
