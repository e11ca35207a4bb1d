package dev.dmlemu.emulator.elementwise;


/**
 * The in-place lane on the buffers' views ({@link ViewLanes}), checked by {@link InPlaceLaneChecks}. The lane is asked
 * for explicitly, so these run on every JDK, the build's 17 included, where the engine would not choose it itself:
 * they prove its bits everywhere, its speed nowhere (docs/performance.md, "On a newer JVM").
 */
class ViewLanesTest extends InPlaceLaneChecks {

    @Override
    PackedRows.Reads reads() {
        return PackedRows.Reads.VIEWS;
    }

    @Override
    void requireLane() {
        // plain Java: runs everywhere
    }

    @Override
    boolean hasTheLane(ElementWiseExecution execution) {
        return execution.usesViewLane();
    }
}
