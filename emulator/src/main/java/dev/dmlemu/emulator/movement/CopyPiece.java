package dev.dmlemu.emulator.movement;

/**
 * One region of a {@link CopyExecution}: copied from the tensor bound at {@code sourceField} (or, when it is
 * {@link #CONSTANT}, from the execution's constant element) into the one bound at {@code targetField}.
 *
 * @param sourceField the source's index in the bindings, or {@link #CONSTANT}
 * @param targetField the destination's index in the bindings
 */
record CopyPiece(int sourceField, int targetField, RegionCopy copy) {

    /** The source is the execution's one constant element, read with stride 0. */
    static final int CONSTANT = -1;
}
