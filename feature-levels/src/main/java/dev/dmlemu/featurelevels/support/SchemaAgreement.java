package dev.dmlemu.featurelevels.support;

import dev.dmlemu.desc.schema.FieldKind;
import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.desc.schema.SchemaField;
import dev.dmlemu.desc.schema.SchemaOperator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Checks the support data against the operator schema: every schema operator has tables or a {@code no-table}
 * line; every row and constraint names a tensor field of its operator, with the schema's optionality and
 * direction; every tensor field has a row in every block; a condition names an enum field and its constants; the
 * oldest block is the schema's availability. Each problem is one sentence; none means they agree.
 */
public final class SchemaAgreement {

    /**
     * Disagreements the project knows of and keeps, each with why; {@link #problems} leaves them out. The schema
     * is not changed here: its levels come from the feature-level history and its directions from the field names.
     */
    public static final Map<String, String> KNOWN = Map.ofEntries(
            Map.entry("SCATTER_ELEMENTS: oldest table is 1_0, the schema says 2_0",
                    "the docs page says the operator came with 1_0 (as DML_OPERATOR_SCATTER) and has a 1_0 table; the "
                            + "feature level history lists it under 2_0; ScatterSupport follows the docs"),
            Map.entry("TOP_K: oldest table is 2_0, the schema says 1_0",
                    "the docs page says the operator came with 2_0 and its oldest table is 2_0; the schema has 1_0 "
                            + "from the header guard of its code"),
            Map.entry("MAX_UNPOOLING: oldest table is 3_0, the schema says 2_0",
                    "the docs page says the operator came with 3_0 and its oldest table is 3_0; the feature level "
                            + "history and the header guard say 2_0"));

    private SchemaAgreement() {}

    /** The disagreements, {@link #KNOWN} ones left out. */
    public static List<String> problems(SupportCatalog support, SchemaCatalog schema) {
        return allProblems(support, schema).stream()
                .filter(problem -> !KNOWN.containsKey(problem)).toList();
    }

    /** Every disagreement, {@link #KNOWN} ones included. */
    public static List<String> allProblems(SupportCatalog support, SchemaCatalog schema) {
        List<String> problems = new ArrayList<>();
        for (SchemaOperator operator : schema.operators()) {
            Optional<DocumentedSupport> tables = support.support(operator.name());
            if (tables.isPresent()) {
                check(operator, tables.get(), schema, problems);
            } else if (support.missing(operator.name()).isEmpty()) {
                problems.add(operator.name() + ": neither tables nor a 'no-table' line");
            }
        }
        for (DocumentedSupport tables : support.operators()) {
            if (schema.operator(tables.operator()).isEmpty()) {
                problems.add(tables.operator() + ": not an operator of the schema");
            }
        }
        for (MissingTables missing : support.missingTables()) {
            if (schema.operator(missing.operator()).isEmpty()) {
                problems.add(missing.operator() + ": not an operator of the schema");
            }
        }
        return problems;
    }

    private static void check(SchemaOperator operator, DocumentedSupport tables, SchemaCatalog schema,
            List<String> problems) {
        String name = operator.name();
        if (tables.introducedIn() != operator.availability()) {
            problems.add(name + ": oldest table is " + tables.introducedIn().shortName() + ", the schema says "
                    + operator.availability().shortName());
        }
        List<SchemaField> tensorFields = operator.fields().stream().filter(f -> f.kind().isTensor()).toList();
        for (DocumentedBlock block : tables.blocks()) {
            String where = name + " " + block.since().shortName();
            for (DocumentedTensor row : block.rows()) {
                Optional<SchemaField> field = operator.field(row.field());
                if (field.isEmpty() || !field.get().kind().isTensor()) {
                    problems.add(where + ": " + row.field() + " is not a tensor field");
                } else {
                    checkKind(where, row, field.get(), problems);
                }
            }
            for (SchemaField field : tensorFields) {
                if (block.row(field.name()).isEmpty()) {
                    problems.add(where + ": no row for " + field.name());
                }
            }
            block.condition().ifPresent(condition -> checkCondition(where, condition, operator, schema, problems));
        }
        for (TensorConstraint constraint : tables.constraints()) {
            for (String field : constraint.fields()) {
                if (operator.field(field).filter(f -> f.kind().isTensor()).isEmpty()) {
                    problems.add(name + ": constraint names " + field + ", not a tensor field");
                }
            }
        }
    }

    /** An optional row must be an optional field; an array row an array field; a read row an input. */
    private static void checkKind(String where, DocumentedTensor row, SchemaField field, List<String> problems) {
        boolean array = row.kind() == RowKind.INPUT_ARRAY || row.kind() == RowKind.OUTPUT_ARRAY;
        boolean optional = row.kind() == RowKind.OPTIONAL_INPUT || row.kind() == RowKind.OPTIONAL_OUTPUT;
        if (array != (field.kind() == FieldKind.TENSOR_ARRAY)) {
            problems.add(where + ": " + row.field() + " is " + row.kind().token() + ", the schema has "
                    + field.kind().token());
        }
        if (optional && field.kind() != FieldKind.OPTIONAL_TENSOR) {
            problems.add(where + ": " + row.field() + " is optional in the docs, not in the schema");
        }
        if (field.direction().isPresent() && field.direction().get() != row.kind().direction()) {
            problems.add(where + ": " + row.field() + " is " + row.kind().token() + ", the schema has "
                    + field.direction().get());
        }
    }

    private static void checkCondition(String where, BlockCondition condition, SchemaOperator operator,
            SchemaCatalog schema, List<String> problems) {
        Optional<SchemaField> field = operator.field(condition.field());
        if (field.isEmpty() || field.get().kind() != FieldKind.ENUM || field.get().reference().isEmpty()) {
            problems.add(where + ": condition field " + condition.field() + " is not an enum field");
            return;
        }
        String enumName = field.get().reference().get();
        for (String constant : condition.constants()) {
            boolean known = schema.enumNamed(enumName).flatMap(e -> e.valueOf(constant)).isPresent();
            if (!known) {
                problems.add(where + ": " + constant + " is not a constant of " + enumName);
            }
        }
    }
}
