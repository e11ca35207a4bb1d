package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.schema.FusableActivation;
import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.desc.schema.SchemaOperator;
import dev.dmlemu.featurelevels.shape.ShapeRuleCatalog;
import dev.dmlemu.featurelevels.shape.ShapeRules;
import dev.dmlemu.featurelevels.shape.ShapeRules.Coverage;
import dev.dmlemu.featurelevels.support.BlockCondition;
import dev.dmlemu.featurelevels.support.DocumentedSupport;
import dev.dmlemu.featurelevels.support.TensorConstraint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rules of an operator without rules of its own, all read from data: availability from the operator schema, each
 * tensor's row of the docs' support table ({@link OperatorRules}), the docs' "Tensor constraints" lines, every
 * array's count field, and the fused activations the schema lists. Enum fields need no check: a desc record holds a
 * constant of its C enum, nothing else. Operator-specific shape rules (GEMM's inner dimensions, a convolution's
 * output size) are not in the data: an operator's {@link ShapeRules}, registered in {@link ShapeRuleCatalog}, add
 * them; docs/directml-behaviour.md §14 lists what the probes found.
 */
final class DocumentedRules extends OperatorRules<OperatorDesc> {

    /** An array field and the count field that says its length. */
    private record CountedArray(DescField array, DescField count) {}

    private final List<TensorConstraint> constraints;
    private final List<CountedArray> counted;
    private final Optional<DescField> fusedActivation;
    private final List<FusableActivation> fusable;
    private final FeatureLevel availability;
    private final Optional<ShapeRules<OperatorDesc>> shapeRules;
    /** REDUCE's tables per Function; empty for an operator whose tables apply whatever its fields hold. */
    private final Optional<ConditionalSupport> conditional;

    private DocumentedRules(OperatorSchema schema, OperatorSupport support, Optional<ConditionalSupport> conditional,
            List<TensorConstraint> constraints, SchemaOperator data) {
        super(descClass(schema), support);
        this.conditional = conditional;
        conditional.ifPresent(tables -> tables.byConstant().values().forEach(this::requireRowsMatch));
        this.constraints = constraints;
        this.availability = data.availability();
        this.fusable = data.fusableActivations();
        this.shapeRules = ShapeRuleCatalog.of(schema.operatorType());
        List<CountedArray> arrays = new ArrayList<>();
        Optional<DescField> fused = Optional.empty();
        for (DescField field : schema.fields()) {
            if (isCountedArray(field)) {
                DescField count = schema.fields().stream()
                        .filter(other -> other.cName().equals(field.reference().orElseThrow())).findFirst()
                        .orElseThrow();
                arrays.add(new CountedArray(field, count));
            } else if (field.type() == DescField.Type.FUSED_ACTIVATION) {
                fused = Optional.of(field);
            }
        }
        this.counted = List.copyOf(arrays);
        this.fusedActivation = fused;
    }

    /**
     * The rules of {@code type} from its documented support: one set of tables, or (REDUCE) one per group of values
     * of an enum field, each from the operator's availability on.
     */
    static DocumentedRules of(OperatorType type, DocumentedSupport documented) {
        OperatorSchema schema = OperatorDescs.schema(type).orElseThrow();
        SchemaOperator data = SchemaCatalog.directMl().operator(type.code()).orElseThrow();
        if (!documented.isConditional()) {
            OperatorSupport support = fromAvailability(documented.toOperatorSupport(type).orElseThrow(),
                    data.availability());
            return new DocumentedRules(schema, support, Optional.empty(), documented.constraints(), data);
        }
        Map<String, OperatorSupport> byConstant = new LinkedHashMap<>();
        DescField field = null;
        for (BlockCondition condition : documented.conditions()) {
            field = schema.fields().stream().filter(f -> f.cName().equals(condition.field())).findFirst()
                    .orElseThrow();
            OperatorSupport support = fromAvailability(documented.toOperatorSupport(type, condition),
                    data.availability());
            condition.constants().forEach(constant -> byConstant.put(constant, support));
        }
        ConditionalSupport tables = new ConditionalSupport(field, byConstant);
        // The first group's tables stand for the operator where one support is asked for (its availability).
        return new DocumentedRules(schema, byConstant.values().iterator().next(), Optional.of(tables),
                documented.constraints(), data);
    }

    @Override
    OperatorSupport supportFor(OperatorDesc desc) {
        return conditional.map(tables -> tables.of(desc)).orElseGet(() -> super.supportFor(desc));
    }

    /**
     * The blocks from the operator's availability on: where a docs page's first table is later than the schema's
     * availability (TOP_K, MAX_UNPOOLING: docs/directml-behaviour.md §3.4), that table applies from the availability.
     */
    private static OperatorSupport fromAvailability(OperatorSupport support, FeatureLevel availability) {
        List<SupportTable> blocks = new ArrayList<>();
        SupportTable atAvailability = support.forLevel(availability).orElse(support.blocks().get(0));
        blocks.add(new SupportTable(support.operatorType(), availability, atAvailability.tensors()));
        for (SupportTable block : support.blocks()) {
            if (block.since().isAbove(availability)) {
                blocks.add(block);
            }
        }
        return new OperatorSupport(support.operatorType(), blocks);
    }

    @SuppressWarnings("unchecked")
    private static Class<OperatorDesc> descClass(OperatorSchema schema) {
        return (Class<OperatorDesc>) schema.descType();
    }

