package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DepthSpaceOrder;
import dev.dmlemu.desc.DepthToSpace1OperatorDesc;
import dev.dmlemu.desc.DepthToSpaceOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.SpaceToDepth1OperatorDesc;
import dev.dmlemu.desc.SpaceToDepthOperatorDesc;
import dev.dmlemu.emulator.EmulatorOptions;
import dev.dmlemu.emulator.OperatorExecution;
import dev.dmlemu.emulator.OperatorKernel;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.util.List;

/**
 * SPACE_TO_DEPTH(1) and DEPTH_TO_SPACE(1): one region over six dimensions {@code (n, c, h, i, w, j)}, where the
 * spatial tensor's element is {@code [n, c, h*b + i, w*b + j]} and the depth tensor's is {@code [n, d, h, w]} with
 * {@code d = (i*b + j)*C + c} (DEPTH_COLUMN_ROW, the order of the operators without "1") or
 * {@code d = c*b*b + i*b + j} (COLUMN_ROW_DEPTH): a permuted view of each tensor, copied from one to the other.
 */
public final class DepthSpaceKernel implements OperatorKernel {

    private final OperatorType type;

    private DepthSpaceKernel(OperatorType type) {
        this.type = type;
    }

    public static List<DepthSpaceKernel> all() {
        return List.of(new DepthSpaceKernel(OperatorType.SPACE_TO_DEPTH),
                new DepthSpaceKernel(OperatorType.SPACE_TO_DEPTH1), new DepthSpaceKernel(OperatorType.DEPTH_TO_SPACE),
                new DepthSpaceKernel(OperatorType.DEPTH_TO_SPACE1));
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public OperatorExecution prepare(ValidatedOperator operator, EmulatorOptions options, Parallelism parallelism) {
        long block;
        DepthSpaceOrder order;
        switch (type) {
            case SPACE_TO_DEPTH -> {
                block = operator.desc(SpaceToDepthOperatorDesc.class).blockSize();
                order = DepthSpaceOrder.DEPTH_COLUMN_ROW;
            }
            case SPACE_TO_DEPTH1 -> {
                block = operator.desc(SpaceToDepth1OperatorDesc.class).blockSize();
                order = operator.desc(SpaceToDepth1OperatorDesc.class).order();
            }
            case DEPTH_TO_SPACE -> {
                block = operator.desc(DepthToSpaceOperatorDesc.class).blockSize();
                order = DepthSpaceOrder.DEPTH_COLUMN_ROW;
            }
            default -> {
                block = operator.desc(DepthToSpace1OperatorDesc.class).blockSize();
                order = operator.desc(DepthToSpace1OperatorDesc.class).order();
            }
        }
        boolean toDepth = type == OperatorType.SPACE_TO_DEPTH || type == OperatorType.SPACE_TO_DEPTH1;
        BufferTensorDesc input = operator.tensor("InputTensor");
        BufferTensorDesc output = operator.tensor("OutputTensor");
        Shapes.requireSameType(type, input, output, "InputTensor and OutputTensor");
        int elementSize = Shapes.elementSize(type, output);
        BufferTensorDesc spatial = toDepth ? input : output;
        BufferTensorDesc depth = toDepth ? output : input;
        long[] s = Shapes.sizes(spatial);
        long[] d = Shapes.sizes(depth);
        if (s.length != 4 || d.length != 4) {
            throw Shapes.refuse(type, "InputTensor and OutputTensor must have 4 dimensions");
        }
        boolean fits;
        try {
            fits = block >= 1 && s[0] == d[0] && Math.multiplyExact(s[1], Math.multiplyExact(block, block)) == d[1]
                    && Math.multiplyExact(d[2], block) == s[2] && Math.multiplyExact(d[3], block) == s[3];
        } catch (ArithmeticException e) {
            fits = false;
        }
        if (!fits) {
            throw Shapes.refuse(type, "with BlockSize " + block + " the spatial tensor " + spatial.sizes()
                    + " and the depth tensor " + depth.sizes() + " do not correspond");
        }
        long b = block;
        long channels = s[1];
        long[] ss = Shapes.strides(spatial);
        long[] ds = Shapes.strides(depth);
        long[] sizes = {s[0], channels, d[2], b, d[3], b};
        long[] spatialStrides = {ss[0], ss[1], b * ss[2], ss[2], b * ss[3], ss[3]};
        long[] depthStrides = order == DepthSpaceOrder.DEPTH_COLUMN_ROW
                ? new long[] {ds[0], ds[1], ds[2], b * channels * ds[1], ds[3], channels * ds[1]}
                : new long[] {ds[0], b * b * ds[1], ds[2], b * ds[1], ds[3], ds[1]};
        CopyRegion region = toDepth ? new CopyRegion(sizes, 0, spatialStrides, 0, depthStrides)
                : new CopyRegion(sizes, 0, depthStrides, 0, spatialStrides);
        return new CopyExecution(operator.desc(), List.of(new CopyPiece(0, 1, new RegionCopy(region, elementSize))),
                new byte[0], parallelism.forOutput(output), PieceOrder.LISTED);
    }
}
