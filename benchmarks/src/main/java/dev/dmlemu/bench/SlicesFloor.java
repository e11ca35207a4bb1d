package dev.dmlemu.bench;

import java.nio.ByteBuffer;
import java.util.function.Function;

/**
 * A floor that writes whole slices into a target array it is given ({@link SliceCopyFloor}, {@link SliceScatterFloor}).
 * It is checked on an array of its own and then timed on the emulator's output array, so that floor and kernel write
 * the same memory: on the virtual machines measured, the same copies ran up to a third faster into a freshly allocated
 * array than into the workload's (docs/performance.md, "The floors on the emulator's arrays").
 */
interface SlicesFloor extends MemoryFloor {

    /** The array the floor writes. */
    byte[] target();

    /**
     * The floor {@code onTarget} builds, checked once against the emulator's output on a scratch array of the output's
     * size, then built again on the emulator's output array for timing.
     */
    static <F extends SlicesFloor> F checkedThenOnOutput(String what, Function<byte[], F> onTarget,
            ByteBuffer emulatorOutput, long bytes) {
        try (F check = onTarget.apply(new byte[emulatorOutput.capacity()])) {
            check.run();
            SameBytes.require(what, ByteBuffer.wrap(check.target()), emulatorOutput, bytes, 4);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(what + ": the floor failed", e);
        }
        return onTarget.apply(emulatorOutput.array());
    }
}
