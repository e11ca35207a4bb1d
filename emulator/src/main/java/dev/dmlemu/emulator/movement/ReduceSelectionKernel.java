package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.ArgmaxOperatorDesc;
import dev.dmlemu.desc.ArgminOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * ARGMIN, ARGMAX, and REDUCE with MAX, MIN, ARGMAX or ARGMIN: each output element selects among the input elements that
 * the reduced axes gather onto it (docs/directml-behaviour.md §16.7): ARGMIN and ARGMAX walk the reduced dimensions
 * row-major, REDUCE MAX and MIN from the largest input stride to the smallest, or in the interleaved parts DirectML
 * splits some packed reductions into ({@link SplitValueWalk}), or in the order of the tree DirectML reduces inputs of
 * five or more runs, and long innermost blocks, as ({@link TreeValueWalk}).
 * REDUCE SUM, MULTIPLY, L1 and SUM_SQUARE of 32- and 64-bit integers wrap and go to {@link IntegerReduction}; the
 * other functions, and these on floats, compute in an order not yet measured and are refused.
 */
public final class ReduceSelectionKernel implements OperatorKernel {

    private static final Set<TensorDataType> INDEX_TYPES = Set.of(TensorDataType.INT32, TensorDataType.INT64,
            TensorDataType.UINT32, TensorDataType.UINT64);

    private final OperatorType type;

    private ReduceSelectionKernel(OperatorType type) {
        this.type = type;
    }

    public static ReduceSelectionKernel argMin() {
        return new ReduceSelectionKernel(OperatorType.ARGMIN);
    }

    public static ReduceSelectionKernel argMax() {
        return new ReduceSelectionKernel(OperatorType.ARGMAX);
    }

    public static ReduceSelectionKernel reduce() {
        return new ReduceSelectionKernel(OperatorType.REDUCE);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    /** What the reduction needs from any of the three descs. */
    private record Planned(ReduceSelection selection, List<Long> axes, long axisCount) {}

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        if (type == OperatorType.REDUCE) {
            ReduceOperatorDesc desc = operator.desc(ReduceOperatorDesc.class);
            BufferTensorDesc input = operator.tensor("InputTensor");
            if (IntegerReduction.applies(desc.function(), input)) {
                return IntegerReduction.execution(desc, desc.function(), input, operator.tensor("OutputTensor"),
                        desc.axes());
            }
        }
        Planned planned = switch (type) {
            case ARGMIN -> {
                ArgminOperatorDesc desc = operator.desc(ArgminOperatorDesc.class);
                yield new Planned(new ReduceSelection(Extremum.SMALLEST, true,
                        desc.axisDirection() == AxisDirection.DECREASING), desc.axes(), desc.axisCount());
            }
            case ARGMAX -> {
                ArgmaxOperatorDesc desc = operator.desc(ArgmaxOperatorDesc.class);
                yield new Planned(new ReduceSelection(Extremum.LARGEST, true,
                        desc.axisDirection() == AxisDirection.DECREASING), desc.axes(), desc.axisCount());
            }
            default -> {
                ReduceOperatorDesc desc = operator.desc(ReduceOperatorDesc.class);
                TensorDataType inputType = operator.tensor("InputTensor").dataType();
                ReduceSelection selection = switch (desc.function()) {
                    case MAX -> new ReduceSelection(Extremum.LARGEST, false, false);
                    case MIN -> new ReduceSelection(Extremum.SMALLEST, false, false);
                    case ARGMAX -> new ReduceSelection(Extremum.LARGEST, true, false);
                    case ARGMIN -> new ReduceSelection(Extremum.SMALLEST, true, false);
                    default -> throw Shapes.refuse(type, "Function " + desc.function().cName()
                            + " is not implemented for " + inputType + ": only MAX, MIN, ARGMAX and ARGMIN"
                            + " select an element, and SUM, MULTIPLY, L1 and SUM_SQUARE are exact on 32- and 64-bit"
                            + " integers only");
                };
                yield new Planned(selection, desc.axes(), desc.axisCount());
            }
        };
        return execution(operator.desc(), operator.tensor("InputTensor"), operator.tensor("OutputTensor"), planned,
                parallelism);
    }

