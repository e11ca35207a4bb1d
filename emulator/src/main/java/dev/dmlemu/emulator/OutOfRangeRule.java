package dev.dmlemu.emulator;

import dev.dmlemu.execution.OperatorExecutionException;

/**
 * An {@link IndexPolicy} as the kernel's loops use it: which input element an index outside the axis selects. The
 * loops decide in-range indices themselves (the plain formula, the same under every policy) and call this only for
 * the rest, so a policy costs nothing on the fast path and is never a branch inside a loop.
 */
sealed interface OutOfRangeRule {

    /**
     * The input element an index selects, or -1 when the element reads as zero.
     *
     * @param raw the index as a 64-bit value (INT32 sign-extended, UINT32 zero-extended, 64-bit types as stored)
     * @param base the sum of the non-axis input coordinates times their strides, in elements
     */
    long element(long raw, long base);

    static OutOfRangeRule of(GatherPlan plan) {
        return switch (plan.policy) {
            case DIRECTML -> new DirectMlRead(plan.axisSize, plan.axisStride, plan.unitAxisIgnoresIndex,
                    plan.inputLastElement, plan.inputLastElementPartial);
            case CLAMP_AXIS -> new AxisClamp(plan.axisSize, plan.axisStride, plan.signedWrap);
            case STRICT -> new StrictCheck(plan);
        };
    }

    /**
     * What DirectML.dll does: docs/directml-behaviour.md §7.1, steps 1-7 (GatherElements), and §10 (Gather, whose
     * size-1 axis does not ignore the index).
     */
    record DirectMlRead(long axisSize, long axisStride, boolean unitAxisIgnoresIndex, long lastElement,
            boolean lastElementPartial) implements OutOfRangeRule {
        @Override
        public long element(long raw, long base) {
            long index = raw < 0 ? raw + axisSize : raw;
            long low32 = axisSize == 1 && unitAxisIgnoresIndex ? 0 : index & 0xFFFF_FFFFL;
            long offset = (base + low32 * axisStride) & 0xFFFF_FFFFL;
            if (offset > lastElement) {
                offset = lastElement;
            }
            return offset == lastElement && lastElementPartial ? -1 : offset;
        }
    }

    /** A per-axis clamp after the negative wrap (WebNN's conformance expectation). */
    record AxisClamp(long axisSize, long axisStride, boolean signedWrap) implements OutOfRangeRule {
        @Override
        public long element(long raw, long base) {
            long position;
            if (signedWrap) {
                position = raw < 0 ? raw + axisSize : raw;
                position = position < 0 ? 0 : Math.min(position, axisSize - 1);
            } else {
                position = Long.compareUnsigned(raw, axisSize) >= 0 ? axisSize - 1 : raw;
            }
            return base + position * axisStride;
        }
    }

    /**
     * STRICT checks every index before anything is written ({@link GatherKernel#firstOutOfRange}), so the loops reach
     * this only for an in-range index they did not take inline, or when the indices changed during the execution.
     */
    final class StrictCheck implements OutOfRangeRule {
        private final GatherPlan plan;

        StrictCheck(GatherPlan plan) {
            this.plan = plan;
        }

        @Override
        public long element(long raw, long base) {
            long position = plan.signedWrap && raw < 0 ? raw + plan.axisSize : raw;
            if (Long.compareUnsigned(position, plan.axisSize) >= 0) {
                throw new OperatorExecutionException("IndicesTensor: index " + plan.indexText(raw)
                        + " is out of range for axis size " + plan.axisSize
                        + "; the indices buffer changed during execution");
            }
            return base + position * plan.axisStride;
        }
    }
}
