package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.SliceGradOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.List;

/**
 * SLICE_GRAD: SLICE1 backwards. The output gradient is zeroed (a region from a constant zero element), then the input
 * gradient is copied to the elements SLICE1 with the same window would read: {@code Output[start + step * c] =
 * InputGradient[c]}. A window's elements are distinct (every step is at least 1 in magnitude), so nothing is summed.
 */
public final class SliceGradKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.SLICE_GRAD;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        OperatorType type = operatorType();
        SliceGradOperatorDesc desc = operator.desc(SliceGradOperatorDesc.class);
        BufferTensorDesc gradient = operator.tensor("InputGradientTensor");
        BufferTensorDesc output = operator.tensor("OutputGradientTensor");
        Shapes.requireSameType(type, gradient, output, "InputGradientTensor and OutputGradientTensor");
        int elementSize = Shapes.elementSize(type, output);
        SliceKernel.Window window = SliceKernel.window1(type, desc.dimensionCount(), desc.inputWindowOffsets(),
                desc.inputWindowSizes(), desc.inputWindowStrides(), gradient);
        long[] small = Shapes.sizes(gradient);
        long[] large = Shapes.sizes(output);
        Shapes.requireRank(type, "InputGradientTensor", window.dimensionCount(), small.length);
        Shapes.requireRank(type, "OutputGradientTensor", window.dimensionCount(), large.length);
        for (int d = 0; d < small.length; d++) {
            if (window.steps()[d] == 0 && small[d] > 1) {
                throw Shapes.refuse(type, "a stride of 0 would write one element several times");
            }
        }
        long[] outStrides = Shapes.strides(output);
        long[] targetStrides = new long[large.length];
        long base = 0;
        for (int d = 0; d < large.length; d++) {
            Shapes.requireInside(type, "dimension " + d, window.starts()[d], window.steps()[d], small[d], large[d]);
            base += window.starts()[d] * outStrides[d];
            targetStrides[d] = small[d] == 1 ? 0 : window.steps()[d] * outStrides[d];
        }
        RegionCopy zero = new RegionCopy(new CopyRegion(large, 0, new long[large.length], 0, outStrides), elementSize);
        RegionCopy copy = new RegionCopy(new CopyRegion(small, 0, Shapes.strides(gradient), base, targetStrides),
                elementSize);
        return new CopyExecution(desc, List.of(new CopyPiece(CopyPiece.CONSTANT, 1, zero), new CopyPiece(0, 1, copy)),
                new byte[elementSize], parallelism.forOutput(output), PieceOrder.LISTED);
    }
}
