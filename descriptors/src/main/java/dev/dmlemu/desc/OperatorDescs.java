package dev.dmlemu.desc;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operator descs this project mirrors, by type: the one place a desc record registers (besides the
 * {@link OperatorDesc} permits list, which the compiler checks). Everything that reads, writes or marshals a desc
 * generically finds its {@link OperatorSchema} here.
 */
public final class OperatorDescs {

    private static final Map<OperatorType, OperatorSchema> SCHEMAS = register(
            OperatorSchema.of(OperatorType.GATHER_ELEMENTS, GatherElementsOperatorDesc.class));

    private OperatorDescs() {}

    private static Map<OperatorType, OperatorSchema> register(OperatorSchema... schemas) {
        Map<OperatorType, OperatorSchema> byType = new LinkedHashMap<>();
        for (OperatorSchema schema : schemas) {
            if (byType.put(schema.operatorType(), schema) != null) {
                throw new IllegalStateException(schema.operatorType() + " is registered twice");
            }
        }
        return Collections.unmodifiableMap(byType);
    }

    /** The schema of an operator's desc, when the project mirrors it. */
    public static Optional<OperatorSchema> schema(OperatorType type) {
        return Optional.ofNullable(SCHEMAS.get(type));
    }

    /** The schema of {@code desc}'s operator. */
    public static OperatorSchema schemaOf(OperatorDesc desc) {
        return schema(desc.operatorType()).orElseThrow(() ->
                new IllegalStateException(desc.operatorType() + " has a record but no registered schema"));
    }

    /** Every mirrored operator, in registration order. */
    public static List<OperatorType> operators() {
        return List.copyOf(SCHEMAS.keySet());
    }
}
