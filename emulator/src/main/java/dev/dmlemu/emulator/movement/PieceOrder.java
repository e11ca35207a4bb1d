package dev.dmlemu.emulator.movement;

/** In what order a {@link CopyExecution} runs its pieces. */
enum PieceOrder {
    /**
     * Each piece whole, one after another: needed where a piece reads what an earlier one wrote (TILE, PADDING's
     * reflecting modes), where pieces write the same elements (SLICE_GRAD's zeros, then the copy over them), and
     * where the output's strides make elements share an address (the last write must win). PADDING with a constant
     * keeps it too, as the faster order for a large interior and thin borders.
     */
    LISTED,
    /**
     * Band by band of the tensor the pieces share ({@link InterleavedBands}). Only for pieces that write disjoint
     * elements of an output whose elements all have their own address, and read nothing any piece writes (JOIN,
     * SPLIT): then any order gives the same bytes.
     */
    INTERLEAVED
}
