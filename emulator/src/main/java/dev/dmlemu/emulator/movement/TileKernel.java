package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TileOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.ArrayList;
import java.util.List;

/**
 * TILE: {@code Output[c] = Input[c mod InputSizes]}. The input is copied into the first tile, then, one dimension at a
 * time, the tiles along it are copied from the output's first one: a copy of dimension {@code d} spans the whole output
 * along the dimensions before it (tiled by then) and one tile along those after it. That is one region per repeat
 * per dimension (their sum, not their product).
 */
public final class TileKernel implements OperatorKernel {

    @Override
    public OperatorType operatorType() {
        return OperatorType.TILE;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        TileOperatorDesc desc = operator.desc(TileOperatorDesc.class);
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        OperatorType type = operatorType();
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, output);
        long[] in = Shapes.sizes(input);
        long[] out = Shapes.sizes(output);
        Shapes.requireRank(type, "InputTensor", desc.repeatsCount(), in.length);
        Shapes.requireRank(type, "OutputTensor", desc.repeatsCount(), out.length);
        Shapes.requireLength(type, "Repeats", desc.repeats(), desc.repeatsCount());
        int rank = in.length;
        for (int d = 0; d < rank; d++) {
            boolean fits;
            try {
                fits = Math.multiplyExact(in[d], desc.repeats().get(d)) == out[d];
            } catch (ArithmeticException e) {
                fits = false;
            }
            if (!fits) {
                throw Shapes.refuse(type, "dimension " + d + ": the input size times Repeats must equal the output"
                        + " size " + out[d]);
            }
        }
        long[] outStrides = Shapes.strides(output);
        List<CopyPiece> pieces = new ArrayList<>();
        pieces.add(new CopyPiece(0, 1, new RegionCopy(new CopyRegion(in, 0, Shapes.strides(input), 0, outStrides),
                elementSize)));
        for (int d = 0; d < rank; d++) {
            long[] sizes = new long[rank];
            for (int j = 0; j < rank; j++) {
                sizes[j] = j < d ? out[j] : in[j];
            }
            for (long r = 1; r < desc.repeats().get(d); r++) {
                // Repeat r of dimension d: the first tile along d, shifted r tiles.
                pieces.add(new CopyPiece(1, 1, new RegionCopy(new CopyRegion(sizes, 0, outStrides,
                        r * in[d] * outStrides[d], outStrides), elementSize)));
            }
        }
        return new CopyExecution(operator.desc(), pieces, new byte[0], parallelism.forOutput(output),
                PieceOrder.LISTED);
    }
}
