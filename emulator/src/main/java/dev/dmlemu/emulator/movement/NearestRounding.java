package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.AxisDirection;

/**
 * How a nearest-neighbour resampling turns the input coordinate {@code x = (o - OutputPixelOffset) * (1 / Scale) -
 * InputPixelOffset} (each operation rounded to FLOAT32) of output coordinate {@code o} into an input element
 * (docs/directml-behaviour.md §16.9): RESAMPLE and RESAMPLE1 round FLOAT32 coordinates half up and INT8 and UINT8
 * ones down, RESAMPLE2 and RESAMPLE3 round towards their RoundingDirection (INCREASING up, DECREASING down). The result is then taken as DirectML's shaders take it:
 * converted to a 32-bit integer and clamped as an unsigned one to the last element, so a negative coordinate reads
 * the last element, not the first.
 */
enum NearestRounding {
    HALF_UP,
    UP,
    DOWN;

    static NearestRounding of(AxisDirection direction) {
        return direction == AxisDirection.INCREASING ? UP : DOWN;
    }

    /** The input element output coordinate {@code o} reads along a dimension of {@code size} elements. */
    long source(long o, float scale, float inputOffset, float outputOffset, long size) {
        float x = ((float) o - outputOffset) * (1f / scale) - inputOffset;
        double rounded = switch (this) {
            case HALF_UP -> Math.floor(x + 0.5f);
            case UP -> Math.ceil(x);
            case DOWN -> Math.floor(x);
        };
        // (int) saturates and takes NaN to 0, as the shaders' float-to-integer conversion does [inferred for NaN].
        long index = Integer.toUnsignedLong((int) rounded);
        return Math.min(index, size - 1);
    }
}
