package dev.dmlemu.emulator;

import dev.dmlemu.execution.OperatorExecutionException;
import java.nio.ByteBuffer;

/**
 * The gather itself, over a range of output elements, on little-endian buffers whose index 0 is the start of each
 * tensor (see {@link BoundBuffers}). Stateless apart from its immutable plan, so one kernel serves any number of
 * concurrent executions.
 *
 * <p>Each output row (the innermost merged dimension) runs in a loop specialised for the element size and the index
 * width, with every loop-invariant in a local. An index in range takes the plain formula inline; anything else goes
 * to {@link #outOfRange}, which applies the {@link IndexPolicy}. Data moves as raw 1/2/4/8-byte integers, so float
 * bit patterns (NaN payloads, -0.0, float16) survive.
 *
 * <p>All in-range byte offsets fit in an {@code int}: a binding lies inside a {@link ByteBuffer}, whose capacity is
 * an int, and covers TotalTensorSizeInBytes, which covers every element the strides address.
 */
final class GatherKernel {

    private final GatherPlan plan;
    /** The axis stride in bytes for in-range reads (0 for a size-1 axis, whose only valid position is 0). */
    private final long axisStepBytes;

    GatherKernel(GatherPlan plan) {
        this.plan = plan;
        this.axisStepBytes = plan.axisSize == 1 ? 0 : plan.axisStride * plan.elementSize;
    }

    GatherPlan plan() {
        return plan;
    }

