package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import java.nio.ByteBuffer;
import java.nio.IntBuffer;
import java.util.Arrays;

/**
 * A max pooling planned: output rows split over the pool; per output element, the window's in-input rows (resolved
 * once per output row) walked in row-major order, each a counted loop along the last spatial dimension.
 *
 * <p>As measured (docs/directml-behaviour.md §16.9): the running maximum starts at the type's lowest value
 * ({@link PoolValues}) and takes an element only when it is greater, so NaN is skipped and the first of equal elements
 * gives the index; which of equal elements gives the value (only -0.0 and 0.0 tell) is {@link TieValue}'s choice.
 * The index starts at the window's first in-input element, and is 0 for a window with none.
 */
final class MaxPoolingExecution implements OperatorExecution {

    private final OperatorDesc desc;
    private final MaxPoolingGeometry g;
    private final PoolValues values;
    private final boolean hasIndices;
    private final TieValue tie;
    private final Parallelism parallelism;
    private final PoolSplit split;
    /** The FLOAT32 fast path's reduction along an input row, or null where it does not apply (other types, indices). */
    private final FloatRowMaxima floatRow;
    /** The FLOAT32 fast path over whole rows of 4-D tensors, or null where it does not apply. */
    private final FloatPoolingPlanes floatPlanes;

    MaxPoolingExecution(OperatorDesc desc, MaxPoolingGeometry geometry, PoolValues values, boolean hasIndices,
            TieValue tie, Parallelism parallelism) {
        this.desc = desc;
        this.g = geometry;
        this.values = values;
        this.hasIndices = hasIndices;
        this.tie = tie;
        this.parallelism = parallelism;
        this.split = parallelism.split(desc.operatorType().cName());
        int last = geometry.inputSpatial().length - 1;
        FloatPoolingRow row = FloatPoolingRow.of(geometry.window(), last);
        this.floatRow = values == PoolValues.FLOAT32 && !hasIndices && row.readLength() > 0
                ? new FloatRowMaxima(row, geometry.window(), last) : null;
        this.floatPlanes = floatRow == null ? null : FloatPoolingPlanes.of(geometry, floatRow, tie);
    }

    @Override
    public void execute(Bindings bindings) {
        BindingRule.check(desc, bindings);
        ByteBuffer in = BoundBuffers.view(bindings.get(0));
        ByteBuffer out = BoundBuffers.view(bindings.get(1));
        ByteBuffer indices = hasIndices ? BoundBuffers.view(bindings.get(2)) : null;
        long units = g.units();
        int chunks = parallelism.chunks(units * g.rowLength(), units);
        if (floatPlanes != null) {
            // In pieces taken in turn: a thread slowed by others on its core leaves its share to the rest.
            split.share(units, chunks, (begin, end) -> floatPlanes.rows(in, out, begin, end));
        } else {
            split.run(units, chunks, (begin, end) -> rows(in, out, indices, begin, end));
        }
    }

