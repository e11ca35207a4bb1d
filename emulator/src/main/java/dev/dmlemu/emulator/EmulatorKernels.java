package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorType;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The operators the emulator runs, by type: the one place an operator registers its kernel. */
final class EmulatorKernels {

    private static final Map<OperatorType, OperatorKernel> KERNELS = register(
            new GatherElementsKernel());

    private EmulatorKernels() {}

    /** The kernel of an operator type, when the emulator implements it. */
    static Optional<OperatorKernel> of(OperatorType type) {
        return Optional.ofNullable(KERNELS.get(type));
    }

    /** The operators the emulator runs, in registration order. */
    static List<OperatorType> operators() {
        return List.copyOf(KERNELS.keySet());
    }

    private static Map<OperatorType, OperatorKernel> register(OperatorKernel... kernels) {
        Map<OperatorType, OperatorKernel> byType = new LinkedHashMap<>();
        for (OperatorKernel kernel : kernels) {
            if (byType.put(kernel.operatorType(), kernel) != null) {
                throw new IllegalStateException(kernel.operatorType() + " is registered twice");
            }
        }
        return Collections.unmodifiableMap(byType);
    }
}
