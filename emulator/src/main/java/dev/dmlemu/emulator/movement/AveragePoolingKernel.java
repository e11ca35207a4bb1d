package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.AveragePooling1OperatorDesc;
import dev.dmlemu.desc.AveragePoolingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DispatchWork;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.List;

/**
 * AVERAGE_POOLING and AVERAGE_POOLING1 on FLOAT32, measured on the real DLL (docs/directml-behaviour.md §16.10): each
 * output is the FLOAT32 sum of its window's elements inside the input, taken row-major from the first, divided (a true
 * division) by the taps inside the input, or by the whole window with IncludePadding. A window the size of the input
 * without padding, of 2,048 elements or more, is summed as REDUCE's tree ({@link TreeValueWalk}): partial sums of 512
 * threads, thread {@code t} adding elements {@code t}, {@code t + 512}, ... of each group of 4,096, the threads then
 * added pairwise, lower plus upper half, and the groups' sums the same way. Other windows of 2,048 taps or more sum in
 * an order not found, and are refused; so is FLOAT16 (the device has none).
 */
public final class AveragePoolingKernel implements OperatorKernel {

    /** From this many elements on, a whole-input window is a tree sum; a sliding one is not modelled. */
    static final long LEAST_TREE = TreeValueWalk.LEAST_INNERMOST;
    private static final int GROUP = 4_096;
    private static final int THREADS = 512;

    private final OperatorType type;

    private AveragePoolingKernel(OperatorType type) {
        this.type = type;
    }

    public static AveragePoolingKernel averagePooling() {
        return new AveragePoolingKernel(OperatorType.AVERAGE_POOLING);
    }

    public static AveragePoolingKernel averagePooling1() {
        return new AveragePoolingKernel(OperatorType.AVERAGE_POOLING1);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        PoolingWindow.Fields fields;
        List<Long> endPadding;
        boolean includePadding;
        if (operator.desc() instanceof AveragePoolingOperatorDesc d) {
            fields = new PoolingWindow.Fields(d.strides(), d.windowSize(), d.startPadding(),
                    Collections.nCopies(d.strides().size(), 1L));
            endPadding = d.endPadding();
            includePadding = d.includePadding();
        } else {
            AveragePooling1OperatorDesc d = operator.desc(AveragePooling1OperatorDesc.class);
            fields = new PoolingWindow.Fields(d.strides(), d.windowSize(), d.startPadding(), d.dilations());
            endPadding = d.endPadding();
            includePadding = d.includePadding();
        }
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        if (input.dataType() != TensorDataType.FLOAT32 || output.dataType() != TensorDataType.FLOAT32) {
            throw Shapes.refuse(type, "only FLOAT32 is modelled (the device has no FLOAT16)");
        }
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        int spatial = fields.windowSizes().size();
        if (in.length != spatial + 2 || out.length != in.length || in[0] != out[0] || in[1] != out[1]) {
            throw Shapes.refuse(type, "InputTensor and OutputTensor must be [N, C, spatial...] with the same N and C");
        }
        long[] inSpatial = java.util.Arrays.copyOfRange(in, 2, in.length);
        long[] outSpatial = java.util.Arrays.copyOfRange(out, 2, out.length);
        long windowElements = 1;
        boolean wholeInput = true;
        for (int d = 0; d < spatial; d++) {
            // Saturating: a window past a long is refused below as any window of 2,048 taps or more is.
            windowElements = DispatchWork.saturatingMultiply(windowElements, fields.windowSizes().get(d));
            wholeInput &= fields.windowSizes().get(d) == inSpatial[d] && fields.startPadding().get(d) == 0
                    && endPadding.get(d) == 0 && fields.dilations().get(d) == 1 && outSpatial[d] == 1;
        }
        if (windowElements >= LEAST_TREE && !wholeInput) {
            throw Shapes.refuse(type, "a window of " + windowElements + " elements that is not the whole input:"
                    + " from 2,048 on DirectML sums such windows in an order not found on the real DLL");
        }
        PoolingWindow window = PoolingWindow.of(type, inSpatial, outSpatial, fields);
        return new Execution(operator.desc(), in, out, Shapes.strides(input), Shapes.strides(output), window,
                includePadding ? windowElements : 0, wholeInput && windowElements >= LEAST_TREE);
    }

