package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.UnfoldOperatorDesc;
import dev.dmlemu.emulator.BoundBuffers;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.emulator.PoolSplit;
import dev.dmlemu.execution.BindingRule;
import dev.dmlemu.execution.Bindings;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.nio.ByteBuffer;

/**
 * UNFOLD: output element {@code [n, c * prod(WindowSizes) + w, b]} is the input element at
 * {@code [n, c, b_d * Strides - StartPadding + w_d * Dilations]} ({@code w} and {@code b} row-major over the window and
 * the blocks), or zero where that lies in the padding (docs/directml-behaviour.md §16.9). Bytes are copied unchanged.
 */
public final class UnfoldKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.UNFOLD;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        UnfoldOperatorDesc desc = operator.desc(UnfoldOperatorDesc.class);
        OperatorType type = operatorType();
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, input);
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        int k = in.length - 2;
        Shapes.requireRank(type, "InputTensor's spatial part", desc.dimensionCount(), k);
        Shapes.requireRank(type, "OutputTensor", 3, out.length);
        FoldWindows windows = FoldWindows.over(type, in, desc.windowSizes(), desc.strides(), desc.dilations(),
                desc.startPadding(), desc.endPadding());
        windows.requireBlockTensor(type, in, out, "OutputTensor");
        long[] blockCounts = windows.blockCounts();
        long windowElements = windows.windowElements();
        long blocks = windows.blocks();
        // Per block and spatial dimension: the window's origin; per window element and dimension: its offset.
        int blockCount = Math.toIntExact(blocks);
        int windowCount = Math.toIntExact(windowElements);
        long[][] origin = new long[blockCount][k];
        long[][] tap = new long[windowCount][k];
        for (int b = 0; b < blockCount; b++) {
            long rest = b;
            for (int d = k - 1; d >= 0; d--) {
                origin[b][d] = rest % blockCounts[d] * desc.strides().get(d) - desc.startPadding().get(d);
                rest /= blockCounts[d];
            }
        }
        for (int w = 0; w < windowCount; w++) {
            long rest = w;
            for (int d = k - 1; d >= 0; d--) {
                long size = desc.windowSizes().get(d);
                tap[w][d] = rest % size * desc.dilations().get(d);
                rest /= size;
            }
        }
        return new Execution(operator.desc(), in, Shapes.strides(input), Shapes.strides(output), elementSize,
                windowCount, origin, tap, parallelism.forOutput(output));
    }

    /** Rows of the output ({@code n}, then {@code c * window + w}), split over the pool. */
    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final long[] in;
        private final long[] inStrides;
        private final long[] outStrides;
        private final int elementSize;
        private final int windowCount;
        private final long[][] origin;
        private final long[][] tap;
        private final Parallelism parallelism;
        private final PoolSplit split;

        Execution(OperatorDesc desc, long[] in, long[] inStrides, long[] outStrides, int elementSize,
                int windowCount, long[][] origin, long[][] tap, Parallelism parallelism) {
            this.desc = desc;
            this.in = in;
            this.inStrides = inStrides;
            this.outStrides = outStrides;
            this.elementSize = elementSize;
            this.windowCount = windowCount;
            this.origin = origin;
            this.tap = tap;
            this.parallelism = parallelism;
            this.split = parallelism.split(desc.operatorType().cName());
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer input = BoundBuffers.view(bindings.get(0));
            ByteBuffer output = BoundBuffers.view(bindings.get(1));
            long rows = in[0] * in[1] * windowCount;
            int chunks = parallelism.chunks(rows * origin.length, rows);
            if (chunks == 1) {
                rows(input, output, 0, rows);
            } else {
                split.run(rows, chunks, (begin, end) -> rows(input, output, begin, end));
            }
        }

        private void rows(ByteBuffer input, ByteBuffer output, long begin, long end) {
            int k = in.length - 2;
            for (long row = begin; row < end; row++) {
                long n = row / (in[1] * windowCount);
                long cw = row - n * in[1] * windowCount;
                long c = cw / windowCount;
                int w = (int) (cw - c * windowCount);
                long base = (n * inStrides[0] + c * inStrides[1]) * elementSize;
                long to = (n * outStrides[0] + cw * outStrides[1]) * elementSize;
                for (int b = 0; b < origin.length; b++, to += outStrides[2] * elementSize) {
                    long from = base;
                    boolean inside = true;
                    for (int d = 0; d < k && inside; d++) {
                        long x = origin[b][d] + tap[w][d];
                        inside = x >= 0 && x < in[d + 2];
                        from += x * inStrides[d + 2] * elementSize;
                    }
                    ElementBits.put(output, (int) to, elementSize,
                            inside ? ElementBits.get(input, (int) from, elementSize) : 0);
                }
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
