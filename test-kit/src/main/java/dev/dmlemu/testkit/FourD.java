package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;

/**
 * How DirectML's matrix products read their tensors, for the naive references: as 4-D with leading 1s, a tensor of
 * one value or one per row or column read at coordinate 0 along each dimension of size 1.
 */
final class FourD {

    private FourD() {}

    /** Sizes with leading 1s up to 4. */
    static long[] sizes(long[] sizes) {
        long[] four = {1, 1, 1, 1};
        System.arraycopy(sizes, 0, four, 4 - sizes.length, sizes.length);
        return four;
    }

    /** A 4-D coordinate's last {@code rank} entries: the tensor's own coordinate. */
    static long[] tail(long[] at, int rank) {
        long[] own = new long[rank];
        System.arraycopy(at, 4 - rank, own, 0, rank);
        return own;
    }

    /**
     * Input {@code input}'s element at a 4-D coordinate, 0 along every dimension of size 1: INT8 signed, UINT8
     * unsigned, FLOAT32 as its bits.
     */
    static long read(MovementCase movement, NaiveElements elements, int input, long[] at) {
        TensorLayout layout = elements.input(input);
        long[] sizes = sizes(layout.sizes());
        long[] clipped = new long[4];
        for (int d = 0; d < 4; d++) {
            clipped[d] = sizes[d] == 1 ? 0 : at[d];
        }
        TensorBytes bytes = movement.inputs().get(input);
        long bits = LittleEndian.bits(bytes.bytes(), layout.byteAt(bytes, tail(clipped, layout.rank())),
                layout.elementSize());
        return layout.type() == TensorDataType.INT8 ? (byte) bits : bits;
    }
}
