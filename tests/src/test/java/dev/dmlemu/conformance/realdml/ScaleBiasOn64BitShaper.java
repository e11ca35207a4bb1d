package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * ELEMENT_WISE_IDENTITY, ELEMENT_WISE_ABS, ELEMENT_WISE_CLIP, ELEMENT_WISE_CLIP1: fields drawn as {@link FreeFieldsShaper} does, but with
 * 64-bit tensors the ScaleBias is absent or the identity; the rule broken is a ScaleBias of other values there
 * (docs/directml-behaviour.md §14.6).
 */
final class ScaleBiasOn64BitShaper implements ProbeShaper {

    private static final Set<TensorDataType> SIXTY_FOUR_BIT = Set.of(TensorDataType.FLOAT64, TensorDataType.INT64,
            TensorDataType.UINT64);

    private final FreeFieldsShaper fields;

    private ScaleBiasOn64BitShaper(OperatorType type) {
        this.fields = new FreeFieldsShaper(type);
    }

    static List<ProbeShaper> all() {
        return List.of(new ScaleBiasOn64BitShaper(OperatorType.ELEMENT_WISE_IDENTITY),
                new ScaleBiasOn64BitShaper(OperatorType.ELEMENT_WISE_ABS),
                new ScaleBiasOn64BitShaper(OperatorType.ELEMENT_WISE_CLIP),
                new ScaleBiasOn64BitShaper(OperatorType.ELEMENT_WISE_CLIP1));
    }

    @Override
    public OperatorType operatorType() {
        return fields.operatorType();
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        fields.makeValid(values, random);
        if (sixtyFourBit(values)) {
            values.put("ScaleBias", random.nextBoolean() ? Optional.empty() : Optional.of(new ScaleBias(1f, 0f)));
        }
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        if (!sixtyFourBit(values)) {
            return Optional.empty();
        }
        ScaleBias broken = switch (random.nextInt(3)) {
            case 0 -> new ScaleBias(2f, 0f);
            case 1 -> new ScaleBias(1f, 1f);
            default -> new ScaleBias(Float.NaN, 0f);
        };
        values.put("ScaleBias", Optional.of(broken));
        return Optional.of("ScaleBias " + broken + " with 64-bit tensors");
    }

    private static boolean sixtyFourBit(Map<String, Object> values) {
        return values.get("InputTensor") instanceof BufferTensorDesc input
                && SIXTY_FOUR_BIT.contains(input.dataType());
    }
}