    /**
     * The tree sum of {@code values} in order: per group of 4,096, 512 partial sums ({@code t}, {@code t + 512}, ...),
     * added pairwise, lower plus upper half; then the groups' sums the same way.
     */
    static float treeSum(float[] values, int length) {
        TreeSum sum = new TreeSum(length);
        for (int e = 0; e < length; e++) {
            sum.add(values[e]);
        }
        return sum.result();
    }

    /** {@link #treeSum} taken element by element, keeping one sum per group of 4,096 rather than the elements. */
    static final class TreeSum {
        private final float[] partial = new float[THREADS];
        private final float[] groupSums;
        private final long length;
        private long added;

        TreeSum(long length) {
            this.length = length;
            this.groupSums = new float[Math.toIntExact((length + GROUP - 1) / GROUP)];
        }

        void add(float x) {
            int inGroup = (int) (added % GROUP);
            if (inGroup < THREADS) {
                // Each thread's sum starts at +0 (so -0 alone sums to +0).
                partial[inGroup] = 0f + x;
            } else {
                partial[inGroup % THREADS] += x;
            }
            added++;
            if (added % GROUP == 0 || added == length) {
                // A thread without elements in a short last group holds 0.
                for (int t = Math.min(inGroup + 1, THREADS); t < THREADS; t++) {
                    partial[t] = 0;
                }
                for (int half = THREADS / 2; half >= 1; half /= 2) {
                    for (int t = 0; t < half; t++) {
                        partial[t] = partial[t] + partial[t + half];
                    }
                }
                groupSums[(int) ((added - 1) / GROUP)] = partial[0];
            }
        }

        float result() {
            return groupSums.length == 1 ? groupSums[0] : treeSum(groupSums, groupSums.length);
        }
    }

    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final long[] in;
        private final long[] out;
        private final long[] inStrides;
        private final long[] outStrides;
        private final PoolingWindow window;
        /** The divisor with IncludePadding (the window's elements), else 0: the taps inside the input. */
        private final long wholeWindow;
        private final boolean tree;

        Execution(OperatorDesc desc, long[] in, long[] out, long[] inStrides, long[] outStrides, PoolingWindow window,
                long wholeWindow, boolean tree) {
            this.desc = desc;
            this.in = in;
            this.out = out;
            this.inStrides = inStrides;
            this.outStrides = outStrides;
            this.window = window;
            this.wholeWindow = wholeWindow;
            this.tree = tree;
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer input = BoundBuffers.view(bindings.get(0));
            ByteBuffer output = BoundBuffers.view(bindings.get(1));
            int rank = out.length;
            int spatial = rank - 2;
            long[] at = new long[rank];
            long[] tap = new long[spatial];
            long spatialElements = 1;
            for (int d = 2; d < rank; d++) {
                spatialElements *= in[d];
            }
            do {
                long base = at[0] * inStrides[0] + at[1] * inStrides[1];
                long inside = 1;
                for (int d = 0; d < spatial; d++) {
                    inside *= window.count()[d][(int) at[d + 2]];
                }
                float sum = 0;
                TreeSum treeSum = tree ? new TreeSum(spatialElements) : null;
                if (inside > 0) {
                    java.util.Arrays.fill(tap, 0);
                    do {
                        long offset = base;
                        for (int d = 0; d < spatial; d++) {
                            long coordinate = window.first()[d][(int) at[d + 2]] + tap[d] * window.dilations()[d];
                            offset += coordinate * inStrides[d + 2];
                        }
                        float x = input.getFloat(Math.toIntExact(offset * 4));
                        if (tree) {
                            treeSum.add(x);
                        } else {
                            sum += x;
                        }
                    } while (nextTap(tap, at));
                }
                if (tree) {
                    sum = treeSum.result();
                }
                float divisor = wholeWindow > 0 ? wholeWindow : inside;
                output.putFloat(Math.toIntExact(Shapes.offset(at, outStrides) * 4), sum / divisor);
            } while (Shapes.nextCoordinate(at, out));
        }

        /** The next tap of the window of output {@code at}, row-major over the spatial dimensions. */
        private boolean nextTap(long[] tap, long[] at) {
            for (int d = tap.length - 1; d >= 0; d--) {
                if (++tap[d] < window.count()[d][(int) at[d + 2]]) {
                    return true;
                }
                tap[d] = 0;
            }
            return false;
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
