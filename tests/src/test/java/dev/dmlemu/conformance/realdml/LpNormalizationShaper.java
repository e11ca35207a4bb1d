package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/** LP_NORMALIZATION: Axis an input dimension, P 1 or 2 (docs/directml-behaviour.md §14.5). */
final class LpNormalizationShaper extends OperatorShaper {

    LpNormalizationShaper() {
        super(OperatorType.LP_NORMALIZATION);
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        long rank = ((BufferTensorDesc) values.get("InputTensor")).dimensionCount();
        values.put("Axis", (long) random.nextInt((int) rank));
        values.put("P", 1L + random.nextInt(2));
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        long rank = ((BufferTensorDesc) values.get("InputTensor")).dimensionCount();
        if (random.nextBoolean()) {
            long axis = rank + random.nextInt(3);
            values.put("Axis", axis);
            return Optional.of("Axis " + axis + " of a " + rank + "-D input");
        }
        long p = random.nextBoolean() ? 0 : 3 + random.nextInt(3);
        values.put("P", p);
        return Optional.of("P " + p);
    }
}
