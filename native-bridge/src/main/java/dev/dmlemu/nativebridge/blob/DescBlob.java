package dev.dmlemu.nativebridge.blob;

import java.util.Arrays;

/**
 * A {@code DML_OPERATOR_DESC} tree as one byte image: the root at offset 0, everything it points to after it. Each
 * pointer field holds its target's offset in the image (0 = NULL, since the root is never a target), and
 * {@link #relocations()} lists where every pointer field lies, so a reader adds its base address to each non-zero one.
 */
public final class DescBlob {

    private final byte[] bytes;
    private final long[] relocations;

    DescBlob(byte[] bytes, long[] relocations) {
        this.bytes = bytes;
        this.relocations = relocations;
    }

    /** A copy of the image. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The image's size in bytes. */
    public int size() {
        return bytes.length;
    }

    /** The offsets of every pointer field, NULL ones included, in increasing order. */
    public long[] relocations() {
        return relocations.clone();
    }

    /** Writes the image into {@code target} at {@code offset} without copying it first. */
    public void copyTo(byte[] target, int offset) {
        System.arraycopy(bytes, 0, target, offset, bytes.length);
    }

    @Override
    public String toString() {
        return "DescBlob[" + bytes.length + " bytes, relocations " + Arrays.toString(relocations) + "]";
    }
}
