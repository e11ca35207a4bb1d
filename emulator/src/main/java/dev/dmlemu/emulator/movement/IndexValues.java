package dev.dmlemu.emulator.movement;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;

/**
 * How an index tensor's elements are read: INT32 and INT64 signed, UINT32 and UINT64 unsigned (a UINT64 past
 * 2^63 - 1 reads as {@link Long#MAX_VALUE}: past any size either way).
 */
enum IndexValues {
    INT32(4), INT64(8), UINT32(4), UINT64(8);

    private final int size;

    IndexValues(int size) {
        this.size = size;
    }

    static IndexValues of(OperatorType operator, String field, TensorDataType type) {
        return switch (type) {
            case INT32 -> INT32;
            case INT64 -> INT64;
            case UINT32 -> UINT32;
            case UINT64 -> UINT64;
            default -> throw Shapes.refuse(operator, field + " must hold INT32, INT64, UINT32 or UINT64, not " + type);
        };
    }

    int size() {
        return size;
    }

    boolean signed() {
        return this == INT32 || this == INT64;
    }

    long read(ByteBuffer buffer, int at) {
        return switch (this) {
            case INT32 -> buffer.getInt(at);
            case INT64 -> buffer.getLong(at);
            case UINT32 -> buffer.getInt(at) & 0xFFFF_FFFFL;
            case UINT64 -> {
                long bits = buffer.getLong(at);
                yield bits < 0 ? Long.MAX_VALUE : bits;
            }
        };
    }
}
