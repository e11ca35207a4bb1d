package dev.dmlemu.bench;

import java.nio.ByteBuffer;

/** The check a benchmark's setup makes before anything is timed: two outputs hold the same bytes. */
final class SameBytes {

    private SameBytes() {}

    /**
     * @param what the two outputs, for the message ("W1: emulator and ONNX Runtime")
     * @param bytes how many leading bytes of both buffers to compare (absolute positions from 0)
     * @param elementSize the output's element size, to name the element that differs
     * @throws IllegalStateException at the first byte that differs
     */
    static void require(String what, ByteBuffer first, ByteBuffer second, long bytes, int elementSize) {
        int n = Math.toIntExact(bytes);
        for (int i = 0; i < n; i++) {
            if (first.get(i) != second.get(i)) {
                throw new IllegalStateException(what + " differ at element " + i / elementSize);
            }
        }
    }
}
