package dev.dmlemu.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.desc.schema.Abi;
import dev.dmlemu.desc.schema.FusableActivation;
import dev.dmlemu.desc.schema.SchemaCatalog;
import dev.dmlemu.desc.schema.SchemaField;
import dev.dmlemu.desc.schema.SchemaOperator;
import dev.dmlemu.desc.schema.StructLayout;
import dev.dmlemu.emulator.EmulatedOperators;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dmlemu schema [OPERATOR]}: DirectML's operator descs as the schema data holds them, each struct's layout
 * as the header gives it, so that a struct can be checked against it field by field.
 */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Prints DirectML operator descs: type code, availability, fields with C types and x64 offsets.",
            "Without an operator, lists all of them."})
final class SchemaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "OPERATOR",
            description = "the operator, with or without DML_OPERATOR_ (default: every operator)")
    String operator;

    @Option(names = "--json", description = "print one JSON object on stdout")
    boolean json;

    @Override
    public Integer call() {
        SchemaCatalog catalog = SchemaCatalog.directMl();
        List<SchemaOperator> chosen = operator == null ? catalog.operators()
                : List.of(catalog.operator(operator).orElseThrow(() -> unknown(catalog, operator)));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = Json.object();
            ArrayNode operators = root.putArray("operators");
            chosen.forEach(op -> operators.add(toJson(op)));
            out.println(Json.write(root));
        } else if (operator == null) {
            printList(out, chosen);
        } else {
            printOne(out, chosen.get(0));
        }
        return ExitCode.SUCCESS.code();
    }

    private static CliFailure unknown(SchemaCatalog catalog, String name) {
        List<String> names = new ArrayList<>();
        catalog.operators().forEach(op -> names.add(op.name()));
        names.addAll(catalog.aliases().keySet());
        List<String> close = CloseNames.of(name, names);
        return CliFailure.unusableInput("unknown operator '" + name + "'"
                + (close.isEmpty() ? "; 'dmlemu schema' lists every operator"
                        : "; close names: " + String.join(", ", close)));
    }

    private static ObjectNode toJson(SchemaOperator op) {
        StructLayout layout = op.layout(Abi.WINDOWS_X64);
        ObjectNode node = Json.object();
        node.put("name", op.name());
        node.put("type", op.code());
        node.put("struct", op.structName());
        node.put("size", layout.size());
        node.put("alignment", layout.alignment());
        node.put("availability", op.availability().cName());
        node.put("emulated", EmulatedOperators.runs(op.code()));
        ArrayNode fused = node.putArray("fusedActivations");
        op.fusableActivations().forEach(activation -> fused.add(activation.operator()));
        ArrayNode fields = node.putArray("fields");
        for (int i = 0; i < op.fields().size(); i++) {
            SchemaField field = op.fields().get(i);
            ObjectNode f = fields.addObject();
            f.put("name", field.name());
            f.put("cType", field.cType());
            f.put("offset", layout.fields().get(i).offset());
            f.put("size", layout.fields().get(i).size());
        }
        return node;
    }

    private static void printOne(PrintWriter out, SchemaOperator op) {
        StructLayout layout = op.layout(Abi.WINDOWS_X64);
        out.println(op.cName() + " (type " + op.code() + ")");
        out.println("struct:    " + op.structName() + ", " + layout.size() + " bytes, alignment " + layout.alignment()
                + " (x64 and arm64)");
        out.println("available: from " + op.availability().cName());
        out.println("emulated:  " + (EmulatedOperators.runs(op.code()) ? "yes" : "no"));
        if (op.hasFusedActivation()) {
            List<String> fused = op.fusableActivations().stream().map(SchemaCommand::fusable).toList();
            out.println("fused activations: " + String.join(", ", fused));
        }
        out.println();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Field", "C type", "Offset", "Size", "Holds"});
        for (int i = 0; i < op.fields().size(); i++) {
            SchemaField field = op.fields().get(i);
            StructLayout.FieldLayout placed = layout.fields().get(i);
            rows.add(new String[] {field.name(), field.cType(), String.valueOf(placed.offset()),
                String.valueOf(placed.size()), FieldDescription.of(field)});
        }
        TextTable.print(out, rows, 2, 3);
    }

    private static String fusable(FusableActivation activation) {
        return activation.operator() + activation.since().map(level -> " (from " + level.shortName() + ")").orElse("");
    }

    private static void printList(PrintWriter out, List<SchemaOperator> operators) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] {"Operator", "Type", "Available", "Size", "Emulated"});
        int emulated = 0;
        for (SchemaOperator op : operators) {
            boolean runs = EmulatedOperators.runs(op.code());
            emulated += runs ? 1 : 0;
            rows.add(new String[] {op.name(), String.valueOf(op.code()), op.availability().shortName(),
                String.valueOf(op.layout(Abi.WINDOWS_X64).size()), runs ? "yes" : "no"});
        }
        TextTable.print(out, rows, 1, 3);
        out.println();
        out.println(operators.size() + " operators (DirectML.h, DML_TARGET_VERSION 0x6400); " + emulated
                + " run on the emulator. 'dmlemu schema OPERATOR' shows one.");
    }
}