    private void rows(ByteBuffer in, ByteBuffer out, ByteBuffer indices, long begin, long end) {
        long[] rowOffset = new long[Math.max(1, g.mostRows())];
        long[] rowFlat = new long[rowOffset.length];
        long[] unit = new long[g.unitSizes().length];
        int last = g.inputSpatial().length - 1;
        long[] firstLast = g.window().first()[last];
        int[] countLast = g.window().count()[last];
        long tapBytes = g.window().dilations()[last] * g.inputSpatial()[last];
        long tapFlat = g.window().dilations()[last] * g.flatSpatial()[last];
        long lowest = values.lowestBits(g.elementSize());
        long[] found = new long[2];
        FloatRowCache cache = floatRow == null ? null
                : new FloatRowCache(g.mostRows(), g.rowLength(), new int[floatRow.plan().readLength()]);
        int[] keys = floatRow == null ? null : new int[g.rowLength()];
        IntBuffer ints = floatRow == null ? null : in.asIntBuffer();
        for (long u = begin; u < end; u++) {
            long rest = u;
            for (int d = unit.length - 1; d >= 0; d--) {
                long size = g.unitSizes()[d];
                long next = rest / size;
                unit[d] = rest - next * size;
                rest = next;
            }
            long outAt = 0;
            long indexAt = 0;
            long inBase = 0;
            long flatBase = 0;
            for (int d = 0; d < unit.length; d++) {
                outAt += unit[d] * g.outputUnit()[d];
                indexAt += unit[d] * g.indexUnit()[d];
                inBase += unit[d] * g.inputUnit()[d];
                flatBase += unit[d] * g.flatUnit()[d];
            }
            int rows = windowRows(unit, inBase, flatBase, rowOffset, rowFlat);
            if (floatRow != null && rows > 0) {
                floatKeys(in, ints, rowOffset, rows, cache, keys);
            }
            for (int o = 0; o < g.rowLength(); o++, outAt += g.outputStep(), indexAt += g.indexStep()) {
                int taps = rows == 0 ? 0 : countLast[o];
                long bits = lowest;
                long index = 0;
                if (taps > 0 && floatRow != null && !FloatPoolKeys.isZero(keys[o])) {
                    bits = FloatPoolKeys.toBits(keys[o]) & 0xFFFF_FFFFL;
                } else if (taps > 0) {
                    // Also the fast path's zeros: which zero comes first decides the sign.
                    long startBytes = firstLast[o] * g.inputSpatial()[last];
                    long startFlat = firstLast[o] * g.flatSpatial()[last];
                    if (values == PoolValues.FLOAT32) {
                        floatWindow(in, rowOffset, rowFlat, rows, startBytes, startFlat, taps, tapBytes, tapFlat,
                                found);
                    } else {
                        integerWindow(in, rowOffset, rowFlat, rows, startBytes, startFlat, taps, tapBytes, tapFlat,
                                found);
                    }
                    bits = found[0];
                    index = found[1];
                }
                ElementBits.put(out, (int) outAt, g.elementSize(), bits);
                if (indices != null) {
                    ElementBits.put(indices, (int) indexAt, g.indexSize(), index);
                }
            }
        }
    }

    /**
     * The FLOAT32 fast path: {@code keys} gets the largest {@link FloatPoolKeys} key of every output's window in this
     * output row, the maximum over the window rows of each row's maxima along the last dimension, which
     * {@code cache} keeps for the output rows that share an input row.
     */
    private void floatKeys(ByteBuffer in, IntBuffer ints, long[] rowOffset, int rows, FloatRowCache cache,
            int[] keys) {
        Arrays.fill(keys, FloatPoolKeys.LOWEST);
        for (int r = 0; r < rows; r++) {
            int[] row = cache.slotFor(rowOffset[r]);
            if (row == null) {
                row = cache.claim(rowOffset[r]);
                rowMaxima(in, ints, rowOffset[r], cache, row);
            }
            for (int o = 0; o < keys.length; o++) {
                keys[o] = FloatPoolKeys.max(keys[o], row[o]);
            }
        }
    }

    /**
     * Fills {@code keys} with, per output, the largest key of its taps along the last dimension in the input row at
     * {@code rowStart}.
     */
    private void rowMaxima(ByteBuffer in, IntBuffer ints, long rowStart, FloatRowCache cache, int[] keys) {
        int[] segment = cache.segment();
        FloatPoolingRow plan = floatRow.plan();
        long elementBytes = g.inputSpatial()[g.inputSpatial().length - 1];
        int length = plan.readLength();
        long at = rowStart + plan.readFirst() * elementBytes;
        if (elementBytes == Float.BYTES) {
            ints.get((int) (at >>> 2), segment, 0, length);
        } else {
            for (int i = 0; i < length; i++, at += elementBytes) {
                segment[i] = in.getInt((int) at);
            }
        }
        FloatPoolKeys.toKeys(segment, length);
        floatRow.reduce(segment, 0, keys, cache.scratch(), cache.scratch2());
    }

