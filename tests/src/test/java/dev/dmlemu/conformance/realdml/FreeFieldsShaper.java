package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
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
 * such values; a data-type field for scalars (ELEMENT_WISE_CLIP1's MinMaxDataType) any of the types probed, and the
 * scalars random values of it. There is no rule to break: DirectML takes every value.
 */
final class FreeFieldsShaper extends OperatorShaper {

    private static final float[] EDGES = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 0f, -0f, -1f,
        -2.5f, 1e30f, -1e30f, Float.MIN_VALUE, Float.MAX_VALUE};

    /** The data types a scalar's data-type field takes (ELEMENT_WISE_CLIP1's MinMaxDataType: every one probed). */
    private static final List<TensorDataType> SCALAR_TYPES = List.of(TensorDataType.FLOAT32, TensorDataType.FLOAT64,
            TensorDataType.INT64, TensorDataType.UINT64, TensorDataType.INT32, TensorDataType.UINT32,
            TensorDataType.INT8, TensorDataType.UINT8);

    private final List<DescField> fields;

    FreeFieldsShaper(OperatorType type) {
        super(type);
        this.fields = OperatorDescs.schema(type).orElseThrow().fields();
    }

    /** One shaper per operator of {@code types}. */
    static List<ProbeShaper> of(List<OperatorType> types) {
        return types.stream().<ProbeShaper>map(FreeFieldsShaper::new).toList();
    }

    @Override
    public void makeValid(Map<String, Object> values, Random random) {
        for (DescField field : fields) {
            switch (field.type()) {
                case FLOAT -> values.put(field.cName(), value(random));
                case SCALE_BIAS -> values.put(field.cName(), random.nextInt(3) == 0 ? Optional.empty()
                        : Optional.of(new ScaleBias(value(random), value(random))));
                case ENUM -> {
                    Object[] constants = field.component().getType() == TensorDataType.class
                            ? SCALAR_TYPES.toArray() : field.component().getType().getEnumConstants();
                    values.put(field.cName(), constants[random.nextInt(constants.length)]);
                }
                default -> { }
            }
        }
        // A scalar (CLIP1's Min and Max) in the type its data-type field now names.
        for (DescField field : fields) {
            if (field.type() == DescField.Type.SCALAR) {
                values.put(field.cName(), ScalarUnion.of(scalarType(values), value(random)));
            }
        }
    }

    private TensorDataType scalarType(Map<String, Object> values) {
        for (DescField field : fields) {
            if (field.type() == DescField.Type.ENUM && values.get(field.cName()) instanceof TensorDataType type) {
                return type;
            }
        }
        throw new IllegalStateException(operatorType() + " has a scalar but no data-type field");
    }

    /** An edge value half the time, else an ordinary one of either sign. */
    static float value(Random random) {
        return random.nextBoolean() ? EDGES[random.nextInt(EDGES.length)] : (float) (random.nextGaussian() * 10);
    }

    @Override
    public Optional<String> breakOne(Map<String, Object> values, Random random) {
        return Optional.empty();
    }
}
