package dev.dmlemu.emulator.elementwise;

import dev.dmlemu.desc.TensorDataType;

/** Which {@link PackedLane} an operator has for packed rows of one element type, if any. */
@FunctionalInterface
interface PackedLanes {

    /** No fast lane for any type: the engine always runs the exact body. */
    PackedLanes NONE = type -> null;

    /** The lane for packed rows of {@code type}, or null when the exact body must run. */
    PackedLane forType(TensorDataType type);

    /** A lane on FLOAT32 and one on INT32 and UINT32 (whose wrapped sums, differences and products agree). */
    static PackedLanes arithmetic(PackedLane.Floats float32, PackedLane.Ints int32) {
        return type -> switch (type) {
            case FLOAT32 -> float32;
            case INT32, UINT32 -> int32;
            default -> null;
        };
    }

    /** A byte copy for every type. */
    static PackedLanes copy() {
        return type -> PackedLane.Copy.BYTES;
    }
}
