package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * LOCAL_RESPONSE_NORMALIZATION and its GRAD: LocalSize at least 1, either CrossChannel (docs/directml-behaviour.md
 * §14.5).
 */
final class LocalResponseNormalizationShaper extends OperatorShaper {

    private LocalResponseNormalizationShaper(OperatorType type) {
        super(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new LocalResponseNormalizationShaper(OperatorType.LOCAL_RESPONSE_NORMALIZATION),
                new LocalResponseNormalizationShaper(OperatorType.LOCAL_RESPONSE_NORMALIZATION_GRAD));
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        values.put("LocalSize", 1L + random.nextInt(5));
        values.put("CrossChannel", random.nextBoolean());
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        values.put("LocalSize", 0L);
        return Optional.of("LocalSize 0");
    }
}
