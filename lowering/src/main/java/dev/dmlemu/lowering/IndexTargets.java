package dev.dmlemu.lowering;

/**
 * Which data dimension each index value counts along, by its flat (row-major) position in the indices: the
 * framework's own index rule bounds a value by that dimension's size. Each node says it for its operator
 * ({@link FrameworkNode#indexTargets()}), so {@link FrameworkIndexCheck} needs no knowledge of operators.
 */
public interface IndexTargets {

    /** The data dimension, counted from the front, that the index at {@code position} counts along. */
    int dimensionAt(long position);

    /** How messages name that dimension: {@code "data axis 1"}. */
    String describe(long position);

    /** Every index counts along one axis (GatherElements, Gather). */
    static IndexTargets alongAxis(int axis) {
        return new IndexTargets() {
            @Override
            public int dimensionAt(long position) {
                return axis;
            }

            @Override
            public String describe(long position) {
                return "data axis " + axis;
            }
        };
    }

    /**
     * The indices' last dimension holds tuples of {@code tupleLength} coordinates; coordinate j counts along data
     * dimension {@code batchDims + j} (GatherND).
     */
    static IndexTargets tupleCoordinates(int batchDims, int tupleLength) {
        return new IndexTargets() {
            @Override
            public int dimensionAt(long position) {
                return batchDims + (int) (position % tupleLength);
            }

            @Override
            public String describe(long position) {
                return "data dimension " + dimensionAt(position) + " (coordinate " + position % tupleLength
                        + " of the index tuple)";
            }
        };
    }
}