    /**
     * REDUCE ARGMAX of {@code input} over {@code axes} into {@code indices} (a packed UINT32 tensor of the input's
     * sizes with 1 on each reduced axis): the first step of HARDMAX ({@link HardmaxKernel}).
     */
    static ReduceSelectionExecution argMax(BufferTensorDesc input, BufferTensorDesc indices, List<Long> axes,
            Parallelism parallelism) {
        ReduceOperatorDesc desc = new ReduceOperatorDesc(ReduceFunction.ARGMAX, input, indices, axes.size(), axes);
        return new ReduceSelectionKernel(OperatorType.REDUCE).execution(desc, input, indices,
                new Planned(new ReduceSelection(Extremum.LARGEST, true, false), axes, axes.size()), parallelism);
    }

    private ReduceSelectionExecution execution(OperatorDesc desc, BufferTensorDesc input, BufferTensorDesc output,
            Planned planned, Parallelism parallelism) {
        int elementSize = Shapes.elementSize(type, input);
        ElementOrder order = ElementOrder.of(type, input.dataType());
        if (planned.selection().index()) {
            if (!INDEX_TYPES.contains(output.dataType())) {
                throw Shapes.refuse(type, "OutputTensor holds indices: INT32, INT64, UINT32 or UINT64, not "
                        + output.dataType());
            }
        } else {
            Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        }
        Shapes.requireLength(type, "Axes", planned.axes(), planned.axisCount());
        return new ReduceSelectionExecution(desc,
                space(input, output, planned.axes(), !planned.selection().index()),
                planned.selection(), order, elementSize, output.dataType().sizeInBytes(),
                parallelism.forOutput(output));
    }

    /**
     * The walks of the reduction; refuses axes past the rank and an output other than the reduced input. An index
     * walks the reduced dimensions row-major in dimension order (its position there is what it writes); a value walks
     * them in the order of DirectML's tree ({@link TreeValueWalk}), its split parts ({@link SplitValueWalk}) or else
     * from the largest input stride to the smallest ({@link ValueWalkOrder}).
     */
    private ReducedSpace space(BufferTensorDesc input, BufferTensorDesc output, List<Long> axes,
            boolean valueWalk) {
        long[] sizes = Shapes.sizes(input);
        long[] outSizes = Shapes.sizes(output);
        boolean[] reduced = new boolean[sizes.length];
        for (long axis : axes) {
            if (axis < 0 || axis >= sizes.length) {
                throw Shapes.refuse(type, "axis " + axis + " is not a dimension of " + sizes.length);
            }
            reduced[(int) axis] = true;
        }
        long[] expected = sizes.clone();
        List<Integer> reducedDims = new ArrayList<>();
        for (int d = 0; d < sizes.length; d++) {
            if (reduced[d]) {
                expected[d] = 1;
                reducedDims.add(d);
            }
        }
        if (!java.util.Arrays.equals(expected, outSizes)) {
            throw Shapes.refuse(type, "OutputTensor " + output.sizes() + " must be InputTensor " + input.sizes()
                    + " with 1 on each reduced axis");
        }
        int inputSize = input.dataType().sizeInBytes();
        int outputSize = output.dataType().sizeInBytes();
        long[] inStrides = Shapes.strides(input);
        long[] outStrides = Shapes.strides(output);
        long[] inputKept = new long[sizes.length];
        long[] outputStrides = new long[sizes.length];
        for (int d = 0; d < sizes.length; d++) {
            outputStrides[d] = Math.multiplyExact(outStrides[d], (long) outputSize);
            inputKept[d] = reduced[d] ? 0 : Math.multiplyExact(inStrides[d], (long) inputSize);
        }
        if (valueWalk) {
            return ReducedSpace.forValues(sizes, inStrides, reduced, outSizes, outStrides, inputSize, inputKept,
                    outputStrides);
        }
        return ReducedSpace.walking(reducedDims, sizes, inStrides, inputSize, outSizes, inputKept, outputStrides);
    }
}
