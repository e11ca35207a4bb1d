package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.ActivationHardmaxOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.DimensionCounts;
import dev.dmlemu.featurelevels.support.ConstraintKind;
import dev.dmlemu.featurelevels.support.DocumentedBlock;
import dev.dmlemu.featurelevels.support.DocumentedSupport;
import dev.dmlemu.featurelevels.support.DocumentedTensor;
import dev.dmlemu.featurelevels.support.RowKind;
import dev.dmlemu.featurelevels.support.TensorConstraint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * Descs of one operator drawn from its documented tables at the newest level: a valid one (in-table dimension counts,
 * data types the device supports, the constraint lines kept, then the operator's shape rules met where a
 * {@link ProbeShaper} knows them), then single-rule violations of it. Everything the
 * tables do not say is neutral: sizes 1 outside the SAME Sizes groups, arrays of one element, enums their first
 * constant, a fused activation ACTIVATION_RELU or none.
 */
final class OperatorProbes {

    /**
     * What a probe does to the valid desc. A count field that disagrees with its array is not among them: C cannot
     * say it (the marshaller refuses a count above the length, and below it the array is merely shorter).
     */
    enum Kind {
        VALID, WRONG_DATA_TYPE, DIMENSION_COUNT_OUT_OF_RANGE, CONSTRAINT_BROKEN, MISSING_TENSOR,
        FUSED_ACTIVATION_NOT_LISTED, SHAPE_RULE_BROKEN,
        /** A valid desc with explicit strides on one tensor ({@link StrideMutation}). */
        STRIDES
    }

    /** The violations, drawn in this order's positions (the stride probes are drawn apart from them). */
    private static final List<Kind> VIOLATIONS = List.of(Kind.WRONG_DATA_TYPE, Kind.DIMENSION_COUNT_OUT_OF_RANGE,
            Kind.CONSTRAINT_BROKEN, Kind.MISSING_TENSOR, Kind.FUSED_ACTIVATION_NOT_LISTED, Kind.SHAPE_RULE_BROKEN);

    /** A probe; {@code strides} says which stride mutation a {@link Kind#STRIDES} probe carries. */
    record Probe(Kind kind, Optional<StrideMutation.Kind> strides, String what, OperatorDesc desc) {

        Probe(Kind kind, String what, OperatorDesc desc) {
            this(kind, Optional.empty(), what, desc);
        }

        /** The kind as the report names it: {@code STRIDES_PADDED} for a stride probe. */
        String label() {
            return strides.map(mutation -> kind + "_" + mutation).orElse(kind.name());
        }
    }

    private static final List<TensorDataType> DATA_TYPES = Arrays.stream(TensorDataType.values())
            .filter(type -> type != TensorDataType.UNKNOWN).toList();

    private final OperatorSchema schema;
    private final DocumentedSupport documented;
    private final DocumentedBlock block;
    private final Set<TensorDataType> device;
    private final Random random;
    private final Optional<ProbeShaper> shaper;
    private final StrideMutation strideMutation;
    /** Draws the stride probes apart from {@code random}, so that the other probes stay those drawn without them. */
    private final Random strideRandom;

    OperatorProbes(OperatorType type, DocumentedSupport documented, Set<TensorDataType> device, Random random,
            Random strideRandom) {
        this.schema = OperatorDescs.schema(type).orElseThrow();
        this.strideMutation = new StrideMutation(schema);
        this.strideRandom = strideRandom;
        this.documented = documented;
        this.block = blockAtNewest(schema, documented);
        this.device = device;
        this.random = random;
        this.shaper = ProbeShapers.of(type);
    }

    /**
     * The table at the newest level; for tables per value of an enum field (REDUCE's Function), the one of the
     * field's first constant, the neutral value every drawn desc starts from.
     */
    private static DocumentedBlock blockAtNewest(OperatorSchema schema, DocumentedSupport documented) {
        if (!documented.isConditional()) {
            return documented.forLevel(FeatureLevel.newest()).orElseThrow();
        }
        String field = documented.conditions().get(0).field();
        Object first = schema.fields().stream().filter(f -> f.cName().equals(field)).findFirst().orElseThrow()
                .component().getType().getEnumConstants()[0];
        return documented.forLevel(FeatureLevel.newest(), ((DmlEnum) first).cName()).orElseThrow();
    }

