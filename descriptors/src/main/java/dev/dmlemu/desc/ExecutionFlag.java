package dev.dmlemu.desc;

import java.util.EnumSet;
import java.util.Set;

/** One bit of {@code DML_EXECUTION_FLAGS}, passed to {@code IDMLDevice::CompileOperator}. */
public enum ExecutionFlag implements DmlEnum {
    NONE(0x0),
    ALLOW_HALF_PRECISION_COMPUTATION(0x1),
    DISABLE_META_COMMANDS(0x2),
    DESCRIPTORS_VOLATILE(0x4);

    public static final String C_PREFIX = "DML_EXECUTION_FLAG_";

    private final int code;

    ExecutionFlag(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    @Override
    public String cName() {
        return C_PREFIX + name();
    }

    public static ExecutionFlag fromName(String name) {
        return DmlEnums.fromName(ExecutionFlag.class, C_PREFIX, name);
    }

    /** The C bit mask of a set of flags ({@link #NONE} contributes nothing). */
    public static int toMask(Set<ExecutionFlag> flags) {
        int mask = 0;
        for (ExecutionFlag flag : flags) {
            mask |= flag.code;
        }
        return mask;
    }

    /**
     * The flags set in a C bit mask.
     *
     * @throws IllegalArgumentException if the mask has a bit {@code directml.h} does not define
     */
    public static Set<ExecutionFlag> fromMask(int mask) {
        EnumSet<ExecutionFlag> flags = EnumSet.noneOf(ExecutionFlag.class);
        int rest = mask;
        for (ExecutionFlag flag : values()) {
            if (flag.code != 0 && (mask & flag.code) == flag.code) {
                flags.add(flag);
                rest &= ~flag.code;
            }
        }
        if (rest != 0) {
            throw new IllegalArgumentException(
                    "unknown DML_EXECUTION_FLAGS bits 0x" + Integer.toHexString(rest) + " in 0x" + Integer.toHexString(mask));
        }
        return flags;
    }
}