    private static boolean isCountedArray(DescField field) {
        return switch (field.type()) {
            case TENSOR_ARRAY, UINT_ARRAY, INT_ARRAY, FLOAT_ARRAY, OPERATOR_DESC_ARRAY -> field.reference().isPresent();
            default -> false;
        };
    }

    /** Only the emulator's index operators read indices; for an operator without an IndicesTensor it means nothing. */
    @Override
    IndexSemantics indexSemantics(CheckedTensors tensors, FeatureLevel level) {
        return tensors.buffers("IndicesTensor").isEmpty() ? IndexSemantics.UNSIGNED
                : super.indexSemantics(tensors, level);
    }

    @Override
    void checkOperator(OperatorDesc desc, CheckedTensors tensors, DiagnosticCollector out) {
        // Said on every verdict without complete shape rules, so that a "valid" from the tables is never read as
        // CreateOperator's (§14).
        if (shapeRules.map(ShapeRules::coverage).orElse(Coverage.PARTIAL) != Coverage.COMPLETE) {
            out.report(RuleId.SHAPE_RULES_NOT_CHECKED, OPERATOR_TYPE_PATH, operatorType().cName()
                    + ": see docs/directml-behaviour.md §14 for what CreateOperator refuses beyond the tables");
        }
        checkCounts(desc, out);
        for (TensorConstraint constraint : constraints) {
            checkConstraint(constraint, tensors, out);
        }
        fusedActivation.ifPresent(field -> checkFusedActivation(field, desc, out));
        // Shape rules read sizes across tensors: only once every tensor and count is known to be well formed.
        if (shapeRules.isPresent() && !out.hasErrors()) {
            shapeRules.get().check(desc, new ShapeCheck(tensors, out));
        }
    }

    private void checkCounts(OperatorDesc desc, DiagnosticCollector out) {
        for (CountedArray array : counted) {
            long count = ((Number) array.count().valueIn(desc)).longValue();
            int length = ((List<?>) array.array().valueIn(desc)).size();
            if (count != length) {
                out.report(RuleId.ARRAY_COUNT_MISMATCH, array.count().cName(), count + " but "
                        + array.array().cName() + " holds " + length);
            }
        }
    }

    /** Every present tensor the line names must share the property with the first of them. */
    private static void checkConstraint(TensorConstraint constraint, CheckedTensors tensors,
            DiagnosticCollector out) {
        List<CheckedTensors.Named> named = new ArrayList<>();
        for (String field : constraint.fields()) {
            named.addAll(tensors.buffers(field));
        }
        if (named.size() < 2) {
            return;
        }
        CheckedTensors.Named first = named.get(0);
        for (CheckedTensors.Named other : named.subList(1, named.size())) {
            BufferTensorDesc a = first.desc();
            BufferTensorDesc b = other.desc();
            switch (constraint.kind()) {
                case SAME_DATA_TYPE -> {
                    if (a.dataType() != b.dataType()) {
                        out.report(RuleId.DATA_TYPE_MISMATCH, other.path() + ".DataType", "expected "
                                + a.dataType().name() + " (" + first.path() + ".DataType) but got "
                                + b.dataType().name());
                    }
                }
                case SAME_DIMENSION_COUNT -> {
                    if (a.dimensionCount() != b.dimensionCount()) {
                        out.report(RuleId.DIMENSION_COUNT_MISMATCH, other.path() + ".DimensionCount", "expected "
                                + a.dimensionCount() + " (" + first.path() + ".DimensionCount) but got "
                                + b.dimensionCount());
                    }
                }
                case SAME_SIZES -> {
                    if (TensorRules.haveComparableSizes(a, b) && !a.sizes().equals(b.sizes())) {
                        out.report(RuleId.SIZES_MISMATCH, other.path() + ".Sizes", "expected " + a.sizes()
                                + " (" + first.path() + ".Sizes) but got " + b.sizes());
                    }
                }
                default -> throw new IllegalStateException(constraint.kind().name());
            }
        }
    }

    /**
     * A fused activation must be one the schema lists for the operator, at a level that has it, and its tensors
     * NULL: the operator's own tensors carry the data.
     */
    private void checkFusedActivation(DescField field, OperatorDesc desc, DiagnosticCollector out) {
        Optional<?> value = (Optional<?>) field.valueIn(desc);
        if (value.isEmpty()) {
            return;
        }
        OperatorDesc activation = (OperatorDesc) value.get();
        String name = activation.operatorType().name();
        Optional<FusableActivation> allowed = fusable.stream().filter(f -> f.operator().equals(name)).findFirst();
        FeatureLevel level = out.level();
        if (allowed.isEmpty()) {
            out.report(RuleId.FUSED_ACTIVATION_UNSUPPORTED, field.cName() + ".Type", activation.operatorType()
                    .cName() + " cannot be fused into " + operatorType().cName());
            return;
        }
        FeatureLevel since = allowed.get().since().orElse(availability);
        if (!level.isAtLeast(since)) {
            out.report(RuleId.FUSED_ACTIVATION_UNSUPPORTED, field.cName() + ".Type", activation.operatorType()
                    .cName() + " can be fused from " + since.cName(), Optional.of(since));
        }
        for (TensorField tensor : activation.tensorFields()) {
            if (!tensor.desc().isNull()) {
                out.report(RuleId.FUSED_ACTIVATION_UNSUPPORTED, field.cName() + "." + tensor.name(),
                        "a fused activation's tensors must be NULL");
            }
        }
    }
}
