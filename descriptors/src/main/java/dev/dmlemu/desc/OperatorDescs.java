package dev.dmlemu.desc;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The operator descs this project mirrors, by type: the one place a desc record registers (besides the
 * {@link OperatorDesc} permits list, which the compiler checks). Everything that reads, writes or marshals a desc
 * generically finds its {@link OperatorSchema} here.
 */
public final class OperatorDescs {

    private static final Map<OperatorType, OperatorSchema> SCHEMAS = OperatorRegistry.byType(
            OperatorSchema::operatorType, List.of(
                    OperatorSchema.of(OperatorType.GATHER_ELEMENTS, GatherElementsOperatorDesc.class),
                    OperatorSchema.of(OperatorType.GATHER, GatherOperatorDesc.class),
                    OperatorSchema.of(OperatorType.GATHER_ND, GatherNdOperatorDesc.class),
                    OperatorSchema.of(OperatorType.GATHER_ND1, GatherNd1OperatorDesc.class),
                    OperatorSchema.of(OperatorType.SCATTER_ELEMENTS, ScatterElementsOperatorDesc.class),
                    OperatorSchema.of(OperatorType.SCATTER_ND, ScatterNdOperatorDesc.class)));

    private OperatorDescs() {}

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
