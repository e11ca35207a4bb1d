package dev.dmlemu.emulator.movement;

/** The low {@code size} bytes of a scalar union, little-endian: the member its data type selects, as stored. */
final class ScalarBytes {

    private ScalarBytes() {}

    static byte[] of(long bits, int size) {
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (bits >>> (8 * i));
        }
        return bytes;
    }
}