    /**
     * One probe: a valid desc half the time (and half of those with explicit strides on one tensor, when the drawn
     * stride mutation fits the desc), else one violation of a fresh valid desc (when it can be made).
     */
    Probe next() {
        Map<String, Object> values = validValues();
        if (random.nextBoolean()) {
            if (strideRandom.nextBoolean()) {
                StrideMutation.Kind[] mutations = StrideMutation.Kind.values();
                StrideMutation.Kind mutation = mutations[strideRandom.nextInt(mutations.length)];
                Optional<String> what = strideMutation.apply(mutation, values, strideRandom);
                if (what.isPresent()) {
                    return new Probe(Kind.STRIDES, Optional.of(mutation), what.get(), build(values));
                }
            }
            return new Probe(Kind.VALID, "in-table desc", build(values));
        }
        List<Kind> kinds = new ArrayList<>(VIOLATIONS);
        while (!kinds.isEmpty()) {
            Kind kind = kinds.remove(random.nextInt(kinds.size()));
            Optional<String> what = violate(kind, values);
            if (what.isPresent()) {
                return new Probe(kind, what.get(), build(values));
            }
        }
        return new Probe(Kind.VALID, "in-table desc", build(values));
    }

    private OperatorDesc build(Map<String, Object> values) {
        return schema.create(schema.fields().stream().map(field -> values.get(field.cName())).toList());
    }

    // ---- the valid desc ----