    /**
     * Fills the byte offsets and flat indices of the window rows of unit {@code unit} that lie inside the input,
     * row-major over the spatial dimensions but the last; returns their count (0 when the window misses the input).
     */
    private int windowRows(long[] unit, long inBase, long flatBase, long[] rowOffset, long[] rowFlat) {
        int outer = g.inputSpatial().length - 1;
        PoolingWindow w = g.window();
        int rows = 1;
        rowOffset[0] = inBase;
        rowFlat[0] = flatBase;
        for (int d = 0; d < outer; d++) {
            int o = (int) unit[2 + d];
            int taps = w.count()[d][o];
            if (taps == 0) {
                return 0;
            }
            long first = w.first()[d][o];
            long stepBytes = w.dilations()[d] * g.inputSpatial()[d];
            long stepFlat = w.dilations()[d] * g.flatSpatial()[d];
            // Expand: each existing row becomes taps rows, the new dimension innermost.
            for (int r = rows - 1; r >= 0; r--) {
                long baseBytes = rowOffset[r] + first * g.inputSpatial()[d];
                long baseFlat = rowFlat[r] + first * g.flatSpatial()[d];
                for (int t = taps - 1; t >= 0; t--) {
                    rowOffset[r * taps + t] = baseBytes + t * stepBytes;
                    rowFlat[r * taps + t] = baseFlat + t * stepFlat;
                }
            }
            rows *= taps;
        }
        return rows;
    }

    /** One FLOAT32 window: {@code found} gets the value's bits and the index. */
    private void floatWindow(ByteBuffer in, long[] rowOffset, long[] rowFlat, int rows, long startBytes,
            long startFlat, int taps, long tapBytes, long tapFlat, long[] found) {
        float first = -Float.MAX_VALUE;
        float last = -Float.MAX_VALUE;
        long index = rowFlat[0] + startFlat;
        for (int r = 0; r < rows; r++) {
            long at = rowOffset[r] + startBytes;
            long flat = rowFlat[r] + startFlat;
            for (int t = 0; t < taps; t++, at += tapBytes, flat += tapFlat) {
                float x = in.getFloat((int) at);
                if (x > first) {
                    first = x;
                    index = flat;
                }
                if (x >= last) {
                    last = x;
                }
            }
        }
        found[0] = Float.floatToRawIntBits(tie == TieValue.LAST ? last : first) & 0xFFFF_FFFFL;
        found[1] = index;
    }

    /** One integer window: {@code found} gets the value's bits and the index. */
    private void integerWindow(ByteBuffer in, long[] rowOffset, long[] rowFlat, int rows, long startBytes,
            long startFlat, int taps, long tapBytes, long tapFlat, long[] found) {
        int size = g.elementSize();
        int shift = 64 - 8 * size;
        boolean signed = values == PoolValues.SIGNED;
        // Keys compare as signed longs: sign-extended values, or unsigned values with the top bit flipped.
        long bestBits = values.lowestBits(size);
        long best = signed ? bestBits << shift >> shift : bestBits ^ Long.MIN_VALUE;
        long index = rowFlat[0] + startFlat;
        for (int r = 0; r < rows; r++) {
            long at = rowOffset[r] + startBytes;
            long flat = rowFlat[r] + startFlat;
            for (int t = 0; t < taps; t++, at += tapBytes, flat += tapFlat) {
                long bits = ElementBits.get(in, (int) at, size);
                long key = signed ? bits << shift >> shift : bits ^ Long.MIN_VALUE;
                if (key > best) {
                    best = key;
                    bestBits = bits;
                    index = flat;
                }
            }
        }
        found[0] = bestBits;
        found[1] = index;
    }

    @Override
    public void release() {
        if (floatPlanes != null) {
            floatPlanes.release();
        }
    }
}
