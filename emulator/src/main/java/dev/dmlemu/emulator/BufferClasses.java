package dev.dmlemu.emulator;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Loads the JDK's typed-buffer classes before any gather loop is compiled. While only one concrete subclass of
 * {@code IntBuffer} (say) is loaded, C2 compiles the loops against that class alone; the first load of another one
 * (the JDK's own module-image reader loads {@code DirectIntBufferU} the first time it runs, which can be during an
 * execution) throws every such compiled loop away, and the kernel runs interpreted until it is compiled again. Seen
 * in {@code -XX:+LogCompilation} as {@code dependency_failed type='abstract_with_unique_concrete_subtype'
 * ctxk='java/nio/IntBuffer' witness='java/nio/DirectIntBufferU'} in the middle of a series of dispatches
 * (docs/performance.md, "The command line's view"). With the classes loaded up front the loops are compiled against
 * the types their call sites have seen, which no later class load invalidates.
 */
final class BufferClasses {

    private BufferClasses() {}

    static {
        for (ByteOrder order : new ByteOrder[] {ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN}) {
            for (ByteBuffer buffer : new ByteBuffer[] {ByteBuffer.allocate(8), ByteBuffer.allocateDirect(8)}) {
                for (ByteBuffer view : new ByteBuffer[] {buffer.order(order), buffer.asReadOnlyBuffer().order(order)}) {
                    view.asShortBuffer();
                    view.asIntBuffer();
                    view.asLongBuffer();
                }
            }
        }
    }

    /** Runs the class initializer above once; later calls do nothing. */
    static void load() {
        // The work is in the static initializer.
    }
}
