package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorField;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the validator knows of one operator: its support tables (data) and its rules across tensors and scalar fields.
 * Everything every operator shares (availability at a level, each tensor's own rules through {@link TensorRules}) is
 * done here, in one order: the operator's availability, its tensors in C field order, then its own rules.
 *
 * <p>Adding an operator means a support class (its tables), a subclass of this one (its rules), and one line in
 * {@link OperatorCatalog}.
 *
 * @param <D> the operator's desc record
 */
abstract class OperatorRules<D extends OperatorDesc> {

    /** {@code DML_OPERATOR_DESC::Type}, the path of an operator-availability diagnostic. */
    static final String OPERATOR_TYPE_PATH = "Type";

    private final Class<D> descType;
    private final OperatorSupport support;
    /** The table at each level, by the level's ordinal (null where the operator does not exist): no search per call. */
    private final SupportTable[] tableByLevel = new SupportTable[FeatureLevel.values().length];

    /** The tensor fields' C names in field order, which is also the order of every support table's rows. */
    private final String[] tensorNames;
    /** Per tensor field: whether the desc may leave it NULL ({@code _Maybenull_}). */
    private final boolean[] optional;
    /** Whether some tensor field is an array, whose members are named {@code Name[i]} in each desc. */
    private final boolean hasArrays;

    OperatorRules(Class<D> descType, OperatorSupport support) {
        this.descType = Objects.requireNonNull(descType, "descType");
        this.support = Objects.requireNonNull(support, "support");
        for (FeatureLevel level : FeatureLevel.values()) {
            tableByLevel[level.ordinal()] = support.forLevel(level).orElse(null);
        }
        OperatorSchema schema = OperatorDescs.schema(support.operatorType()).orElseThrow();
        List<DescField> tensorFields = schema.fields().stream().filter(field -> field.type().isTensor()).toList();
        List<String> names = tensorFields.stream().map(DescField::cName).toList();
        this.tensorNames = names.toArray(String[]::new);
        requireRowsMatch(support);
        this.optional = new boolean[tensorNames.length];
        for (int i = 0; i < optional.length; i++) {
            optional[i] = tensorFields.get(i).type() == DescField.Type.OPTIONAL_TENSOR;
        }
        this.hasArrays = tensorFields.stream().anyMatch(field -> field.type() == DescField.Type.TENSOR_ARRAY);
    }

    /** Every table of {@code other} must list the desc's tensor fields, in field order. */
    final void requireRowsMatch(OperatorSupport other) {
        List<String> names = List.of(tensorNames);
        for (SupportTable block : other.blocks()) {
            List<String> rows = block.tensors().stream().map(TensorSupport::field).toList();
            if (!rows.equals(names)) {
                throw new IllegalStateException(block.since() + " table of " + other.operatorType() + " lists "
                        + rows + ", not the desc's tensor fields " + names);
            }
        }
    }

    /**
     * The tables that judge {@code desc}: the operator's own, unless they depend on a field of the desc (REDUCE's
     * tables per Function).
     */
    OperatorSupport supportFor(D desc) {
        return support;
    }

    final OperatorType operatorType() {
        return support.operatorType();
    }

    final OperatorSupport support() {
        return support;
    }

    /**
     * The operator's own rules, after each tensor was checked on its own.
     *
     * @param tensors each tensor field by C name: null when its Type is not BUFFER (already reported)
     */
    abstract void checkOperator(D desc, CheckedTensors tensors, DiagnosticCollector out);

    /**
     * How index values are read: signed indices wrap (the axis size is added once to a negative index) from 3_0 with
     * INT32/INT64 indices; every other case reads them as unsigned. Operators without indices never ask.
     */
    IndexSemantics indexSemantics(CheckedTensors tensors, FeatureLevel level) {
        BufferTensorDesc indices = tensors.get("IndicesTensor");
        return indices != null && indices.dataType().isSignedInteger() && level.isAtLeast(FeatureLevel.LEVEL_3_0)
                ? IndexSemantics.SIGNED_WRAP
                : IndexSemantics.UNSIGNED;
    }

    /** The row of a tensor field or array member ({@code InputTensors[2]} is in the row of {@code InputTensors}). */
    private int rowOf(String fieldName) {
        int bracket = fieldName.indexOf('[');
        String base = bracket < 0 ? fieldName : fieldName.substring(0, bracket);
        for (int i = 0; i < tensorNames.length; i++) {
            if (tensorNames[i].equals(base)) {
                return i;
            }
        }
        throw new IllegalStateException(operatorType() + " has no tensor field " + base);
    }

    final ValidationResult validate(OperatorDesc desc, FeatureLevel level) {
        D typed = descType.cast(desc);
        DiagnosticCollector out = new DiagnosticCollector(level);
        OperatorSupport applying = supportFor(typed);
        SupportTable table = applying == support ? tableByLevel[level.ordinal()]
                : applying.forLevel(level).orElse(null);
        if (table == null) {
            FeatureLevel introduced = applying.introducedIn();
            out.report(RuleId.OPERATOR_UNAVAILABLE, OPERATOR_TYPE_PATH, desc.operatorType().cName()
                    + " is not available at " + level.cName() + "; it needs " + introduced.cName(),
                    Optional.of(introduced));
        }
        List<TensorField> fields = desc.tensorFields();
        CheckedTensors tensors = new CheckedTensors(hasArrays
                ? fields.stream().map(TensorField::name).toArray(String[]::new) : tensorNames);
        for (int i = 0; i < fields.size(); i++) {
            TensorField field = fields.get(i);
            // An array's members follow one another and share the array's row.
            int row = hasArrays ? rowOf(field.name()) : i;
            if (optional[row] && field.desc().isNull()) {
                continue; // an absent optional tensor: nothing to check
            }
            TensorSupport rowSupport = table == null ? null : table.tensors().get(row);
            tensors.set(i, TensorRules.check(out, applying, rowSupport, field.name(), field.kind(), field.desc()));
        }
        checkOperator(typed, tensors, out);
        return new ValidationResult(desc, level, indexSemantics(tensors, level), out.diagnostics());
    }
}
