package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DepthToSpace1OperatorDesc;
import dev.dmlemu.desc.DepthToSpaceOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.SpaceToDepth1OperatorDesc;
import dev.dmlemu.desc.SpaceToDepthOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * SPACE_TO_DEPTH, SPACE_TO_DEPTH1, DEPTH_TO_SPACE, DEPTH_TO_SPACE1 on 4-D NCHW tensors: {@code b = BlockSize >= 1}
 * divides what it splits, and the output is {@code [N, C*b*b, H/b, W/b]} or {@code [N, C/(b*b), H*b, W*b]}; Order
 * changes no shape (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
 */
final class DepthSpaceRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private final boolean spaceToDepth;
    private final ToLongFunction<D> blockSize;

    private DepthSpaceRules(OperatorType type, Class<D> descType, boolean spaceToDepth, ToLongFunction<D> blockSize) {
        super(type, descType);
        this.spaceToDepth = spaceToDepth;
        this.blockSize = blockSize;
    }

    static List<DepthSpaceRules<?>> all() {
        return List.of(
                new DepthSpaceRules<>(OperatorType.SPACE_TO_DEPTH, SpaceToDepthOperatorDesc.class, true,
                        SpaceToDepthOperatorDesc::blockSize),
                new DepthSpaceRules<>(OperatorType.SPACE_TO_DEPTH1, SpaceToDepth1OperatorDesc.class, true,
                        SpaceToDepth1OperatorDesc::blockSize),
                new DepthSpaceRules<>(OperatorType.DEPTH_TO_SPACE, DepthToSpaceOperatorDesc.class, false,
                        DepthToSpaceOperatorDesc::blockSize),
                new DepthSpaceRules<>(OperatorType.DEPTH_TO_SPACE1, DepthToSpace1OperatorDesc.class, false,
                        DepthToSpace1OperatorDesc::blockSize));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        BufferTensorDesc output = check.required("OutputTensor");
        long b = blockSize.applyAsLong(desc);
        List<Long> in = input.sizes();
        long n = in.get(0);
        long c = in.get(1);
        long h = in.get(2);
        long w = in.get(3);
        long area = times(b, b); // -1 past the long range: never a divisor, never a size
        boolean divides = spaceToDepth ? b >= 1 && h % b == 0 && w % b == 0
                : b >= 1 && area >= 1 && c % area == 0;
        if (!divides) {
            check.report(RuleId.BLOCK_SIZE_NOT_DIVISOR, "BlockSize", b + (spaceToDepth
                    ? " does not divide the input's height " + h + " and width " + w
                    : " squared does not divide the input's channels " + c));
            return;
        }
        List<Long> expected = spaceToDepth ? List.of(n, times(c, area), h / b, w / b)
                : List.of(n, c / area, times(h, b), times(w, b));
        if (!expected.equals(output.sizes())) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes", "expected " + expected + " ("
                    + (spaceToDepth ? "[N, C*b*b, H/b, W/b]" : "[N, C/(b*b), H*b, W*b]") + " with b = BlockSize = "
                    + b + ") but got " + output.sizes());
        }
    }

    /** The product of two non-negative longs, or -1 (no size) when it leaves the long range. */
    private static long times(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            return -1;
        }
    }
}
