package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import java.util.List;

/**
 * A max pooling that DirectML runs as its REDUCE MAX (docs/directml-behaviour.md §16.9): no indices output, and along
 * every spatial dimension a window the size of the input with no padding and no dilation (Strides then change
 * nothing). As REDUCE MAX does (§16.7), it skips NaNs, gives -infinity for nothing but NaNs, and of equal elements
 * writes the one REDUCE MAX's walk or tree settles on ({@link ReducedSpace#forValues}): on a packed input, whose
 * spatial dimensions are innermost, the one at the highest address up to 2,047 window elements, and from 2,048 on,
 * onto a packed output, DirectML's tree.
 *
 * <p>Each spatial output size must be 1 (the dimension is reduced) or the input's (it is kept). For any other size
 * DirectML still reduces, but which elements it reads then depends on the sizes and strides of both tensors in ways
 * the probes did not pin down, so the emulator refuses such a desc.
 */
final class MaxPoolingReduction {

    /** REDUCE MAX's selection: the value, NaNs skipped, the last of equal elements. */
    static final ReduceSelection SELECTION = new ReduceSelection(Extremum.LARGEST, false, false);

    private MaxPoolingReduction() {}

    /** Whether DirectML runs the pooling as a reduction. */
    static boolean applies(boolean hasIndices, long[] inputSpatial, PoolingWindow.Fields fields,
            List<Long> endPadding) {
        if (hasIndices) {
            return false;
        }
        for (int d = 0; d < inputSpatial.length; d++) {
            if (fields.windowSizes().get(d) != inputSpatial[d] || fields.startPadding().get(d) != 0
                    || endPadding.get(d) != 0 || fields.dilations().get(d) != 1) {
                return false;
            }
        }
        return true;
    }

    /**
     * The reduction's walks over tensors of {@code in} and {@code out} sizes and element strides; refuses spatial
     * output sizes other than 1 and the input's.
     */
    static ReducedSpace space(OperatorType type, long[] in, long[] out, long[] inStrides, long[] outStrides,
            int elementSize) {
        long[] inputKept = new long[in.length];
        long[] outputStrides = new long[in.length];
        boolean[] reduced = new boolean[in.length];
        for (int d = 0; d < in.length; d++) {
            outputStrides[d] = Math.multiplyExact(outStrides[d], (long) elementSize);
            if (d >= 2 && out[d] != in[d]) {
                if (out[d] != 1) {
                    throw Shapes.refuse(type, "OutputTensor's spatial dimension " + (d - 2) + " has " + out[d]
                            + " elements: with a window the size of the input, no padding, no dilation and no"
                            + " indices output DirectML reduces the input, and for an output size other than 1 or"
                            + " the input's (" + in[d] + ") which elements it reads was not pinned down on the real"
                            + " DLL (docs/directml-behaviour.md §16.9)");
                }
                reduced[d] = true;
            } else {
                inputKept[d] = Math.multiplyExact(inStrides[d], (long) elementSize);
            }
        }
        return ReducedSpace.forValues(in, inStrides, reduced, out, outStrides, elementSize, inputKept, outputStrides);
    }
}
