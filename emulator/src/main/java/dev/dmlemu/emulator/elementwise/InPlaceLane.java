package dev.dmlemu.emulator.elementwise;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A packed lane that runs one piece of packed rows on the tensors in place, in their heap arrays, where
 * {@link PackedRows} otherwise stages the piece through primitive arrays. Two kinds: {@code VectorLanes}, on the
 * incubating Vector API, which exists only in a JVM started with {@code --add-modules jdk.incubator.vector} (this
 * interface is what the rest of the engine sees of it, so nothing else loads a class of that module), and
 * {@link ArrayLanes}, on {@code sun.misc.Unsafe}.
 */
@FunctionalInterface
interface InPlaceLane {

    /**
     * Whether the JVM's boot layer has the incubating Vector API (the JVM was started with the module added) in the
     * shape {@code VectorLanes} was compiled against: JDK 19 (JEP 426) removed the byte-array loads and stores it uses,
     * so on a later JDK it would fail to link, and the staged path runs instead.
     */
    boolean VECTOR_API = Runtime.version().feature() <= 18
            && ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    /** One element of the piece by the operator's exact body: the output's bits, from the inputs not yet written. */
    @FunctionalInterface
    interface ExactElement {
        int bits(int element);
    }

    /**
     * Runs {@code count} elements of 4 bytes, little-endian: tensor {@code t}'s first at byte {@code at[t]} of
     * {@code arrays[t]}, the inputs first and the output last, every row contiguous; an element the lane cannot trust
     * (a NaN result, a truncation out of range) comes from {@code exact}, by its index in the call. Unless the lane
     * {@link #writesBeforeRedoing()}, each part of the output is written after the inputs' elements it covers are
     * read, so an output over an input at the same place is fine.
     */
    void run(byte[][] arrays, int[] at, int count, ExactElement exact);

    /**
     * Whether the lane writes the output's piece before it asks {@code exact} for the elements to redo: then
     * {@code exact} reads inputs the piece may have overwritten, and the output must share no byte with an input.
     */
    default boolean writesBeforeRedoing() {
        return false;
    }

    /** Whether the lane takes a piece whose tensors start at these byte positions of their arrays. */
    default boolean takes(int[] at) {
        return true;
    }

    /** The Vector API's lane for {@code lane}, or null when there is none or the JVM lacks the Vector API. */
    static InPlaceLane of(PackedLane lane) {
        return VECTOR_API ? vectorLane(lane) : null;
    }

    /**
     * {@code VectorLanes.of(lane)}, reached by name: that class is generated into a folder of its own and compiled
     * after this one from there, a source root javadoc never reads (emulator/pom.xml, execution
     * {@code compile-vector-api}).
     */
    private static InPlaceLane vectorLane(PackedLane lane) {
        try {
            Class<?> lanes = Class.forName(InPlaceLane.class.getPackageName() + ".VectorLanes");
            MethodHandle of = MethodHandles.lookup().findStatic(lanes, "of",
                    MethodType.methodType(InPlaceLane.class, PackedLane.class));
            return (InPlaceLane) of.invokeExact(lane);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("VectorLanes could not be reached", e);
        }
    }
}
