package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import java.util.List;

/**
 * The windows FOLD and UNFOLD share: over a spatial tensor {@code [N, C, spatial...]}, per spatial dimension the
 * window extent {@code Dilations * (WindowSizes - 1) + 1} and the number of blocks
 * {@code (size + StartPadding + EndPadding - extent) / Strides + 1}; the block tensor (UNFOLD's output, FOLD's input) is
 * {@code [N, C * prod(WindowSizes), prod(blocks)]} (docs/directml-behaviour.md §14.4, §16.9).
 *
 * @param blockCounts the blocks along each spatial dimension
 * @param windowElements the product of WindowSizes
 * @param blocks the product of {@code blockCounts}
 */
record FoldWindows(long[] blockCounts, long windowElements, long blocks) {

    /**
     * The windows over {@code spatialTensor}'s sizes.
     *
     * @throws dev.dmlemu.execution.OperatorExecutionException when a window or stride is 0 or a window does not fit
     */
    static FoldWindows over(OperatorType type, long[] spatialTensor, List<Long> windowSizes, List<Long> strides,
            List<Long> dilations, List<Long> startPadding, List<Long> endPadding) {
        int k = spatialTensor.length - 2;
        long windowElements = 1;
        long blocks = 1;
        long[] blockCounts = new long[k];
        for (int d = 0; d < k; d++) {
            long window = windowSizes.get(d);
            long stride = strides.get(d);
            long extent = Math.addExact(Math.multiplyExact(dilations.get(d), window - 1), 1);
            long room = spatialTensor[d + 2] + startPadding.get(d) + endPadding.get(d) - extent;
            if (window == 0 || stride == 0 || room < 0) {
                throw Shapes.refuse(type, "spatial dimension " + d + ": the window does not fit");
            }
            blockCounts[d] = room / stride + 1;
            windowElements = Math.multiplyExact(windowElements, window);
            blocks = Math.multiplyExact(blocks, blockCounts[d]);
        }
        return new FoldWindows(blockCounts, windowElements, blocks);
    }

    /**
     * Refuses a block tensor other than {@code [N, C * prod(WindowSizes), prod(blocks)]} for {@code spatialTensor}.
     *
     * @param name the block tensor's field, for the message
     */
    void requireBlockTensor(OperatorType type, long[] spatialTensor, long[] blockTensor, String name) {
        if (blockTensor[0] != spatialTensor[0] || blockTensor[1] != Math.multiplyExact(spatialTensor[1], windowElements)
                || blockTensor[2] != blocks) {
            throw Shapes.refuse(type, name + " must be [N, C * prod(WindowSizes), blocks]");
        }
    }
}
