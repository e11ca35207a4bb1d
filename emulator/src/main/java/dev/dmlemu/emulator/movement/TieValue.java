package dev.dmlemu.emulator.movement;

/**
 * Which of a max pooling window's equal elements gives the value written; only -0.0 and 0.0 tell them apart, and the
 * index is always the first's. DirectML's choice, measured (docs/directml-behaviour.md §16.9), depends on the rank,
 * the indices output and its type, and whether every tensor is packed (along each dimension of more than one
 * element). A window the size of the input without indices is a reduction with a rule of its own
 * ({@link MaxPoolingReduction}).
 */
enum TieValue {
    FIRST,
    LAST;

    /**
     * @param spatial the spatial dimension count, 2 or 3
     * @param wideIndices whether the indices output is UINT64
     * @param allPacked whether the input, the output and the indices output (when present) are packed
     */
    static TieValue of(int spatial, boolean hasIndices, boolean wideIndices, boolean allPacked) {
        boolean first = spatial == 2 ? !hasIndices && allPacked
                : hasIndices && (wideIndices || !allPacked);
        return first ? FIRST : LAST;
    }
}
