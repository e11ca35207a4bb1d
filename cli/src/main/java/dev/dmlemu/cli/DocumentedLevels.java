package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.desc.schema.SchemaOperator;
import dev.dmlemu.featurelevels.support.DocumentedBlock;
import dev.dmlemu.featurelevels.support.DocumentedSupport;
import dev.dmlemu.featurelevels.support.DocumentedTensor;
import dev.dmlemu.featurelevels.support.SupportCatalog;
import dev.dmlemu.featurelevels.support.TensorConstraint;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * {@code levels} for an operator the validator does not know yet: its tables and constraints as the docs give them
 * ({@link SupportCatalog}), in the same layout, with the docs' kinds (optional input, array of inputs), a "When"
 * column for tables that apply to some enum values only, and the tensor constraints below.
 */
final class DocumentedLevels {

    private DocumentedLevels() {}

    /** The operator's documented tables; an unusable-input failure when it is unknown or has none. */
    static DocumentedSupport find(String name) {
        SchemaOperator operator = SchemaCatalog.directMl().operator(name).orElseThrow(() -> CliFailure.unusableInput(
                "--operator: unknown operator '" + name + "' (dmlemu schema lists every DirectML operator)"));
        SupportCatalog catalog = SupportCatalog.directMl();
        return catalog.support(operator.name()).orElseThrow(() -> CliFailure.unusableInput(
                "--operator: dmlemu has no support tables for " + operator.name() + " ("
                        + catalog.missing(operator.name()).map(m -> m.reason()).orElse("none in its data") + ")"));
    }

    static void printTable(PrintWriter out, DocumentedSupport support) {
        List<FeatureLevel> unavailable = Arrays.stream(FeatureLevel.values())
                .filter(level -> level.isBelow(support.introducedIn())).toList();
        out.println("DML_OPERATOR_" + support.operator() + ": introduced in " + support.introducedIn().cName()
                + (unavailable.isEmpty() ? "" : "; not available at " + shortNames(unavailable)));
        out.println();
        boolean conditional = support.isConditional();
        List<String[]> rows = new ArrayList<>();
        rows.add(conditional
                ? new String[] {"Table", "When", "Tensor", "Kind", "Dimensions", "Data types"}
                : new String[] {"Table", "Applies to", "Tensor", "Kind", "Dimensions", "Data types"});
        for (DocumentedBlock block : support.blocks()) {
            boolean first = true;
            for (DocumentedTensor row : block.rows()) {
                String second = conditional ? block.condition().map(Object::toString).orElse("any")
                        : shortNames(levelsUsing(support, block));
                rows.add(new String[] {
                    first ? block.since().shortName() : "",
                    first ? second : "",
                    row.field(),
                    row.kind().docsName().toLowerCase(Locale.ROOT),
                    row.dimensionCounts().toString(),
                    row.dataTypes().isEmpty() ? "(none listed)" : names(row.dataTypes())});
                first = false;
            }
        }
        TextTable.print(out, rows);
        if (!support.constraints().isEmpty()) {
            out.println();
            out.println("Tensor constraints:");
            support.constraints().forEach(constraint -> out.println("  " + constraint));
        }
    }

    static ObjectNode toJson(DocumentedSupport support) {
        ObjectNode root = Json.object();
        root.put("operator", "DML_OPERATOR_" + support.operator());
        root.put("introducedIn", support.introducedIn().cName());
        ArrayNode tables = root.putArray("tables");
        for (DocumentedBlock block : support.blocks()) {
            ObjectNode table = tables.addObject();
            table.put("since", block.since().cName());
            block.condition().ifPresent(condition -> {
                ObjectNode when = table.putObject("when");
                when.put("field", condition.field());
                ArrayNode values = when.putArray("values");
                condition.constants().forEach(values::add);
            });
            if (!support.isConditional()) {
                ArrayNode appliesTo = table.putArray("appliesTo");
                levelsUsing(support, block).forEach(level -> appliesTo.add(level.cName()));
            }
            ArrayNode tensors = table.putArray("tensors");
            for (DocumentedTensor row : block.rows()) {
                ObjectNode node = tensors.addObject();
                node.put("tensor", row.field());
                node.put("kind", row.kind().direction().name().toLowerCase(Locale.ROOT));
                node.put("docsKind", row.kind().docsName());
                node.put("minDimensionCount", row.dimensionCounts().min());
                node.put("maxDimensionCount", row.dimensionCounts().max());
                ArrayNode dataTypes = node.putArray("dataTypes");
                row.dataTypes().stream().map(TensorDataType::name).forEach(dataTypes::add);
            }
        }
        ArrayNode constraints = root.putArray("constraints");
        for (TensorConstraint constraint : support.constraints()) {
            ObjectNode node = constraints.addObject();
            node.put("same", constraint.kind().property());
            ArrayNode fields = node.putArray("tensors");
            constraint.fields().forEach(fields::add);
        }
        return root;
    }

    private static List<FeatureLevel> levelsUsing(DocumentedSupport support, DocumentedBlock block) {
        return Arrays.stream(FeatureLevel.values())
                .filter(level -> support.forLevel(level).filter(block::equals).isPresent())
                .toList();
    }

    private static String names(List<TensorDataType> types) {
        return types.stream().map(TensorDataType::name).collect(Collectors.joining(", "));
    }

    private static String shortNames(List<FeatureLevel> levels) {
        return levels.stream().map(FeatureLevel::shortName).collect(Collectors.joining(", "));
    }
}
