package dev.dmlemu.emulator.elementwise;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.emulator.Parallelism;
import dev.dmlemu.testkit.ElementWiseCase;
import dev.dmlemu.testkit.ElementWiseOp;
import dev.dmlemu.testkit.NaiveElementWise;
import org.junit.jupiter.api.Test;

/**
 * The in-place lane on the incubating Vector API ({@link VectorLanes}), checked by {@link InPlaceLaneChecks}. These
 * run in the surefire execution {@code vector-lane} (the JVM started with {@code --add-modules jdk.incubator.vector});
 * in the default one only the check that nothing of the module is used runs.
 */
class VectorLanesTest extends InPlaceLaneChecks {

    @Override
    PackedRows.Reads reads() {
        return PackedRows.Reads.IN_PLACE;
    }

    /**
     * In the execution started with the module, its absence is a failure, not a skip, on the JDKs the lane was compiled
     * for (17 and 18; from 19 on {@link InPlaceLane#VECTOR_API} is false by design).
     */
    @Override
    void requireLane() {
        if (Boolean.getBoolean("dmlemu.expectVectorApi") && Runtime.version().feature() <= 18) {
            assertTrue(InPlaceLane.VECTOR_API, "the JVM was to be started with --add-modules jdk.incubator.vector");
        }
        assumeTrue(InPlaceLane.VECTOR_API, "needs JDK 17 or 18 started with --add-modules jdk.incubator.vector"
                + " (the surefire execution vector-lane)");
    }

    @Override
    boolean hasTheLane(ElementWiseExecution execution) {
        return execution.usesInPlaceLane() && !execution.usesViewLane();
    }

    /**
     * Without the module: the array lane before JDK 21, the view lane from 21 on (ArrayLanesTest and ViewLanesTest
     * check their bits).
     */
    @Test
    void withoutTheModuleNoVectorLaneIsUsed() {
        assumeFalse(InPlaceLane.VECTOR_API, "checks a JVM started without jdk.incubator.vector");
        assertNull(InPlaceLane.of(PackedLane.FloatArithmetic.ADD));
        ElementWiseCase c = packedOperands(ElementWiseOp.ADD, TensorDataType.FLOAT32, 5);
        ElementWiseExecution execution = prepare(c, PackedRows.Reads.IN_PLACE, Parallelism.ONE_THREAD);
        assertTrue(execution.usesInPlaceLane());
        assertEquals(Runtime.version().feature() < 21, execution.usesArrayLane());
        assertEquals(Runtime.version().feature() >= 21, execution.usesViewLane());
        assertArrayEquals(NaiveElementWise.run(c), run(execution, c, Layout.SEPARATE));
    }
}
