package dev.dmlemu.emulator.movement;

/**
 * FLOAT32 bits mapped to int keys whose signed order is max pooling's order (docs/directml-behaviour.md §16.9), so a
 * window's maximum is a plain {@code Math.max} over ints that the JIT vectorizes: NaN maps to the key of the starting
 * value -3.4028235e38 (it is never taken), and -0.0 and 0.0 both map to 0 (they tie). A maximum of key 0 therefore
 * does not say which zero was taken first; the caller resolves those windows with the exact element-by-element walk.
 */
final class FloatPoolKeys {

    /** The key of -3.4028235e38, the value every window starts from. */
    static final int LOWEST = -0x7F7F_FFFF;

    /** The key of a zero of either sign: its sign depends on which zero the window reads first. */
    static final int ZERO = 0;

    private FloatPoolKeys() {}

    /** Maps {@code length} raw FLOAT32 bits of {@code row} to keys, in place. */
    static void toKeys(int[] row, int length) {
        for (int i = 0; i < length; i++) {
            int bits = row[i];
            int magnitude = bits & 0x7FFF_FFFF;
            int sign = bits >> 31;
            int key = (magnitude ^ sign) - sign;
            row[i] = magnitude > 0x7F80_0000 ? LOWEST : key;
        }
    }

    /** The FLOAT32 bits of a key other than {@link #ZERO}. */
    static int toBits(int key) {
        return key >= 0 ? key : -key | 0x8000_0000;
    }
}