    /** Gathers output elements {@code [begin, end)} in row-major order. */
    void gather(ByteBuffer in, ByteBuffer idx, ByteBuffer out, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] inS = plan.inputStrides;
        final long[] idxS = plan.indicesStrides;
        final long[] outS = plan.outputStrides;
        final int last = sizes.length - 1;
        long[] coord = new long[sizes.length];
        long rest = begin;
        for (int d = last; d >= 0; d--) {
            coord[d] = rest % sizes[d];
            rest /= sizes[d];
        }
        // Row bases: offsets of the row's first element (inner coordinate 0).
        long inRow = 0;
        long idxRow = 0;
        long outRow = 0;
        for (int d = 0; d < last; d++) {
            inRow += coord[d] * inS[d];
            idxRow += coord[d] * idxS[d];
            outRow += coord[d] * outS[d];
        }
        final int inStep = (int) inS[last];
        final int idxStep = (int) idxS[last];
        final int outStep = (int) outS[last];
        final boolean fast = plan.fastAxis;
        final int kind = plan.elementSize * 8 + plan.indexSize; // 1..8 bytes x 4|8 bytes
        long inner = coord[last];
        long todo = end - begin;
        while (todo > 0) {
            int n = (int) Math.min(sizes[last] - inner, todo);
            int inPos = (int) (inRow + inner * inStep);
            int idxPos = (int) (idxRow + inner * idxStep);
            int outPos = (int) (outRow + inner * outStep);
            if (!fast) {
                rowGeneric(in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n);
            } else {
                int axisStep = (int) axisStepBytes;
                int axisSize = (int) plan.axisSize;
                long wrap = plan.wrapMask;
                switch (kind) {
                    case 8 + 4 -> rowE1I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, (int) wrap);
                    case 16 + 4 -> rowE2I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, (int) wrap);
                    case 32 + 4 -> rowE4I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, (int) wrap);
                    case 64 + 4 -> rowE8I4(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, (int) wrap);
                    case 8 + 8 -> rowE1I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, wrap);
                    case 16 + 8 -> rowE2I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, wrap);
                    case 32 + 8 -> rowE4I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, wrap);
                    case 64 + 8 -> rowE8I8(this, in, idx, out, inPos, inStep, idxPos, idxStep, outPos, outStep, n,
                            axisStep, axisSize, wrap);
                    default -> throw new IllegalStateException("no loop for " + plan.elementSize + "-byte elements");
                }
            }
            todo -= n;
            if (todo == 0) {
                break;
            }
            inner = 0;
            for (int d = last - 1; d >= 0; d--) {
                inRow += inS[d];
                idxRow += idxS[d];
                outRow += outS[d];
                if (++coord[d] < sizes[d]) {
                    break;
                }
                coord[d] = 0;
                inRow -= sizes[d] * inS[d];
                idxRow -= sizes[d] * idxS[d];
                outRow -= sizes[d] * outS[d];
            }
        }
    }

    /**
     * The number of the first element in {@code [begin, end)} whose index is out of range, or -1. Used by
     * {@link IndexPolicy#STRICT} before anything is written.
     */
    long firstOutOfRange(ByteBuffer idx, long begin, long end) {
        final long[] sizes = plan.sizes;
        final long[] idxS = plan.indicesStrides;
        final int last = sizes.length - 1;
        long[] coord = new long[sizes.length];
        long rest = begin;
        for (int d = last; d >= 0; d--) {
            coord[d] = rest % sizes[d];
            rest /= sizes[d];
        }
        long idxRow = 0;
        for (int d = 0; d < last; d++) {
            idxRow += coord[d] * idxS[d];
        }
        final int idxStep = (int) idxS[last];
        final long axisSize = plan.axisSize;
        final long wrap = plan.wrapMask;
        long inner = coord[last];
        long number = begin;
        while (number < end) {
            int n = (int) Math.min(sizes[last] - inner, end - number);
            int idxPos = (int) (idxRow + inner * idxStep);
            if (plan.indexSize == 4) {
                boolean zeroExtend = plan.indexType == dev.dmlemu.desc.TensorDataType.UINT32;
                for (int j = 0; j < n; j++, idxPos += idxStep) {
                    int v = idx.getInt(idxPos);
                    long raw = zeroExtend ? v & 0xFFFF_FFFFL : v;
                    if (Long.compareUnsigned(raw + ((raw >> 63) & wrap), axisSize) >= 0) {
                        return number + j;
                    }
                }
            } else {
                for (int j = 0; j < n; j++, idxPos += idxStep) {
                    long raw = idx.getLong(idxPos);
                    if (Long.compareUnsigned(raw + ((raw >> 63) & wrap), axisSize) >= 0) {
                        return number + j;
                    }
                }
            }
            number += n;
            if (number == end) {
                break;
            }
            inner = 0;
            for (int d = last - 1; d >= 0; d--) {
                idxRow += idxS[d];
                if (++coord[d] < sizes[d]) {
                    break;
                }
                coord[d] = 0;
                idxRow -= sizes[d] * idxS[d];
            }
        }
        return -1;
    }

    /** The index value at an element number, as a 64-bit value (INT32 sign-extended, UINT32 zero-extended). */
    long indexAt(ByteBuffer idx, long number) {
        long pos = 0;
        long rest = number;
        for (int d = plan.sizes.length - 1; d >= 0; d--) {
            pos += (rest % plan.sizes[d]) * plan.indicesStrides[d];
            rest /= plan.sizes[d];
        }
        return plan.indexSize == 8 ? idx.getLong((int) pos) : widen(idx.getInt((int) pos));
    }

    private long widen(int v) {
        return plan.indexType == dev.dmlemu.desc.TensorDataType.UINT32 ? v & 0xFFFF_FFFFL : v;
    }

    /**
     * The input element an index selects, for any index (the fast loops only send out-of-range ones here), or -1
     * when the element reads as zero.
     *
     * @param raw the index as a 64-bit value (INT32 sign-extended, UINT32 zero-extended, 64-bit types as stored)
     * @param base the sum of the non-axis input coordinates times their strides, in elements
     */
    long inputElement(long raw, long base) {
        long axisSize = plan.axisSize;
        switch (plan.policy) {
            case DIRECTML: {
                // DirectML facts §4.4b, steps 1-7.
                long index = raw < 0 ? raw + axisSize : raw;
                long low32 = axisSize == 1 ? 0 : index & 0xFFFF_FFFFL;
                long offset = (base + low32 * plan.axisStride) & 0xFFFF_FFFFL;
                if (offset > plan.inputLastElement) {
                    offset = plan.inputLastElement;
                }
                return offset == plan.inputLastElement && plan.inputLastElementPartial ? -1 : offset;
            }
            case CLAMP_AXIS: {
                long position;
                if (plan.signedWrap) {
                    position = raw < 0 ? raw + axisSize : raw;
                    position = position < 0 ? 0 : Math.min(position, axisSize - 1);
                } else {
                    position = Long.compareUnsigned(raw, axisSize) >= 0 ? axisSize - 1 : raw;
                }
                return base + position * plan.axisStride;
            }
            case STRICT: {
                long position = plan.signedWrap && raw < 0 ? raw + axisSize : raw;
                if (Long.compareUnsigned(position, axisSize) >= 0) {
                    // The indices were checked before writing; only a concurrent change to them can get here.
                    throw new OperatorExecutionException("IndicesTensor: index " + plan.indexText(raw)
                            + " is out of range for axis size " + axisSize
                            + "; the indices buffer changed during execution");
                }
                return base + position * plan.axisStride;
            }
            default:
                throw new IllegalStateException("unknown policy " + plan.policy);
        }
    }

    /** Writes the element an out-of-range index selects. {@code inPos} is the row's non-axis input byte offset. */
    void outOfRange(ByteBuffer in, ByteBuffer out, int outPos, int inPos, long raw) {
        long element = inputElement(raw, inPos / plan.elementSize);
        copyElement(in, out, outPos, element);
    }

    void outOfRange32(ByteBuffer in, ByteBuffer out, int outPos, int inPos, int v) {
        outOfRange(in, out, outPos, inPos, widen(v));
    }

    private void copyElement(ByteBuffer in, ByteBuffer out, int outPos, long element) {
        int from = (int) (element * plan.elementSize);
        switch (plan.elementSize) {
            case 1 -> out.put(outPos, element < 0 ? 0 : in.get(from));
            case 2 -> out.putShort(outPos, element < 0 ? 0 : in.getShort(from));
            case 4 -> out.putInt(outPos, element < 0 ? 0 : in.getInt(from));
            case 8 -> out.putLong(outPos, element < 0 ? 0 : in.getLong(from));
            default -> throw new IllegalStateException("no copy for " + plan.elementSize + "-byte elements");
        }
    }

    /** Any axis size (up to 2^32 - 1, beyond an int): every element through {@link #inputElement}. */
    private void rowGeneric(ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep, int idxPos,
            int idxStep, int outPos, int outStep, int n) {
        for (int j = 0; j < n; j++) {
            long raw = plan.indexSize == 8 ? idx.getLong(idxPos) : widen(idx.getInt(idxPos));
            copyElement(in, out, outPos, inputElement(raw, inPos / plan.elementSize));
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    // The specialised row loops: element size E (bytes) x index width I (bytes). Negative indices get `wrap` (the
    // axis size, or 0 when they do not count from the end) added without a branch; one unsigned compare then
    // separates in-range indices from the rest.

    private static void rowE1I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.put(outPos, in.get(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE2I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.putShort(outPos, in.getShort(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE4I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.putInt(outPos, in.getInt(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE8I4(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, int wrap) {
        for (int j = 0; j < n; j++) {
            int v = idx.getInt(idxPos);
            int w = v + ((v >> 31) & wrap);
            if (Integer.compareUnsigned(w, axisSize) < 0) {
                out.putLong(outPos, in.getLong(inPos + w * axisStep));
            } else {
                k.outOfRange32(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE1I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.put(outPos, in.get(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE2I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.putShort(outPos, in.getShort(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE4I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.putInt(outPos, in.getInt(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }

    private static void rowE8I8(GatherKernel k, ByteBuffer in, ByteBuffer idx, ByteBuffer out, int inPos, int inStep,
            int idxPos, int idxStep, int outPos, int outStep, int n, int axisStep, int axisSize, long wrap) {
        for (int j = 0; j < n; j++) {
            long v = idx.getLong(idxPos);
            long w = v + ((v >> 63) & wrap);
            if (Long.compareUnsigned(w, axisSize) < 0) {
                out.putLong(outPos, in.getLong(inPos + (int) w * axisStep));
            } else {
                k.outOfRange(in, out, outPos, inPos, v);
            }
            inPos += inStep;
            idxPos += idxStep;
            outPos += outStep;
        }
    }
}
