package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * DML_MAX_POOLING, MAX_POOLING1 and MAX_POOLING2, element by element from the docs and the real DLL's probes
 * (docs/directml-behaviour.md §16.9): for each output element, every window position {@code o * Strides -
 * StartPadding + w * Dilations} in row-major window order, those outside the input skipped. The maximum starts at the
 * type's lowest finite value and takes an element only when it is greater (NaN never is); the index is the flat
 * row-major input index of the first element that raised it, or of the window's first element inside the input when
 * none did, or 0 when the window misses the input. Of elements equal to the maximum (-0.0 against 0.0), the value
 * written is the last, but the first for a 4-D pooling without indices over a packed input and output whose window
 * is not the whole input, and for a 5-D pooling with UINT64 indices or with UINT32 ones where some tensor is strided.
 */
public final class NaiveMaxPooling {

    private NaiveMaxPooling() {}

    public static List<byte[]> run(MovementCase c) {
        OperatorDesc desc = c.desc();
        List<Long> strides;
        List<Long> windows;
        List<Long> starts;
        List<Long> ends;
        List<Long> dilations;
        TensorDesc indices = TensorDesc.NULL;
        if (desc instanceof MaxPoolingOperatorDesc d) {
            strides = d.strides();
            windows = d.windowSize();
            starts = d.startPadding();
            ends = d.endPadding();
            dilations = Collections.nCopies(strides.size(), 1L);
        } else if (desc instanceof MaxPooling1OperatorDesc d) {
            strides = d.strides();
            windows = d.windowSize();
            starts = d.startPadding();
            ends = d.endPadding();
            dilations = Collections.nCopies(strides.size(), 1L);
            indices = d.outputIndicesTensor();
        } else {
            MaxPooling2OperatorDesc d = (MaxPooling2OperatorDesc) desc;
            strides = d.strides();
            windows = d.windowSize();
            starts = d.startPadding();
            ends = d.endPadding();
            dilations = d.dilations();
            indices = d.outputIndicesTensor();
        }
        TensorLayout in = TensorLayout.of(desc.tensorFields().get(0).desc());
        TensorLayout out = TensorLayout.of(desc.tensorFields().get(1).desc());
        boolean withIndices = indices instanceof BufferTensorDesc;
        TensorLayout idx = withIndices ? TensorLayout.of(indices) : null;
        TensorBytes input = c.inputs().get(0);
        byte[] written = c.outputs().get(0).bytes().clone();
        byte[] writtenIndices = c.outputs().get(1 < c.outputs().size() ? 1 : 0).bytes().clone();
        int size = in.elementSize();
        int spatial = in.rank() - 2;
        long[] window = new long[spatial];
        for (int d = 0; d < spatial; d++) {
            window[d] = windows.get(d);
        }
        long[] packed = Shapes.packedStrides(in.sizes());
        if (!withIndices && wholeInputWindows(in, windows, starts, ends, dilations)) {
            return reduction(c, in, out);
        }
        // Measured: which of equal elements gives the value. 4-D: the first without indices over packed tensors;
        // 5-D: the first with UINT64 indices, or with UINT32 ones when some tensor is strided; else the last.
        boolean packedTensors = dense(in) && dense(out) && (!withIndices || dense(idx));
        boolean wideIndices = withIndices && idx.type() == TensorDataType.UINT64;
        boolean lastGivesValue = spatial == 2 ? withIndices || !packedTensors
                : !withIndices || packedTensors && !wideIndices;
        for (long e = 0; e < Shapes.product(out.sizes()); e++) {
            long[] o = Shapes.coordinate(e, out.sizes());
            long bestFirst = lowest(in.type());
            long bestLast = bestFirst;
            long index = -1;
            for (long w = 0; w < Shapes.product(window); w++) {
                long[] tap = Shapes.coordinate(w, window);
                long[] at = o.clone();
                boolean inside = true;
                for (int d = 0; d < spatial; d++) {
                    at[d + 2] = o[d + 2] * strides.get(d) - starts.get(d) + tap[d] * dilations.get(d);
                    inside &= at[d + 2] >= 0 && at[d + 2] < in.sizes()[d + 2];
                }
                if (!inside) {
                    continue;
                }
                long flat = Shapes.offset(at, packed);
                long x = LittleEndian.bits(input.bytes(), in.byteAt(input, at), size);
                if (index < 0) {
                    index = flat;
                }
                if (compare(in.type(), x, bestFirst) > 0) {
                    bestFirst = x;
                    index = flat;
                }
                if (compare(in.type(), x, bestLast) >= 0) {
                    bestLast = x;
                }
            }
            long value = lastGivesValue ? bestLast : bestFirst;
            LittleEndian.put(written, out.byteAt(new TensorBytes(written, c.outputs().get(0).offset()), o), size,
                    value);
            if (withIndices) {
                TensorBytes target = new TensorBytes(writtenIndices, c.outputs().get(1).offset());
                LittleEndian.put(writtenIndices, idx.byteAt(target, o), idx.elementSize(), Math.max(index, 0));
            }
        }
        List<byte[]> outputs = new ArrayList<>();
        outputs.add(written);
        if (c.outputs().size() > 1) {
            outputs.add(withIndices ? writtenIndices : c.outputs().get(1).bytes().clone());
        }
        return outputs;
    }

