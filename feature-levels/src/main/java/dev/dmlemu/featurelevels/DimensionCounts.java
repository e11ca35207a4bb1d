package dev.dmlemu.featurelevels;

/**
 * The "Supported dimension counts" cell of a DirectML tensor-support table: an inclusive range such as
 * {@code 4} or {@code 1 to 8} (Chromium's {@code SupportedRanks}).
 *
 * @param min smallest supported DimensionCount
 * @param max largest supported DimensionCount
 */
public record DimensionCounts(int min, int max) {

    public DimensionCounts {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("bad dimension-count range " + min + " to " + max);
        }
    }

    /** Exactly {@code count} dimensions. */
    public static DimensionCounts exactly(int count) {
        return new DimensionCounts(count, count);
    }

    /** {@code min} to {@code max} dimensions, both included. */
    public static DimensionCounts range(int min, int max) {
        return new DimensionCounts(min, max);
    }

    public boolean contains(long dimensionCount) {
        return dimensionCount >= min && dimensionCount <= max;
    }

    /** {@code 4} or {@code 1 to 8}, as the docs write it. */
    @Override
    public String toString() {
        return min == max ? Integer.toString(min) : min + " to " + max;
    }
}
