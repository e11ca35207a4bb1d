package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.SliceOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.List;

/**
 * SLICE and SLICE1: the output is one region of the input, {@code Output[c] = Input[start + step * c]} per dimension.
 * SLICE's window is Offsets and Strides (its Sizes are the output's); SLICE1's negative stride starts at the window's
 * last element (docs/directml-behaviour.md §16).
 */
public final class SliceKernel implements OperatorKernel {

    private final OperatorType type;

    private SliceKernel(OperatorType type) {
        this.type = type;
    }

    public static SliceKernel slice() {
        return new SliceKernel(OperatorType.SLICE);
    }

    public static SliceKernel slice1() {
        return new SliceKernel(OperatorType.SLICE1);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    /** The window: per dimension the first input coordinate read and the step between outputs. */
    record Window(long dimensionCount, long[] starts, long[] steps) {}

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Window window = type == OperatorType.SLICE ? window(operator.desc(SliceOperatorDesc.class), output)
                : window1(type, operator.desc(Slice1OperatorDesc.class).dimensionCount(),
                        operator.desc(Slice1OperatorDesc.class).inputWindowOffsets(),
                        operator.desc(Slice1OperatorDesc.class).inputWindowSizes(),
                        operator.desc(Slice1OperatorDesc.class).inputWindowStrides(), output);
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, input);
        long[] inSizes = Shapes.sizes(input);
        long[] outSizes = Shapes.sizes(output);
        Shapes.requireRank(type, "InputTensor", window.dimensionCount(), inSizes.length);
        Shapes.requireRank(type, "OutputTensor", window.dimensionCount(), outSizes.length);
        long[] inStrides = Shapes.strides(input);
        long[] sourceStrides = new long[inSizes.length];
        long base = 0;
        for (int d = 0; d < inSizes.length; d++) {
            Shapes.requireInside(type, "dimension " + d, window.starts()[d], window.steps()[d], outSizes[d],
                    inSizes[d]);
            // Inside the input: each term is below the input's addressed extent.
            base += window.starts()[d] * inStrides[d];
            // A step along a size-1 output dimension is never taken (and may be huge).
            sourceStrides[d] = outSizes[d] == 1 ? 0 : window.steps()[d] * inStrides[d];
        }
        RegionCopy copy = new RegionCopy(new CopyRegion(outSizes, base, sourceStrides, 0, Shapes.strides(output)),
                elementSize);
        return new CopyExecution(operator.desc(), List.of(new CopyPiece(0, 1, copy)), new byte[0],
                parallelism.forOutput(output), PieceOrder.LISTED);
    }

    private Window window(SliceOperatorDesc desc, BufferTensorDesc output) {
        long n = desc.dimensionCount();
        Shapes.requireLength(type, "Offsets", desc.offsets(), n);
        Shapes.requireLength(type, "Sizes", desc.sizes(), n);
        Shapes.requireLength(type, "Strides", desc.strides(), n);
        if (!desc.sizes().equals(output.sizes())) {
            throw Shapes.refuse(type, "Sizes " + desc.sizes() + " must equal the OutputTensor's " + output.sizes());
        }
        return new Window(n, toArray(desc.offsets()), toArray(desc.strides()));
    }

    /**
     * SLICE1's (and SLICE_GRAD's) window over the large tensor, for the small one ({@code sliced}: SLICE1's output,
     * SLICE_GRAD's InputGradientTensor).
     */
    static Window window1(OperatorType type, long n, List<Long> offsets, List<Long> sizes, List<Integer> strides,
            BufferTensorDesc sliced) {
        Shapes.requireLength(type, "InputWindowOffsets", offsets, n);
        Shapes.requireLength(type, "InputWindowSizes", sizes, n);
        Shapes.requireLength(type, "InputWindowStrides", strides, n);
        long[] starts = new long[(int) n];
        long[] steps = new long[(int) n];
        for (int d = 0; d < n; d++) {
            long offset = offsets.get(d);
            long size = sizes.get(d);
            long step = strides.get(d);
            if (d < sliced.sizes().size()) {
                // The sliced tensor must stay inside the window, not only inside the input.
                Shapes.requireInside(type, "InputWindowSizes[" + d + "]", step < 0 ? size - 1 : 0, step,
                        sliced.sizes().get(d), size);
            }
            starts[d] = step < 0 ? offset + size - 1 : offset;
            steps[d] = step;
        }
        return new Window(n, starts, steps);
    }

    private static long[] toArray(List<Long> values) {
        return values.stream().mapToLong(Long::longValue).toArray();
    }
}
