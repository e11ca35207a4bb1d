package dev.dmlemu.bench;

/**
 * A memory-traffic floor for a binary element-wise operator: two source arrays read and one target written, each
 * byte of the target the OR of the two bytes at its offset (a loop C2 vectorizes, so it runs at memory speed). Split
 * into halves on two threads like the emulator's work. No element-wise kernel over the same bytes can beat it.
 */
final class TwoInputFloor implements MemoryFloor {

    private final byte[] first;
    private final byte[] second;
    private final byte[] target;
    private final Halves halves;

    /** @param target the array written, whole: as many bytes are read from each source */
    TwoInputFloor(byte[] first, byte[] second, byte[] target, int threads) {
        if (target.length > first.length || target.length > second.length) {
            throw new IllegalArgumentException("the floor reads " + target.length + " bytes from arrays of "
                    + first.length + " and " + second.length);
        }
        this.first = first;
        this.second = second;
        this.target = target;
        this.halves = new Halves(threads);
    }

    @Override
    public void run() throws Exception {
        halves.run(target.length, this::combine);
    }

    private void combine(int begin, int end) {
        byte[] a = first;
        byte[] b = second;
        byte[] t = target;
        for (int i = begin; i < end; i++) {
            t[i] = (byte) (a[i] | b[i]);
        }
    }

    /** The target's bytes, to check what the floor wrote. */
    byte[] target() {
        return target;
    }

    @Override
    public void close() {
        halves.close();
    }
}
