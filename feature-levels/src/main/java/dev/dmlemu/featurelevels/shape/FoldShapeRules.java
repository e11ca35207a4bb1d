package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.UnfoldOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * FOLD and UNFOLD, as DirectML.dll 1.15.4 refuses them (docs/directml-behaviour.md §14.4): one tensor is spatial,
 * {@code [N, C, S...]} with DimensionCount spatial sizes (UNFOLD's input, FOLD's output), the other holds the blocks,
 * always 3-D: {@code [N, C * prod(WindowSizes), prod(B)]} with, per spatial dimension,
 * {@code B = (S + StartPadding + EndPadding - Dilations * (WindowSizes - 1) - 1) / Strides + 1} at least 1. Window sizes
 * and strides are at least 1 (a dilation may be 0), and both tensors have one data type.
 *
 * @param <D> the operator's desc record
 */
final class FoldShapeRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** The window fields of either desc. */
    private record Window(long dimensionCount, List<Long> windowSizes, List<Long> strides, List<Long> dilations,
            List<Long> startPadding, List<Long> endPadding) {}

    private final String spatialField;
    private final String blockField;
    private final java.util.function.Function<D, Window> window;

    private FoldShapeRules(OperatorType type, Class<D> descType, String spatialField, String blockField,
            java.util.function.Function<D, Window> window) {
        super(type, descType);
        this.spatialField = spatialField;
        this.blockField = blockField;
        this.window = window;
    }

    static FoldShapeRules<FoldOperatorDesc> fold() {
        return new FoldShapeRules<>(OperatorType.FOLD, FoldOperatorDesc.class, "OutputTensor", "InputTensor",
                d -> new Window(d.dimensionCount(), d.windowSizes(), d.strides(), d.dilations(), d.startPadding(),
                        d.endPadding()));
    }

    static FoldShapeRules<UnfoldOperatorDesc> unfold() {
        return new FoldShapeRules<>(OperatorType.UNFOLD, UnfoldOperatorDesc.class, "InputTensor", "OutputTensor",
                d -> new Window(d.dimensionCount(), d.windowSizes(), d.strides(), d.dilations(), d.startPadding(),
                        d.endPadding()));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc spatial = check.required(spatialField);
        BufferTensorDesc blocks = check.required(blockField);
        Window w = window.apply(desc);
        if (spatial.dataType() != blocks.dataType()) {
            check.report(RuleId.DATA_TYPE_MISMATCH, blockField + ".DataType", "expected " + spatial.dataType().name()
                    + " (" + spatialField + ".DataType) but got " + blocks.dataType().name());
        }
        int spatialCount = spatial.sizes().size() - 2;
        if (w.dimensionCount() != spatialCount) {
            check.report(RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH, "DimensionCount", w.dimensionCount() + " but "
                    + spatialField + " has " + spatialCount + " spatial dimensions");
            return;
        }
        if (blocks.sizes().size() != 3) {
            check.report(RuleId.DIMENSION_COUNT_MISMATCH, blockField + ".DimensionCount", "expected 3 ([N, C *"
                    + " window elements, blocks]) but got " + blocks.sizes().size());
            return;
        }
        long windowElements = 1;
        long blockCount = 1;
        boolean windowsValid = true;
        for (int d = 0; d < spatialCount; d++) {
            long size = w.windowSizes().get(d);
            long stride = w.strides().get(d);
            long dilation = w.dilations().get(d);
            if (size == 0 || stride == 0) {
                // A dilation of 0 is accepted: the window's taps then fall on one element (measured).
                check.report(RuleId.WINDOW_FIELD_OUT_OF_RANGE, "WindowSizes[" + d + "]", "WindowSizes and Strides"
                        + " must be at least 1, got " + size + " and " + stride);
                windowsValid = false;
                continue;
            }
            long padded = spatial.sizes().get(d + 2) + w.startPadding().get(d) + w.endPadding().get(d);
            long extent = saturatedProduct(dilation, size - 1);
            long room = extent == Long.MAX_VALUE ? -1 : padded - extent - 1;
            if (room < 0) {
                check.report(RuleId.WINDOW_FIELD_OUT_OF_RANGE, "WindowSizes[" + d + "]", "the dilated window of "
                        + size + " by " + dilation + " is larger than " + spatialField + "'s padded size " + padded);
                windowsValid = false;
                continue;
            }
            windowElements = saturatedProduct(windowElements, size);
            blockCount = saturatedProduct(blockCount, room / stride + 1);
        }
        if (!windowsValid) {
            return;
        }
        List<Long> expected = List.of(spatial.sizes().get(0), saturatedProduct(spatial.sizes().get(1),
                windowElements), blockCount);
        if (!blocks.sizes().equals(expected)) {
            check.report(blockField.equals("OutputTensor") ? RuleId.OUTPUT_SIZES_MISMATCH : RuleId.SIZES_MISMATCH,
                    blockField + ".Sizes", "expected [N, C * prod(WindowSizes), blocks] = " + expected + " but got "
                            + blocks.sizes());
        }
    }

    /**
     * A product of UINT32 values (each below 2^32, the window arithmetic's sums below 2^35), held at Long.MAX_VALUE
     * once it passes 2^32: no UINT32 size can equal it then.
     */
    private static long saturatedProduct(long a, long b) {
        try {
            long product = Math.multiplyExact(a, b);
            return product > 0xFFFF_FFFFL ? Long.MAX_VALUE : product;
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }
}
