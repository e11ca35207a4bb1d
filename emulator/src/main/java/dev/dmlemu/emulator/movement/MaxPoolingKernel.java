package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.MaxPooling1OperatorDesc;
import dev.dmlemu.desc.MaxPooling2OperatorDesc;
import dev.dmlemu.desc.MaxPoolingOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * MAX_POOLING, MAX_POOLING1 and MAX_POOLING2: each output element is the largest input element its window covers
 * inside the input (padding is skipped), and MAX_POOLING1 and MAX_POOLING2 may also write its flat row-major index in
 * the input. The rules for NaN, ties and empty windows were measured on the real DLL (docs/directml-behaviour.md
 * §16.9); without indices, a window the size of the input is DirectML's REDUCE MAX ({@link MaxPoolingReduction}).
 */
public final class MaxPoolingKernel implements OperatorKernel {

    private final OperatorType type;

    private MaxPoolingKernel(OperatorType type) {
        this.type = type;
    }

    public static MaxPoolingKernel maxPooling() {
        return new MaxPoolingKernel(OperatorType.MAX_POOLING);
    }

    public static MaxPoolingKernel maxPooling1() {
        return new MaxPoolingKernel(OperatorType.MAX_POOLING1);
    }

    public static MaxPoolingKernel maxPooling2() {
        return new MaxPoolingKernel(OperatorType.MAX_POOLING2);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    /** What the three descs share, Dilations 1 for the two without them. */
    private record PoolingDesc(long dimensionCount, PoolingWindow.Fields fields, List<Long> endPadding,
            boolean hasIndices) {}

    private PoolingDesc read(OperatorDesc desc) {
        if (desc instanceof MaxPoolingOperatorDesc d) {
            return new PoolingDesc(d.dimensionCount(), new PoolingWindow.Fields(d.strides(), d.windowSize(),
                    d.startPadding(), ones(d.dimensionCount())), d.endPadding(), false);
        }
        if (desc instanceof MaxPooling1OperatorDesc d) {
            return new PoolingDesc(d.dimensionCount(), new PoolingWindow.Fields(d.strides(), d.windowSize(),
                    d.startPadding(), ones(d.dimensionCount())), d.endPadding(),
                    d.outputIndicesTensor() instanceof BufferTensorDesc);
        }
        MaxPooling2OperatorDesc d = (MaxPooling2OperatorDesc) desc;
        return new PoolingDesc(d.dimensionCount(), new PoolingWindow.Fields(d.strides(), d.windowSize(),
                d.startPadding(), d.dilations()), d.endPadding(), d.outputIndicesTensor() instanceof BufferTensorDesc);
    }

    private static List<Long> ones(long count) {
        return Collections.nCopies((int) Math.min(count, 8), 1L);
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        PoolingDesc pooling = read(operator.desc());
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Optional<BufferTensorDesc> indices = pooling.hasIndices()
                ? Optional.of(operator.tensor("OutputIndicesTensor")) : Optional.empty();
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, input);
        PoolValues values = PoolValues.of(type, input.dataType());
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        int spatial = in.length - 2;
        Shapes.requireRank(type, "OutputTensor", in.length, out.length);
        Shapes.requireRank(type, "InputTensor's spatial part", pooling.dimensionCount(), spatial);
        PoolingWindow.Fields fields = pooling.fields();
        Shapes.requireLength(type, "Strides", fields.strides(), spatial);
        Shapes.requireLength(type, "WindowSize", fields.windowSizes(), spatial);
        Shapes.requireLength(type, "StartPadding", fields.startPadding(), spatial);
        Shapes.requireLength(type, "EndPadding", pooling.endPadding(), spatial);
        Shapes.requireLength(type, "Dilations", fields.dilations(), spatial);
        if (in[0] != out[0] || in[1] != out[1]) {
            throw Shapes.refuse(type, "OutputTensor's batch and channel sizes must be InputTensor's");
        }
        int indexSize = 0;
        long[] indexStrides = new long[out.length];
        if (indices.isPresent()) {
            BufferTensorDesc tensor = indices.get();
            if (!tensor.sizes().equals(output.sizes())) {
                throw Shapes.refuse(type, "OutputIndicesTensor must have OutputTensor's sizes");
            }
            if (tensor.dataType() != TensorDataType.UINT32 && tensor.dataType() != TensorDataType.UINT64) {
                throw Shapes.refuse(type, "OutputIndicesTensor must be UINT32 or UINT64");
            }
            indexSize = tensor.dataType().sizeInBytes();
            indexStrides = Shapes.strides(tensor);
        }
        long[] inSpatial = java.util.Arrays.copyOfRange(in, 2, in.length);
        long[] outSpatial = java.util.Arrays.copyOfRange(out, 2, out.length);
        PoolingWindow window = PoolingWindow.of(type, inSpatial, outSpatial, fields);
        if (MaxPoolingReduction.applies(pooling.hasIndices(), inSpatial, fields, pooling.endPadding())) {
            ReducedSpace space = MaxPoolingReduction.space(type, in, out, Shapes.strides(input),
                    Shapes.strides(output), elementSize);
            return new ReduceSelectionExecution(operator.desc(), space, MaxPoolingReduction.SELECTION,
                    ElementOrder.of(type, input.dataType()), elementSize, elementSize,
                    parallelism.forOutput(output));
        }
        MaxPoolingGeometry geometry = MaxPoolingGeometry.of(type, in, out, Shapes.strides(input),
                Shapes.strides(output), indexStrides, elementSize, indexSize, window);
        Parallelism threads = parallelism.forOutput(output);
        if (indices.isPresent()) {
            threads = threads.forOutput(indices.get());
        }
        // Which of equal elements DirectML writes depends on it (TieValue).
        boolean allPacked = Shapes.packedAlongEveryDimension(in, Shapes.strides(input))
                && Shapes.packedAlongEveryDimension(out, Shapes.strides(output))
                && (indices.isEmpty() || Shapes.packedAlongEveryDimension(out, indexStrides));
        TieValue tie = TieValue.of(spatial, pooling.hasIndices(), indexSize == Long.BYTES, allPacked);
        return new MaxPoolingExecution(operator.desc(), geometry, values, pooling.hasIndices(), tie, threads);
    }
}
