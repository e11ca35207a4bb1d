package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.PaddingMode;
import dev.dmlemu.desc.PaddingOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * PADDING and PADDING1: the input is copied into the output's interior (one region), then the pads are filled one
 * dimension at a time, each pad one region: from the constant element (CONSTANT), or read back from the output along
 * that dimension (EDGE: its first or last interior element with stride 0; REFLECTION and SYMMETRIC: the interior
 * backwards, without and with the edge element; WRAP: the interior's other end forwards). A pad of dimension {@code d}
 * spans the whole output along the dimensions before it (their pads are filled by then) and the interior along those
 * after it, so every element is written once.
 */
public final class PaddingKernel implements OperatorKernel {

    private final OperatorType type;

    private PaddingKernel(OperatorType type) {
        this.type = type;
    }

    public static PaddingKernel padding() {
        return new PaddingKernel(OperatorType.PADDING);
    }

    public static PaddingKernel padding1() {
        return new PaddingKernel(OperatorType.PADDING1);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, output);
        PaddingMode mode;
        long dimensionCount;
        List<Long> startPadding;
        List<Long> endPadding;
        byte[] constant;
        if (type == OperatorType.PADDING) {
            PaddingOperatorDesc desc = operator.desc(PaddingOperatorDesc.class);
            mode = desc.paddingMode();
            dimensionCount = desc.dimensionCount();
            startPadding = desc.startPadding();
            endPadding = desc.endPadding();
            constant = PaddingValue.fromFloat(type, desc.paddingValue(), output.dataType());
        } else {
            Padding1OperatorDesc desc = operator.desc(Padding1OperatorDesc.class);
            mode = desc.paddingMode();
            dimensionCount = desc.dimensionCount();
            startPadding = desc.startPadding();
            endPadding = desc.endPadding();
            if (desc.paddingValueDataType() != output.dataType()) {
                throw Shapes.refuse(type, "PaddingValueDataType " + desc.paddingValueDataType()
                        + " must equal the OutputTensor's DataType " + output.dataType());
            }
            constant = ScalarBytes.of(desc.paddingValue().bits(), elementSize);
        }
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        Shapes.requireRank(type, "InputTensor", dimensionCount, in.length);
        Shapes.requireRank(type, "OutputTensor", dimensionCount, out.length);
        Shapes.requireLength(type, "StartPadding", startPadding, dimensionCount);
        Shapes.requireLength(type, "EndPadding", endPadding, dimensionCount);
        int rank = in.length;
        long[] start = new long[rank];
        long[] end = new long[rank];
        for (int d = 0; d < rank; d++) {
            start[d] = startPadding.get(d);
            end[d] = endPadding.get(d);
            boolean fits;
            try {
                fits = Math.addExact(Math.addExact(start[d], in[d]), end[d]) == out[d];
            } catch (ArithmeticException e) {
                fits = false;
            }
            if (!fits) {
                throw Shapes.refuse(type, "dimension " + d + ": StartPadding + input size + EndPadding must equal the"
                        + " output size " + out[d]);
            }
        }
        long[] outStrides = Shapes.strides(output);
        List<CopyPiece> pieces = new ArrayList<>();
        pieces.add(new CopyPiece(0, 1, new RegionCopy(new CopyRegion(in, 0, Shapes.strides(input),
                Shapes.offset(start, outStrides), outStrides), elementSize)));
        for (int d = 0; d < rank; d++) {
            for (boolean before : new boolean[] {true, false}) {
                long count = before ? start[d] : end[d];
                if (count == 0) {
                    continue;
                }
                long[] sizes = new long[rank];
                long[] first = new long[rank];
                for (int j = 0; j < rank; j++) {
                    sizes[j] = j < d ? out[j] : in[j];
                    first[j] = j < d ? 0 : start[j];
                }
                sizes[d] = count;
                first[d] = before ? 0 : start[d] + in[d];
                long target = Shapes.offset(first, outStrides);
                if (mode == PaddingMode.CONSTANT) {
                    pieces.add(new CopyPiece(CopyPiece.CONSTANT, 1, new RegionCopy(new CopyRegion(sizes, 0,
                            new long[rank], target, outStrides), elementSize)));
                    continue;
                }
                // Where the pad reads along d, as an output coordinate, and its step.
                long[] read = readBack(mode, before, start[d], in[d], count, d);
                long[] source = first.clone();
                source[d] = read[0];
                long[] sourceStrides = outStrides.clone();
                sourceStrides[d] = read[1] * outStrides[d];
                pieces.add(new CopyPiece(1, 1, new RegionCopy(new CopyRegion(sizes, Shapes.offset(source, outStrides),
                        sourceStrides, target, outStrides), elementSize)));
            }
        }
        // Listed, whatever the mode: the reflecting and edge modes read back what the input's copy wrote, and a
        // constant pad band by band (the interior row and its border elements in turn) was 1-9% slower than the
        // interior copied whole and then the borders (docs/performance.md, "Two builds on the same memory").
        return new CopyExecution(operator.desc(), pieces, constant, parallelism.forOutput(output), PieceOrder.LISTED);
    }

    /**
     * The first interior output coordinate a pad of {@code count} elements reads along its dimension and the step,
     * refusing a pad that would read outside the interior.
     */
    private long[] readBack(PaddingMode mode, boolean before, long start, long size, long count, int d) {
        long last = start + size - 1;
        long[] read = switch (mode) {
            case EDGE -> new long[] {before ? start : last, 0};
            case REFLECTION -> new long[] {before ? 2 * start : last - 1, -1};
            case SYMMETRIC -> new long[] {before ? 2 * start - 1 : last, -1};
            case WRAP -> new long[] {before ? start + size - count : start, 1};
            case CONSTANT -> throw new IllegalStateException("a constant pad reads nothing");
        };
        // Element k of the pad (counted from the interior outwards before it) reads read[0] + k * read[1] in output
        // order; it must stay inside the interior.
        Shapes.requireInside(type, mode + " padding of dimension " + d, read[0] - start, read[1], count, size);
        return read;
    }
}
