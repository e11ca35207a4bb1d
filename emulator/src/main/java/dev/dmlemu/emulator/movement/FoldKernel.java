package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
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
import java.util.Arrays;
import java.util.List;

/**
 * FOLD (col2im): output element {@code [n, c, x]} is the sum of the input elements
 * {@code [n, c * prod(WindowSizes) + w, b]} whose window element lands on it,
 * {@code b_d * Strides - StartPadding + w_d * Dilations = x_d}, added in row-major order of the block {@code b} from
 * +0 ({@link FoldSum}); an element no window covers is 0, as the real DLL does (docs/directml-behaviour.md §16.9).
 * Which input elements land where depends only on the spatial position, so it is resolved once at prepare: per
 * position, the input offsets within a channel, in summation order. A Dilations value of 0 is refused: the DLL then
 * reads outside the window, from the previous channel's rows (measured, not modelled).
 */
public final class FoldKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.FOLD;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        FoldOperatorDesc desc = operator.desc(FoldOperatorDesc.class);
        OperatorType type = operatorType();
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, input);
        FoldSum sum = FoldSum.of(type, input.dataType());
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        int k = out.length - 2;
        Shapes.requireRank(type, "OutputTensor's spatial part", desc.dimensionCount(), k);
        Shapes.requireRank(type, "InputTensor", 3, in.length);
        for (List<Long> field : List.of(desc.windowSizes(), desc.strides(), desc.dilations(), desc.startPadding(),
                desc.endPadding())) {
            Shapes.requireLength(type, "WindowSizes, Strides, Dilations, StartPadding and EndPadding", field, k);
        }
        FoldWindows windows = FoldWindows.over(type, out, desc.windowSizes(), desc.strides(), desc.dilations(),
                desc.startPadding(), desc.endPadding());
        for (int d = 0; d < k; d++) {
            if (desc.dilations().get(d) == 0) {
                throw Shapes.refuse(type, "Dilations[" + d + "] is 0: DirectML then sums elements outside the"
                        + " window (zeros, or the previous channel's last window row), which is not modelled");
            }
        }
        windows.requireBlockTensor(type, out, in, "InputTensor");
        long[] blockCounts = windows.blockCounts();
        long windowElements = windows.windowElements();
        long[] inStrides = Shapes.strides(input);
        Taps taps = Taps.of(desc, out, blockCounts, inStrides);
        return new Execution(operator.desc(), sum, out, windowElements, inStrides, Shapes.strides(output),
                elementSize, taps, parallelism.forOutput(output));
    }

    /**
     * Per spatial position (row-major over {@code positionSizes}), the input elements that land on it, as element
     * offsets from the channel's first row ({@code w * stride1 + b * stride2}) in summation order:
     * {@code offsets[first[p] .. first[p + 1])}.
     */
    private record Taps(int[] first, long[] offsets, long[] positionSizes) {

        static Taps of(FoldOperatorDesc desc, long[] out, long[] blockCounts, long[] inStrides) {
            int k = out.length - 2;
            long[] spatial = Arrays.copyOfRange(out, 2, out.length);
            // Per dimension and coordinate: the (window element, block) pairs landing there, blocks ascending.
            long[][][] pairs = new long[k][][];
            for (int d = 0; d < k; d++) {
                long window = desc.windowSizes().get(d);
                long stride = desc.strides().get(d);
                long dilation = desc.dilations().get(d);
                long start = desc.startPadding().get(d);
                pairs[d] = new long[Math.toIntExact(out[d + 2])][];
                for (int x = 0; x < out[d + 2]; x++) {
                    long[] found = new long[Math.toIntExact(2 * Math.min(window, blockCounts[d]))];
                    int count = 0;
                    // Blocks ascending, searched over the window or the blocks, whichever is shorter: a window
                    // element further on lands from an earlier block.
                    if (window <= blockCounts[d]) {
                        for (long w = window - 1; w >= 0; w--) {
                            long reach = x + start - w * dilation;
                            if (reach >= 0 && reach % stride == 0 && reach / stride < blockCounts[d]) {
                                found[count++] = w;
                                found[count++] = reach / stride;
                            }
                        }
                    } else {
                        for (long b = 0; b < blockCounts[d]; b++) {
                            long reach = x + start - b * stride;
                            if (reach >= 0 && reach % dilation == 0 && reach / dilation < window) {
                                found[count++] = reach / dilation;
                                found[count++] = b;
                            }
                        }
                    }
                    pairs[d][x] = Arrays.copyOf(found, count);
                }
            }
            int positions = Math.toIntExact(product(spatial));
            int[] first = new int[positions + 1];
            long total = 0;
            for (int p = 0; p < positions; p++) {
                long here = 1;
                long rest = p;
                for (int d = k - 1; d >= 0; d--) {
                    here *= pairs[d][(int) (rest % spatial[d])].length / 2;
                    rest /= spatial[d];
                }
                total = Math.addExact(total, here);
                first[p + 1] = Math.toIntExact(total);
            }
            long[] offsets = new long[Math.toIntExact(total)];
            int[] pick = new int[k];
            long[][] chosen = new long[k][];
            for (int p = 0; p < positions; p++) {
                long rest = p;
                for (int d = k - 1; d >= 0; d--) {
                    chosen[d] = pairs[d][(int) (rest % spatial[d])];
                    rest /= spatial[d];
                }
                // The product of the per-dimension lists, row-major: blocks in row-major ascending order.
                Arrays.fill(pick, 0);
                for (int t = first[p]; t < first[p + 1]; t++) {
                    long w = 0;
                    long b = 0;
                    for (int d = 0; d < k; d++) {
                        w = w * desc.windowSizes().get(d) + chosen[d][2 * pick[d]];
                        b = b * blockCounts[d] + chosen[d][2 * pick[d] + 1];
                    }
                    offsets[t] = w * inStrides[1] + b * inStrides[2];
                    for (int d = k - 1; d >= 0; d--) {
                        if (++pick[d] < chosen[d].length / 2) {
                            break;
                        }
                        pick[d] = 0;
                    }
                }
            }
            return new Taps(first, offsets, spatial);
        }

        int positions() {
            return first.length - 1;
        }

        private static long product(long[] sizes) {
            long p = 1;
            for (long s : sizes) {
                p = Math.multiplyExact(p, s);
            }
            return p;
        }
    }

    /** Output elements ({@code n}, {@code c}, position, row-major), split over the pool. */
    private static final class Execution implements OperatorExecution {

        private final OperatorDesc desc;
        private final FoldSum sum;
        private final long[] out;
        private final long windowElements;
        private final long[] inStrides;
        private final long[] outStrides;
        private final int elementSize;
        private final Taps taps;
        private final Parallelism parallelism;
        private final PoolSplit split;

        Execution(OperatorDesc desc, FoldSum sum, long[] out, long windowElements, long[] inStrides,
                long[] outStrides, int elementSize, Taps taps, Parallelism parallelism) {
            this.desc = desc;
            this.sum = sum;
            this.out = out;
            this.windowElements = windowElements;
            this.inStrides = inStrides;
            this.outStrides = outStrides;
            this.elementSize = elementSize;
            this.taps = taps;
            this.parallelism = parallelism;
            this.split = parallelism.split(desc.operatorType().cName());
        }

        @Override
        public void execute(Bindings bindings) {
            BindingRule.check(desc, bindings);
            ByteBuffer input = BoundBuffers.view(bindings.get(0));
            ByteBuffer output = BoundBuffers.view(bindings.get(1));
            long elements = out[0] * out[1] * taps.positions();
            int chunks = parallelism.chunks(elements + taps.offsets().length * out[0] * out[1], elements);
            if (chunks == 1) {
                elements(input, output, 0, elements);
            } else {
                split.run(elements, chunks, (begin, end) -> elements(input, output, begin, end));
            }
        }

        private void elements(ByteBuffer input, ByteBuffer output, long begin, long end) {
            int positions = taps.positions();
            long[] spatial = taps.positionSizes();
            int[] first = taps.first();
            long[] offsets = taps.offsets();
            for (long e = begin; e < end; e++) {
                long nc = e / positions;
                int p = (int) (e - nc * positions);
                long n = nc / out[1];
                long c = nc - n * out[1];
                long base = n * inStrides[0] + c * windowElements * inStrides[1];
                long running = 0;
                for (int t = first[p]; t < first[p + 1]; t++) {
                    running = sum.add(running, ElementBits.get(input, (int) ((base + offsets[t]) * elementSize),
                            elementSize));
                }
                long to = n * outStrides[0] + c * outStrides[1];
                long rest = p;
                for (int d = spatial.length - 1; d >= 0; d--) {
                    to += rest % spatial[d] * outStrides[d + 2];
                    rest /= spatial[d];
                }
                ElementBits.put(output, (int) (to * elementSize), elementSize, sum.finish(running));
            }
        }

        @Override
        public void release() {
            // Nothing is kept between executions.
        }
    }
}
