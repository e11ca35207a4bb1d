package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * TOP_K and TOP_K1: along Axis, the K largest elements (TOP_K, and TOP_K1 with AxisDirection DECREASING) or the K
 * smallest (INCREASING), in the order the real DLL's merge sort leaves them ({@code MergeOrder}), with their positions
 * along the axis (docs/directml-behaviour.md §16.7).
 */
public final class TopKKernel implements OperatorKernel {

    private final OperatorType type;

    private TopKKernel(OperatorType type) {
        this.type = type;
    }

    public static TopKKernel topK() {
        return new TopKKernel(OperatorType.TOP_K);
    }

    public static TopKKernel topK1() {
        return new TopKKernel(OperatorType.TOP_K1);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        long axis;
        long k;
        Extremum extremum;
        if (type == OperatorType.TOP_K) {
            TopKOperatorDesc desc = operator.desc(TopKOperatorDesc.class);
            axis = desc.axis();
            k = desc.k();
            extremum = Extremum.LARGEST;
        } else {
            TopK1OperatorDesc desc = operator.desc(TopK1OperatorDesc.class);
            axis = desc.axis();
            k = desc.k();
            extremum = desc.axisDirection() == AxisDirection.INCREASING ? Extremum.SMALLEST : Extremum.LARGEST;
        }
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc values = operator.tensor("OutputValueTensor");
        BufferTensorDesc indices = operator.tensor("OutputIndexTensor");
        int elementSize = Shapes.elementSize(type, input);
        ElementOrder order = ElementOrder.of(type, input.dataType());
        Shapes.requireSameType(type, input, values, "InputTensor and OutputValueTensor");
        if (indices.dataType() != TensorDataType.UINT32 && indices.dataType() != TensorDataType.UINT64) {
            throw Shapes.refuse(type, "OutputIndexTensor holds UINT32 or UINT64 indices, not " + indices.dataType());
        }
        long[] sizes = Shapes.sizes(input);
        if (axis < 0 || axis >= sizes.length) {
            throw Shapes.refuse(type, "Axis " + axis + " is not a dimension of " + sizes.length);
        }
        int a = (int) axis;
        long length = sizes[a];
        if (k < 1 || k > length) {
            throw Shapes.refuse(type, "K " + k + " is not in [1, " + length + "]");
        }
        if (length > Integer.MAX_VALUE - 8) {
            throw Shapes.refuse(type, "an axis of " + length + " elements is longer than a line the emulator sorts");
        }
        long[] expected = sizes.clone();
        expected[a] = k;
        for (BufferTensorDesc out : new BufferTensorDesc[] {values, indices}) {
            if (!java.util.Arrays.equals(expected, Shapes.sizes(out))) {
                throw Shapes.refuse(type, "outputs " + out.sizes() + " must be InputTensor " + input.sizes()
                        + " with K along Axis");
            }
        }
        int indexSize = indices.dataType().sizeInBytes();
        long[] inStrides = Shapes.strides(input);
        long[] valueStrides = Shapes.strides(values);
        long[] indexStrides = Shapes.strides(indices);
        long[] outer = new long[sizes.length - 1];
        long[] inOuter = new long[outer.length];
        long[] valueOuter = new long[outer.length];
        long[] indexOuter = new long[outer.length];
        for (int d = 0, o = 0; d < sizes.length; d++) {
            if (d != a) {
                outer[o] = sizes[d];
                inOuter[o] = inStrides[d] * elementSize;
                valueOuter[o] = valueStrides[d] * elementSize;
                indexOuter[o++] = indexStrides[d] * indexSize;
            }
        }
        TopKLines lines = new TopKLines(outer, inOuter, valueOuter, indexOuter, (int) length, (int) k,
                inStrides[a] * elementSize, valueStrides[a] * elementSize, indexStrides[a] * indexSize);
        Parallelism split = parallelism.forOutput(values) == Parallelism.ONE_THREAD
                ? Parallelism.ONE_THREAD : parallelism.forOutput(indices);
        return new TopKExecution(operator.desc(), lines, order, extremum, elementSize, indexSize, split);
    }
}
