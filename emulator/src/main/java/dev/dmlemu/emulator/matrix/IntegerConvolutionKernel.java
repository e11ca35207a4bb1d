package dev.dmlemu.emulator.matrix;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionIntegerOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.execution.OperatorExecutionException;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * CONVOLUTION_INTEGER, 1-D or 2-D: {@code Output[n, m, y, x]} is the sum over the group's input channels and the
 * window of {@code (Input - InputZeroPoint) * (Filter - FilterZeroPoint[m])}, in 32-bit integers that wrap as
 * MATRIX_MULTIPLY_INTEGER's do. A window position outside the input (padding, or an output larger than the input
 * gives) adds nothing, as if it held the input's zero point (measured, docs/directml-behaviour.md §15.11). A 1-D
 * convolution is read as 2-D with a height of 1. Input, filter and output must have 2 + DimensionCount dimensions;
 * DirectML also accepts other DimensionCounts, which the emulator refuses as not modelled.
 */
public final class IntegerConvolutionKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.CONVOLUTION_INTEGER;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        ConvolutionIntegerOperatorDesc desc = operator.desc(ConvolutionIntegerOperatorDesc.class);
        int spatial = (int) desc.dimensionCount();
        BufferTensorDesc input = (BufferTensorDesc) desc.inputTensor();
        BufferTensorDesc filter = (BufferTensorDesc) desc.filterTensor();
        BufferTensorDesc output = (BufferTensorDesc) desc.outputTensor();
        if (spatial < 1 || spatial > 2 || input.sizes().size() != 2 + spatial || filter.sizes().size() != 2 + spatial
                || output.sizes().size() != 2 + spatial || output.dataType() != TensorDataType.INT32) {
            throw refuse("input, filter and output of 2 + DimensionCount dimensions (1 or 2 spatial ones)");
        }
        MatrixTensor in = planar(input);
        MatrixTensor w = planar(filter);
        MatrixTensor out = planar(output);
        long groups = desc.groupCount();
        long channels = in.sizes()[1];
        long maps = w.sizes()[0];
        if (groups < 1 || channels % groups != 0 || maps % groups != 0 || w.sizes()[1] != channels / groups
                || out.sizes()[0] != in.sizes()[0] || out.sizes()[1] != maps) {
            throw refuse("a filter [M, C / GroupCount, ...] and an output [N, M, ...]");
        }
        long[][] window = new long[4][2];
        for (int d = 0; d < 2; d++) {
            // A 1-D convolution's height: stride and dilation 1, no padding.
            int field = d - (2 - spatial);
            window[0][d] = field < 0 ? 1 : desc.strides().get(field);
            window[1][d] = field < 0 ? 1 : desc.dilations().get(field);
            window[2][d] = field < 0 ? 0 : desc.startPadding().get(field);
        }
        return new Execution(desc, in, zeroPoint(desc.inputZeroPointTensor()), w,
                zeroPoint(desc.filterZeroPointTensor()), out, window, groups, parallelism);
    }

    private static OperatorExecutionException refuse(String rule) {
        return new OperatorExecutionException(OperatorType.CONVOLUTION_INTEGER.cName()
                + ": the emulator cannot execute this desc: it takes " + rule);
    }

    /** A convolution tensor as 4-D {@code [N or M, C, H, W]} (a 1-D one with H = 1) and its element strides. */
    private static MatrixTensor planar(BufferTensorDesc tensor) {
        long[] sizes = tensor.sizes().stream().mapToLong(Long::longValue).toArray();
        long[] strides = tensor.effectiveStrides().stream().mapToLong(Long::longValue).toArray();
        if (sizes.length == 4) {
            return new MatrixTensor(sizes, strides, tensor.dataType());
        }
        return new MatrixTensor(new long[] {sizes[0], sizes[1], 1, sizes[2]},
                new long[] {strides[0], strides[1], 0, strides[2]}, tensor.dataType());
    }

    /**
     * A zero point read at {@code [0, channel, 0, 0]}: one value, or (the filter's) one per output channel along its
     * own {@code Sizes[1]}, whatever its DimensionCount ({@code [1, M]} and {@code [1, M, 1, 1]} alike,
     * docs/directml-behaviour.md §14.2); null when absent.
     */
    private static MatrixTensor zeroPoint(TensorDesc tensor) {
        if (!(tensor instanceof BufferTensorDesc buffer)) {
            return null;
        }
        List<Long> sizes = buffer.sizes();
        boolean perChannel = sizes.size() > 1 && sizes.get(1) > 1;
        return new MatrixTensor(new long[] {1, perChannel ? sizes.get(1) : 1, 1, 1},
                new long[] {0, perChannel ? buffer.effectiveStrides().get(1) : 0, 0, 0}, buffer.dataType());
    }

    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final MatrixTensor in;
        private final MatrixTensor inZero;
        private final MatrixTensor w;
        private final MatrixTensor wZero;
        private final MatrixTensor out;
        /** Per spatial dimension (height, width): stride, dilation and start padding. */
        private final long[][] window;
        private final long groups;
        private final ProductSplit split;

        Execution(OperatorDesc desc, MatrixTensor in, MatrixTensor inZero, MatrixTensor w, MatrixTensor wZero,
                MatrixTensor out, long[][] window, long groups, Parallelism parallelism) {
            this.desc = desc;
            this.in = in;
            this.inZero = inZero;
            this.w = w;
            this.wZero = wZero;
            this.out = out;
            this.window = window;
            this.groups = groups;
            this.split = new ProductSplit(desc, parallelism);
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer input = BoundBuffers.view(bindings.get(0));
            ByteBuffer inputZero = inZero == null ? null : BoundBuffers.view(bindings.get(1));
            ByteBuffer filter = BoundBuffers.view(bindings.get(2));
            ByteBuffer filterZero = wZero == null ? null : BoundBuffers.view(bindings.get(3));
            ByteBuffer output = BoundBuffers.view(bindings.get(4));
            long planes = out.sizes()[0] * out.sizes()[1];
            split.run(planes, out.sizes()[2], out.sizes()[3],
                    (begin, end) -> planes(input, inputZero, filter, filterZero, output, begin, end));
        }

        /** Output planes [n, m] from {@code begin} to {@code end}, each summed over its group's channels. */
        private void planes(ByteBuffer input, ByteBuffer inputZero, ByteBuffer filter, ByteBuffer filterZero,
                ByteBuffer output, long begin, long end) {
            int x0 = inputZero == null ? 0 : inZero.integer(inputZero, 0, 0, 0, 0);
            long perGroup = w.sizes()[1];
            long mapsPerGroup = out.sizes()[1] / groups;
            for (long plane = begin; plane < end; plane++) {
                long n = plane / out.sizes()[1];
                long m = plane % out.sizes()[1];
                long firstChannel = m / mapsPerGroup * perGroup;
                int w0 = filterZero == null ? 0 : wZero.integer(filterZero, 0, m, 0, 0);
                for (long oy = 0; oy < out.sizes()[2]; oy++) {
                    for (long ox = 0; ox < out.sizes()[3]; ox++) {
                        int sum = 0;
                        for (long c = 0; c < perGroup; c++) {
                            for (long ky = 0; ky < w.sizes()[2]; ky++) {
                                long iy = oy * window[0][0] - window[2][0] + ky * window[1][0];
                                if (iy < 0 || iy >= in.sizes()[2]) {
                                    continue;
                                }
                                for (long kx = 0; kx < w.sizes()[3]; kx++) {
                                    long ix = ox * window[0][1] - window[2][1] + kx * window[1][1];
                                    if (ix < 0 || ix >= in.sizes()[3]) {
                                        continue;
                                    }
                                    sum += (in.integer(input, n, firstChannel + c, iy, ix) - x0)
                                            * (w.integer(filter, m, c, ky, kx) - w0);
                                }
                            }
                        }
                        output.putInt(out.outputAt(n, m, oy, ox), sum);
                    }
                }
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
