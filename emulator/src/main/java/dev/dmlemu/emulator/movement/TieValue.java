package dev.dmlemu.emulator.movement;

/**
 * Which of a max pooling window's equal elements gives the value written; only -0.0 and 0.0 tell them apart, and the
 * index is always the first's. DirectML's choice, measured (docs/directml-behaviour.md §16.9), depends on the rank,
 * the indices output and its type, and whether every tensor is packed (along each dimension of more than one
 * element).
 */
enum TieValue {
    FIRST,
    LAST;

    /**
     * @param spatial the spatial dimension count, 2 or 3
     * @param wideIndices whether the indices output is UINT64
     * @param allPacked whether the input, the output and the indices output (when present) are packed
     * @param global whether the window is the input's spatial size, without padding or dilation, over one output
     *     element per batch and channel
     */
    static TieValue of(int spatial, boolean hasIndices, boolean wideIndices, boolean allPacked, boolean global) {
        boolean first = spatial == 2 ? !hasIndices && allPacked && !global
                : hasIndices && (wideIndices || !allPacked);
        return first ? FIRST : LAST;
    }
}
