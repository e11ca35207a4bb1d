package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The operators whose tables describe them fully ({@code TablesSuffice}, docs/directml-behaviour.md §14.6): their
 * scalar fields are drawn at random instead of neutral, edge values included (NaN, infinities, zeros of both signs,
 * negatives, huge and denormal values), every enum field a random constant and the ScaleBias present or not with
 * such values. There is no rule to break: DirectML takes every value.
 */
final class FreeFieldsShaper implements ProbeShaper {

    private static final float[] EDGES = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, -1f,
        -2.5f, 1e30f, -1e30f, Float.MIN_VALUE, Float.MAX_VALUE};

    private final OperatorType type;
    private final List<DescField> fields;

    FreeFieldsShaper(OperatorType type) {
        this.type = type;
        this.fields = OperatorDescs.schema(type).orElseThrow().fields();
    }

    /** One shaper per operator of {@code types}. */
    static List<ProbeShaper> of(List<OperatorType> types) {
        return types.stream().<ProbeShaper>map(FreeFieldsShaper::new).toList();
    }

    @Override
    public OperatorType operatorType() {
        return type;
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        for (DescField field : fields) {
            switch (field.type()) {
                case FLOAT -> values.put(field.cName(), value(random));
                case SCALE_BIAS -> values.put(field.cName(), random.nextInt(3) == 0 ? Optional.empty()
                        : Optional.of(new ScaleBias(value(random), value(random))));
                case ENUM -> {
                    Object[] constants = field.component().getType().getEnumConstants();
                    // Data type fields follow their tensors; the tables judge those.
                    if (field.component().getType() != TensorDataType.class) {
                        values.put(field.cName(), constants[random.nextInt(constants.length)]);
                    }
                }
                default -> { }
            }
        }
    }

    /** An edge value half the time, else an ordinary one of either sign. */
    private static float value(Random random) {
        return random.nextBoolean() ? EDGES[random.nextInt(EDGES.length)] : (float) (random.nextGaussian() * 10);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        return Optional.empty();
    }
}
