package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorRegistry;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The operators the emulator runs, by type: the one place an operator registers its kernel. */
final class EmulatorKernels {

    private static final Map<OperatorType, OperatorKernel> KERNELS = OperatorRegistry.byType(
            OperatorKernel::operatorType, List.of(
                    new GatherElementsKernel(),
                    new DmlGatherKernel(),
                    GatherNdKernel.gatherNd(),
                    GatherNdKernel.gatherNd1(),
                    new ScatterElementsKernel(),
                    new ScatterNdKernel()));

    private EmulatorKernels() {}

    /** Every operator the emulator implements, in registration order. */
    static List<OperatorType> operators() {
        return List.copyOf(KERNELS.keySet());
    }

    /** The kernel of an operator type, when the emulator implements it. */
    static Optional<OperatorKernel> of(OperatorType type) {
        return Optional.ofNullable(KERNELS.get(type));
    }
}
