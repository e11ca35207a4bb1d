package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.OperatorCatalog;
import dev.dmlemu.featurelevels.OperatorSupport;
import dev.dmlemu.featurelevels.SupportTable;
import dev.dmlemu.featurelevels.TensorSupport;
import dev.dmlemu.featurelevels.support.DocumentedSupport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dmlemu levels}: the support tables as an aligned table, so nobody has to open the docs. */
@Command(name = "levels", mixinStandardHelpOptions = true,
        description = {"Prints an operator's DirectML tensor-support tables.",
            "For each block of feature levels: each tensor's kind, dimension counts and data types;",
            "for operators the validator does not know yet, the docs' tables and tensor constraints."})
final class LevelsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--operator", paramLabel = "TYPE", defaultValue = "GATHER_ELEMENTS",
            description = "the operator, with or without DML_OPERATOR_ (default ${DEFAULT-VALUE})")
    String operator;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        java.util.Optional<OperatorSupport> mirrored = mirrored(operator);
        if (mirrored.isEmpty()) {
            // Operators judged from the docs' data, or not at all: their tables as the docs give them.
            DocumentedSupport documented = DocumentedLevels.find(operator);
            if (json) {
                out.println(Json.write(DocumentedLevels.toJson(documented)));
            } else {
                DocumentedLevels.printTable(out, documented);
            }
            return ExitCode.SUCCESS.code();
        }
        OperatorSupport support = mirrored.get();
        if (json) {
            out.println(Json.write(toJson(support)));
        } else {
            printTable(out, support);
        }
        return ExitCode.SUCCESS.code();
    }

    /** The tables of an operator with rules of its own. */
    private static java.util.Optional<OperatorSupport> mirrored(String name) {
        try {
            OperatorType type = OperatorType.fromName(name);
            return OperatorCatalog.hasOwnRules(type) ? OperatorCatalog.support(type) : java.util.Optional.empty();
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty();
        }
    }

    private static void printTable(PrintWriter out, OperatorSupport support) {
        List<FeatureLevel> unavailable = unavailableLevels(support);
        out.println(support.operatorType().cName() + ": introduced in " + support.introducedIn().cName()
                + (unavailable.isEmpty() ? "" : "; not available at " + shortNames(unavailable)));
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Table", "Applies to", "Tensor", "Kind", "Dimensions", "Data types"});
        for (SupportTable block : support.blocks()) {
            boolean first = true;
            for (TensorSupport tensor : block.tensors()) {
                rows.add(new String[] {
                    first ? block.since().shortName() : "",
                    first ? shortNames(levelsUsing(support, block)) : "",
                    tensor.field(),
                    tensor.kind().name().toLowerCase(Locale.ROOT),
                    tensor.dimensionCounts().toString(),
                    tensor.dataTypeNames()});
                first = false;
            }
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                line.append(i == row.length - 1 ? row[i] : pad(row[i], widths[i] + 2));
            }
            out.println(line.toString().stripTrailing());
        }
    }

    private static ObjectNode toJson(OperatorSupport support) {
        ObjectNode root = Json.object();
        root.put("operator", support.operatorType().cName());
        root.put("introducedIn", support.introducedIn().cName());
        ArrayNode tables = root.putArray("tables");
        for (SupportTable block : support.blocks()) {
            ObjectNode table = tables.addObject();
            table.put("since", block.since().cName());
            ArrayNode appliesTo = table.putArray("appliesTo");
            levelsUsing(support, block).forEach(level -> appliesTo.add(level.cName()));
            ArrayNode tensors = table.putArray("tensors");
            for (TensorSupport tensor : block.tensors()) {
                ObjectNode node = tensors.addObject();
                node.put("tensor", tensor.field());
                node.put("kind", tensor.kind().name().toLowerCase(Locale.ROOT));
                node.put("minDimensionCount", tensor.dimensionCounts().min());
                node.put("maxDimensionCount", tensor.dimensionCounts().max());
                ArrayNode dataTypes = node.putArray("dataTypes");
                tensor.dataTypes().stream().map(TensorDataType::name).forEach(dataTypes::add);
            }
        }
        return root;
    }

    private static List<FeatureLevel> levelsUsing(OperatorSupport support, SupportTable block) {
        return Arrays.stream(FeatureLevel.values())
                .filter(level -> support.forLevel(level).filter(block::equals).isPresent())
                .collect(Collectors.toList());
    }

    private static List<FeatureLevel> unavailableLevels(OperatorSupport support) {
        return Arrays.stream(FeatureLevel.values())
                .filter(level -> support.forLevel(level).isEmpty())
                .collect(Collectors.toList());
    }

    private static String shortNames(List<FeatureLevel> levels) {
        return levels.stream().map(FeatureLevel::shortName).collect(Collectors.joining(", "));
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(Math.max(0, width - text.length()));
    }
}
