package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import java.util.List;

/** The operators the emulator runs, for tools that report on them (the kernels themselves stay package-private). */
public final class EmulatedOperators {

    private EmulatedOperators() {}

    /** Every operator with a kernel in {@code EmulatorKernels}, in registration order. */
    public static List<OperatorType> all() {
        return EmulatorKernels.operators();
    }

    /** True when the emulator has a kernel for the operator whose {@code DML_OPERATOR_TYPE} value is {@code code}. */
    public static boolean runs(int code) {
        return all().stream().anyMatch(type -> type.code() == code);
    }
}
