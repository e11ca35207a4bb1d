package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * JOIN and SPLIT, one the other backwards: the whole tensor is the parts laid end to end along Axis, each part one
 * region of it starting where the previous ones end. JOIN copies each input into its place in the output; SPLIT copies
 * each output's place in the input into it.
 */
public final class JoinKernel implements OperatorKernel {

    private final OperatorType type;

    private JoinKernel(OperatorType type) {
        this.type = type;
    }

    public static JoinKernel join() {
        return new JoinKernel(OperatorType.JOIN);
    }

    public static JoinKernel split() {
        return new JoinKernel(OperatorType.SPLIT);
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        boolean join = type == OperatorType.JOIN;
        List<BufferTensorDesc> parts = new ArrayList<>();
        BufferTensorDesc whole;
        long axis;
        long count;
        if (join) {
            JoinOperatorDesc desc = operator.desc(JoinOperatorDesc.class);
            desc.inputTensors().forEach(t -> parts.add((BufferTensorDesc) t));
            whole = (BufferTensorDesc) desc.outputTensor();
            axis = desc.axis();
            count = desc.inputCount();
        } else {
            SplitOperatorDesc desc = operator.desc(SplitOperatorDesc.class);
            desc.outputTensors().forEach(t -> parts.add((BufferTensorDesc) t));
            whole = (BufferTensorDesc) desc.inputTensor();
            axis = desc.axis();
            count = desc.outputCount();
        }
        String partsName = join ? "InputTensors" : "OutputTensors";
        if (count != parts.size() || parts.isEmpty()) {
            throw Shapes.refuse(type, partsName + " holds " + parts.size() + " tensors, the count is " + count);
        }
        long[] wholeSizes = Shapes.sizes(whole);
        if (axis >= wholeSizes.length) {
            throw Shapes.refuse(type, "Axis " + axis + " is not a dimension of " + wholeSizes.length);
        }
        int a = (int) axis;
        int elementSize = Shapes.elementSize(type, whole);
        long[] wholeStrides = Shapes.strides(whole);
        List<CopyPiece> pieces = new ArrayList<>();
        long along = 0;
        for (int p = 0; p < parts.size(); p++) {
            BufferTensorDesc part = parts.get(p);
            String name = partsName + "[" + p + "]";
            Shapes.requireSameType(type, part, whole, name + " and the joined tensor");
            long[] sizes = Shapes.sizes(part);
            if (sizes.length != wholeSizes.length) {
                throw Shapes.refuse(type, name + " has " + sizes.length + " dimensions, not " + wholeSizes.length);
            }
            for (int d = 0; d < sizes.length; d++) {
                if (d != a && sizes[d] != wholeSizes[d]) {
                    throw Shapes.refuse(type, name + " differs from the joined tensor in dimension " + d);
                }
            }
            Shapes.requireInside(type, name, along, 1, sizes[a], wholeSizes[a]);
            long place = along * wholeStrides[a];
            RegionCopy copy = join
                    ? new RegionCopy(new CopyRegion(sizes, 0, Shapes.strides(part), place, wholeStrides), elementSize)
                    : new RegionCopy(new CopyRegion(sizes, place, wholeStrides, 0, Shapes.strides(part)), elementSize);
            int partField = join ? p : p + 1;
            int wholeField = join ? parts.size() : 0;
            pieces.add(join ? new CopyPiece(partField, wholeField, copy) : new CopyPiece(wholeField, partField, copy));
            along += sizes[a];
        }
        if (along != wholeSizes[a]) {
            throw Shapes.refuse(type, "the parts' sizes along Axis add up to " + along + ", not " + wholeSizes[a]);
        }
        // The parts are disjoint places of the whole, and no piece reads what another writes: any order gives the
        // same bytes unless a written tensor's elements share addresses.
        boolean distinct = (join ? List.of(whole) : parts).stream().allMatch(Parallelism::distinctAddresses);
        return new CopyExecution(operator.desc(), pieces, new byte[0], distinct ? parallelism : Parallelism.ONE_THREAD,
                distinct ? PieceOrder.INTERLEAVED : PieceOrder.LISTED);
    }
}
