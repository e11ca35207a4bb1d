package dev.dmlemu.emulator;

import dev.dmlemu.desc.OperatorRegistry;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.emulator.movement.DepthSpaceKernel;
import dev.dmlemu.emulator.movement.FillValueConstantKernel;
import dev.dmlemu.emulator.movement.FillValueSequenceKernel;
import dev.dmlemu.emulator.movement.JoinKernel;
import dev.dmlemu.emulator.movement.PaddingKernel;
import dev.dmlemu.emulator.movement.ScanKernel;
import dev.dmlemu.emulator.movement.SliceGradKernel;
import dev.dmlemu.emulator.movement.SliceKernel;
import dev.dmlemu.emulator.movement.TileKernel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The operators the emulator runs, by type: the one place an operator registers its kernel. */
final class EmulatorKernels {

    private static final Map<OperatorType, OperatorKernel> KERNELS = OperatorRegistry.byType(
            OperatorKernel::operatorType, registered());

    private EmulatorKernels() {}

    private static List<OperatorKernel> registered() {
        List<OperatorKernel> all = new ArrayList<>();
        // Indexing: gathers and scatters.
        all.add(new GatherElementsKernel());
        all.add(new DmlGatherKernel());
        all.add(GatherNdKernel.gatherNd());
        all.add(GatherNdKernel.gatherNd1());
        all.add(new ScatterElementsKernel());
        all.add(new ScatterNdKernel());

        // Element-wise operators and CAST (package elementwise).

        // Data movement and selection (package movement).
        all.add(SliceKernel.slice());
        all.add(SliceKernel.slice1());
        all.add(JoinKernel.join());
        all.add(JoinKernel.split());
        all.add(new FillValueConstantKernel());
        all.add(new FillValueSequenceKernel());
        all.add(ScanKernel.summation());
        all.add(ScanKernel.product());
        all.add(PaddingKernel.padding());
        all.add(PaddingKernel.padding1());
        all.add(new TileKernel());
        all.addAll(DepthSpaceKernel.all());
        all.add(new SliceGradKernel());

        return all;
    }

    /** Every operator the emulator implements, in registration order. */
    static List<OperatorType> operators() {
        return List.copyOf(KERNELS.keySet());
    }

    /** The kernel of an operator type, when the emulator implements it. */
    static Optional<OperatorKernel> of(OperatorType type) {
        return Optional.ofNullable(KERNELS.get(type));
    }
}
