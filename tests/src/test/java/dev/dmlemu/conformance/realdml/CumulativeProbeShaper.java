package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * CUMULATIVE_SUMMATION's and CUMULATIVE_PRODUCT's probes: random shared sizes, a random axis in range, direction and
 * exclusive flag; broken: an axis at or past the DimensionCount (docs/directml-behaviour.md §14.4).
 */
final class CumulativeProbeShaper extends OperatorShaper {

    private final String exclusiveFlag;

    private CumulativeProbeShaper(OperatorType type, String exclusiveFlag) {
        super(type);
        this.exclusiveFlag = exclusiveFlag;
    }

    static List<ProbeShaper> all() {
        return List.of(new CumulativeProbeShaper(OperatorType.CUMULATIVE_SUMMATION, "HasExclusiveSum"),
                new CumulativeProbeShaper(OperatorType.CUMULATIVE_PRODUCT, "HasExclusiveProduct"));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        int rank = (int) ((BufferTensorDesc) values.get("InputTensor")).dimensionCount();
        values.put("Axis", (long) random.nextInt(rank));
        values.put("AxisDirection", AxisDirection.values()[random.nextInt(AxisDirection.values().length)]);
        values.put(exclusiveFlag, random.nextBoolean());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        int rank = (int) ((BufferTensorDesc) values.get("InputTensor")).dimensionCount();
        long axis = random.nextInt(4) == 0 ? 4294967295L : rank + random.nextInt(3);
        values.put("Axis", axis);
        return Optional.of("Axis " + axis + " of a " + rank + "-D input");
    }
}