    /** Windows the size of the input along every spatial dimension, without padding or dilation. */
    private static boolean wholeInputWindows(TensorLayout in, List<Long> windows, List<Long> starts, List<Long> ends,
            List<Long> dilations) {
        for (int d = 0; d < windows.size(); d++) {
            if (windows.get(d) != in.sizes()[d + 2] || starts.get(d) != 0 || ends.get(d) != 0
                    || dilations.get(d) != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * Measured: without indices, whole-input windows are DirectML's REDUCE MAX over the spatial dimensions whose output
     * size is 1 (the others must keep the input's size): the kit's REDUCE MAX runs it (NaNs skipped, nothing but NaNs
     * giving -infinity, and of equal elements the one REDUCE MAX's walk or tree settles on).
     */
    private static List<byte[]> reduction(MovementCase c, TensorLayout in, TensorLayout out) {
        List<Long> axes = new ArrayList<>();
        for (int d = 2; d < in.rank(); d++) {
            if (out.sizes()[d] == 1) {
                axes.add((long) d);
            } else if (out.sizes()[d] != in.sizes()[d]) {
                throw new IllegalArgumentException("a whole-input max pooling's output size " + out.sizes()[d]
                        + " is neither 1 nor the input's " + in.sizes()[d] + ": not modelled");
            }
        }
        BufferTensorDesc input = (BufferTensorDesc) c.desc().tensorFields().get(0).desc();
        BufferTensorDesc output = (BufferTensorDesc) c.desc().tensorFields().get(1).desc();
        MovementCase reduce = new MovementCase(new ReduceOperatorDesc(ReduceFunction.MAX, input, output, axes.size(),
                axes), c.inputs(), List.of(c.outputs().get(0)));
        List<byte[]> outputs = new ArrayList<>(NaiveSelectReduce.run(reduce));
        if (c.outputs().size() > 1) {
            outputs.add(c.outputs().get(1).bytes().clone());
        }
        return outputs;
    }

    /** Whether each dimension of more than one element has its packed stride (size-1 dimensions' are never read). */
    static boolean dense(TensorLayout layout) {
        long[] packedStrides = Shapes.packedStrides(layout.sizes());
        for (int d = 0; d < layout.rank(); d++) {
            if (layout.sizes()[d] != 1 && layout.strides()[d] != packedStrides[d]) {
                return false;
            }
        }
        return true;
    }

    /** The bits of the lowest finite value of the type. */
    static long lowest(TensorDataType type) {
        return switch (type) {
            case FLOAT32 -> Float.floatToRawIntBits(-Float.MAX_VALUE) & 0xFFFFFFFFL;
            case INT8 -> 0x80;
            case INT16 -> 0x8000;
            case INT32 -> 0x80000000L;
            case INT64 -> Long.MIN_VALUE;
            default -> 0;
        };
    }

    /**
     * Compares two elements' bits as the type's values; NaN compares as neither greater nor equal (-2), and -0.0
     * equals 0.0.
     */
    static int compare(TensorDataType type, long a, long b) {
        switch (type) {
            case FLOAT32 -> {
                float x = Float.intBitsToFloat((int) a);
                float y = Float.intBitsToFloat((int) b);
                return x > y ? 1 : x == y ? 0 : x < y ? -1 : -2;
            }
            case INT8, INT16, INT32, INT64 -> {
                int shift = 64 - 8 * type.sizeInBytes();
                return Long.compare(a << shift >> shift, b << shift >> shift);
            }
            default -> {
                return Long.compareUnsigned(a, b);
            }
        }
    }
}