    private Map<String, Object> validValues() {
        Map<String, TensorDataType> types = new HashMap<>();
        Map<String, Integer> ranks = new HashMap<>();
        Map<String, List<Long>> sizes = new HashMap<>();
        for (DocumentedTensor row : block.rows()) {
            types.computeIfAbsent(row.field(), f -> pickType(groupTypes(row.field())));
            ranks.computeIfAbsent(row.field(), f -> pickRank(groupRanks(row.field())));
        }
        for (TensorConstraint constraint : documented.constraints()) {
            String first = constraint.fields().get(0);
            for (String other : constraint.fields()) {
                switch (constraint.kind()) {
                    case SAME_DATA_TYPE -> types.put(other, types.get(first));
                    case SAME_DIMENSION_COUNT -> ranks.put(other, ranks.get(first));
                    default -> { }
                }
            }
        }
        for (TensorConstraint constraint : documented.constraints()) {
            if (constraint.kind() == ConstraintKind.SAME_SIZES) {
                List<Long> shared = randomSizes(ranks.get(constraint.fields().get(0)));
                constraint.fields().forEach(field -> sizes.put(field, shared));
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (DescField field : schema.fields()) {
            String name = field.cName();
            switch (field.type()) {
                case TENSOR, OPTIONAL_TENSOR -> values.put(name, field.type() == DescField.Type.OPTIONAL_TENSOR
                        && random.nextInt(3) == 0 ? TensorDesc.NULL : tensor(name, types, ranks, sizes));
                case TENSOR_ARRAY -> values.put(name, List.of(tensor(name, types, ranks, sizes),
                        tensor(name, types, ranks, sizes)));
                default -> values.put(name, neutral(field));
            }
        }
        for (DescField field : schema.fields()) {
            counted(field).ifPresent(count -> values.put(count, (long) ((List<?>) values.get(field.cName())).size()));
        }
        shaper.ifPresent(rules -> rules.makeValid(values, random));
        return values;
    }

    private TensorDesc tensor(String field, Map<String, TensorDataType> types, Map<String, Integer> ranks,
            Map<String, List<Long>> sizes) {
        List<Long> shape = sizes.getOrDefault(field, ones(ranks.get(field)));
        return BufferTensorDesc.packed(types.get(field), shape.stream().mapToLong(Long::longValue).toArray());
    }

    private Object neutral(DescField field) {
        return switch (field.type()) {
            case UINT -> 0L;
            case INT -> 0;
            case FLOAT -> 1f;
            case BOOL -> false;
            case ENUM -> field.component().getType() == TensorDataType.class ? TensorDataType.FLOAT32
                    : field.component().getType().getEnumConstants()[0];
            case UINT_ARRAY -> List.of(1L);
            case INT_ARRAY -> List.of(0);
            case FLOAT_ARRAY -> List.of(1f);
            case SCALE_BIAS -> Optional.empty();
            case SIZE_2D -> new Size2d(1, 1);
            case SCALAR -> ScalarUnion.of(TensorDataType.FLOAT32, 0);
            // ACTIVATION_RELU is in every operator's list of fusable activations; its tensors are NULL.
            case FUSED_ACTIVATION -> random.nextBoolean() ? Optional.empty()
                    : Optional.of(new ActivationReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
            case OPERATOR_DESC_ARRAY -> List.of();
            default -> throw new IllegalStateException(field.cName());
        };
    }

    /** The count field of an array field, when it has one. */
    private static Optional<String> counted(DescField field) {
        return switch (field.type()) {
            case TENSOR_ARRAY, UINT_ARRAY, INT_ARRAY, FLOAT_ARRAY, OPERATOR_DESC_ARRAY -> field.reference();
            default -> Optional.empty();
        };
    }

    /** The data types every tensor sharing {@code field}'s DataType allows, that the device supports. */
    private List<TensorDataType> groupTypes(String field) {
        List<TensorDataType> allowed = new ArrayList<>(device);
        for (String member : group(field, ConstraintKind.SAME_DATA_TYPE)) {
            List<TensorDataType> row = row(member).dataTypes();
            if (!row.isEmpty()) {
                allowed.retainAll(row);
            }
        }
        allowed.sort(null);
        return allowed;
    }

    private DimensionCounts groupRanks(String field) {
        int min = 1;
        int max = 8;
        for (String member : group(field, ConstraintKind.SAME_DIMENSION_COUNT)) {
            min = Math.max(min, row(member).dimensionCounts().min());
            max = Math.min(max, row(member).dimensionCounts().max());
        }
        return new DimensionCounts(min, Math.max(min, max));
    }

    private List<String> group(String field, ConstraintKind kind) {
        for (TensorConstraint constraint : documented.constraints()) {
            if (constraint.kind() == kind && constraint.fields().contains(field)) {
                return constraint.fields();
            }
        }
        return List.of(field);
    }

    private DocumentedTensor row(String field) {
        return block.row(field).orElseThrow();
    }

    private TensorDataType pickType(List<TensorDataType> allowed) {
        return allowed.isEmpty() ? TensorDataType.FLOAT32 : allowed.get(random.nextInt(allowed.size()));
    }

    private int pickRank(DimensionCounts counts) {
        return counts.min() + random.nextInt(counts.max() - counts.min() + 1);
    }

    private List<Long> randomSizes(int rank) {
        List<Long> sizes = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            sizes.add(1L + random.nextInt(3));
        }
        return sizes;
    }

    private static List<Long> ones(int rank) {
        List<Long> sizes = new ArrayList<>();
        for (int i = 0; i < rank; i++) {
            sizes.add(1L);
        }
        return sizes;
    }

    // ---- violations: each changes one thing of a valid desc, or says it cannot ----

    private Optional<String> violate(Kind kind, Map<String, Object> values) {
        return switch (kind) {
            case WRONG_DATA_TYPE -> wrongDataType(values);
            case DIMENSION_COUNT_OUT_OF_RANGE -> dimensionCountOutOfRange(values);
            case CONSTRAINT_BROKEN -> constraintBroken(values);
            case MISSING_TENSOR -> missingTensor(values);
            case FUSED_ACTIVATION_NOT_LISTED -> fusedActivationNotListed(values);
            case SHAPE_RULE_BROKEN -> shaper.flatMap(rules -> rules.breakOne(values, random));
            case VALID, STRIDES -> Optional.empty();
        };
    }

    private Optional<String> wrongDataType(Map<String, Object> values) {
        DocumentedTensor row = block.rows().get(random.nextInt(block.rows().size()));
        List<TensorDataType> outside = DATA_TYPES.stream().filter(device::contains)
                .filter(type -> !row.dataTypes().contains(type)).toList();
        if (row.dataTypes().isEmpty() || outside.isEmpty() || present(values, row.field()) == null) {
            return Optional.empty();
        }
        TensorDataType type = outside.get(random.nextInt(outside.size()));
        replace(values, row.field(), present(values, row.field()).withDataType(type));
        return Optional.of(row.field() + ".DataType " + type);
    }

    private Optional<String> dimensionCountOutOfRange(Map<String, Object> values) {
        DocumentedTensor row = block.rows().get(random.nextInt(block.rows().size()));
        BufferTensorDesc tensor = present(values, row.field());
        List<Integer> outside = new ArrayList<>();
        for (int rank = 1; rank <= 8; rank++) {
            if (!row.dimensionCounts().contains(rank)) {
                outside.add(rank);
            }
        }
        if (tensor == null || outside.isEmpty()) {
            return Optional.empty();
        }
        int rank = outside.get(random.nextInt(outside.size()));
        replace(values, row.field(), BufferTensorDesc.packed(tensor.dataType(),
                ones(rank).stream().mapToLong(Long::longValue).toArray()));
        return Optional.of(row.field() + ".DimensionCount " + rank);
    }

    private Optional<String> constraintBroken(Map<String, Object> values) {
        List<TensorConstraint> constraints = documented.constraints();
        if (constraints.isEmpty()) {
            return Optional.empty();
        }
        TensorConstraint constraint = constraints.get(random.nextInt(constraints.size()));
        String field = constraint.fields().get(1 + random.nextInt(constraint.fields().size() - 1));
        BufferTensorDesc tensor = present(values, field);
        BufferTensorDesc first = present(values, constraint.fields().get(0));
        if (tensor == null || first == null) {
            return Optional.empty();
        }
        switch (constraint.kind()) {
            case SAME_DATA_TYPE -> {
                List<TensorDataType> others = row(field).dataTypes().stream().filter(device::contains)
                        .filter(type -> type != first.dataType()).toList();
                if (others.isEmpty()) {
                    return Optional.empty();
                }
                replace(values, field, tensor.withDataType(others.get(random.nextInt(others.size()))));
            }
            case SAME_DIMENSION_COUNT -> {
                DimensionCounts counts = row(field).dimensionCounts();
                if (counts.min() == counts.max()) {
                    return Optional.empty();
                }
                int rank = counts.min() + random.nextInt(counts.max() - counts.min() + 1);
                if (rank == first.dimensionCount()) {
                    rank = rank == counts.max() ? counts.min() : rank + 1;
                }
                replace(values, field, BufferTensorDesc.packed(tensor.dataType(),
                        ones(rank).stream().mapToLong(Long::longValue).toArray()));
            }
            case SAME_SIZES -> {
                long[] sizes = tensor.sizes().stream().mapToLong(Long::longValue).toArray();
                sizes[random.nextInt(sizes.length)] += 1;
                replace(values, field, BufferTensorDesc.packed(tensor.dataType(), sizes));
            }
            default -> throw new IllegalStateException(constraint.kind().name());
        }
        return Optional.of(constraint + " broken at " + field);
    }

    /** ACTIVATION_HARDMAX, which no operator's list of fusable activations has. */
    private Optional<String> fusedActivationNotListed(Map<String, Object> values) {
        for (DescField field : schema.fields()) {
            if (field.type() == DescField.Type.FUSED_ACTIVATION) {
                values.put(field.cName(), Optional.of(new ActivationHardmaxOperatorDesc(TensorDesc.NULL,
                        TensorDesc.NULL)));
                return Optional.of(field.cName() + " ACTIVATION_HARDMAX");
            }
        }
        return Optional.empty();
    }

    private Optional<String> missingTensor(Map<String, Object> values) {
        List<DocumentedTensor> required = block.rows().stream()
                .filter(row -> row.kind() == RowKind.INPUT || row.kind() == RowKind.OUTPUT).toList();
        if (required.isEmpty()) {
            return Optional.empty();
        }
        String field = required.get(random.nextInt(required.size())).field();
        values.put(field, TensorDesc.NULL);
        return Optional.of(field + " NULL");
    }

    /** The tensor (or an array's first member) as a buffer, or null when absent. */
    private static BufferTensorDesc present(Map<String, Object> values, String field) {
        Object value = values.get(field);
        if (value instanceof List<?> list) {
            value = list.get(0);
        }
        return value instanceof BufferTensorDesc buffer ? buffer : null;
    }

    private static void replace(Map<String, Object> values, String field, BufferTensorDesc tensor) {
        Object value = values.get(field);
        if (value instanceof List<?> list) {
            List<Object> changed = new ArrayList<>(list);
            changed.set(0, tensor);
            values.put(field, changed);
        } else {
            values.put(field, tensor);
        }
    }
}
