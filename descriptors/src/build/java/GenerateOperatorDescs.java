import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a Java record for every operator desc of the operator schema, a Java enum for every C enum its fields use,
 * {@code OperatorType} and the sealed {@code OperatorDesc} with every record in its permits list. The build runs this
 * with the JDK's single-file source launcher before compiling:
 * {@code java GenerateOperatorDescs.java <schema file> <templates folder> <output folder>}.
 *
 * <p>It reads the schema data itself, only as far as it needs (names, codes, kinds and references): the module's own
 * {@code SchemaParser} is not compiled yet at this phase, and {@code MirroredOperatorsSchemaTest} checks the records
 * against it. A template placeholder {@code {{NAME}}} is replaced in place; an unknown name stops the build.
 */
public final class GenerateOperatorDescs {

    private static final String PACKAGE_FOLDER = "dev/dmlemu/desc";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");

    /** C enums that already have a hand-written Java enum. */
    static final Map<String, String> EXISTING_ENUMS = Map.of("DML_TENSOR_DATA_TYPE", "TensorDataType",
            "DML_FEATURE_LEVEL", "FeatureLevel");

    static final Set<String> JAVA_KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case", "catch",
            "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
            "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long",
            "native", "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
            "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile",
            "while", "record", "var", "yield", "sealed", "permits");

    /** A builder for descs with more fields than this. */
    static final int BUILDER_ABOVE = 4;

    record Field(String name, String kind, String direction, String reference) {}

    record Operator(String name, int code, String struct, List<Field> fields) {}

    record Constant(String name, long value) {}

    record CEnum(String name, List<Constant> constants) {}

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            throw new IllegalArgumentException(
                    "usage: GenerateOperatorDescs <schema file> <templates folder> <output folder>");
        }
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        Path templates = Path.of(args[1]);
        Path out = Path.of(args[2]).resolve(PACKAGE_FOLDER);
        Files.createDirectories(out);
        List<CEnum> enums = new ArrayList<>();
        List<Operator> operators = new ArrayList<>();
        Map<String, String> aliases = new LinkedHashMap<>();
        parse(lines, enums, operators, aliases);

        Map<String, String> files = new LinkedHashMap<>();
        String recordTemplate = Files.readString(templates.resolve("OperatorDescRecord.java.template"));
        for (Operator op : operators) {
            files.put(className(op) + ".java", expand(recordTemplate, recordSnippets(op, enums)));
        }
        String enumTemplate = Files.readString(templates.resolve("SchemaEnum.java.template"));
        for (CEnum e : enums) {
            if (!EXISTING_ENUMS.containsKey(e.name())) {
                files.put(enumClass(e.name()) + ".java", expand(enumTemplate, enumSnippets(e)));
            }
        }
        files.put("OperatorType.java", expand(Files.readString(templates.resolve("OperatorType.java.template")),
                operatorTypeSnippets(operators, aliases)));
        files.put("OperatorDesc.java", expand(Files.readString(templates.resolve("OperatorDesc.java.template")),
                Map.of("PERMITS", String.join(",\n        ", operators.stream().map(op -> className(op)).toList()))));
        files.put("OperatorDescClasses.java", expand(
                Files.readString(templates.resolve("OperatorDescClasses.java.template")),
                Map.of("ENTRIES", String.join(",\n", operators.stream().map(op -> "            Map.entry(OperatorType."
                        + op.name() + ", " + className(op) + ".class)").toList()))));
        for (Map.Entry<String, String> file : files.entrySet()) {
            write(out.resolve(file.getKey()), file.getValue());
        }
        // An operator or enum dropped from the data must not leave its old class behind.
        try (var existing = Files.list(out)) {
            for (Path file : existing.toList()) {
                if (!files.containsKey(file.getFileName().toString())) {
                    Files.delete(file);
                }
            }
        }
    }

    static void parse(List<String> lines, List<CEnum> enums, List<Operator> operators, Map<String, String> aliases) {
        List<Constant> constants = null;
        List<Field> fields = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] words = line.strip().split("\\s+");
            boolean indented = Character.isWhitespace(line.charAt(0));
            if (!indented) {
                constants = null;
                fields = null;
                switch (words[0]) {
                    case "enum" -> {
                        constants = new ArrayList<>();
                        enums.add(new CEnum(words[1], constants));
                    }
                    case "operator" -> {
                        fields = new ArrayList<>();
                        operators.add(new Operator(words[1], Integer.parseInt(words[2]), words[4], fields));
                    }
                    case "alias" -> aliases.put(words[1], words[2]);
                    default -> throw new IllegalArgumentException("line " + (i + 1) + ": unknown entry " + words[0]);
                }
            } else if (constants != null) {
                String value = words[1];
                constants.add(new Constant(words[0], value.startsWith("0x")
                        ? Long.parseLong(value.substring(2), 16) : Long.parseLong(value)));
            } else if (fields != null && !words[0].equals("fuses")) {
                String kind = words[1];
                String direction = kind.contains("tensor") && !kind.equals("operator-desc-array") ? words[2] : null;
                int referenceAt = direction == null ? 2 : 3;
                fields.add(new Field(words[0], kind, direction,
                        words.length > referenceAt ? words[referenceAt] : null));
            } else if (fields == null) {
                throw new IllegalArgumentException("line " + (i + 1) + ": an indented line outside any entry");
            }
        }
    }

    // --- names ---

    /**
     * {@code ELEMENT_WISE_ADD1} → {@code ElementWiseAdd1OperatorDesc} (CONTRIBUTING, Naming). From the operator's
     * name rather than its struct's: SCATTER_ELEMENTS's struct keeps the older name {@code DML_SCATTER_OPERATOR_DESC}.
     */
    static String className(Operator op) {
        return pascal(op.name()) + "OperatorDesc";
    }

    static String enumClass(String cName) {
        return EXISTING_ENUMS.getOrDefault(cName, pascal(cName.substring("DML_".length())));
    }

    static String pascal(String upperSnake) {
        StringBuilder name = new StringBuilder();
        for (String word : upperSnake.split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }

    /** {@code InputTensor} → {@code inputTensor}, {@code ROITensor} → {@code roiTensor}, {@code K} → {@code k}. */
    static String component(String cName) {
        int run = 0;
        while (run < cName.length() && Character.isUpperCase(cName.charAt(run))) {
            run++;
        }
        int lower = run == cName.length() ? run : Math.max(1, run - 1);
        String name = cName.substring(0, lower).toLowerCase(Locale.ROOT) + cName.substring(lower);
        if (JAVA_KEYWORDS.contains(name)) {
            throw new IllegalArgumentException(cName + " would be the Java keyword " + name);
        }
        return name;
    }

    /** {@code InputTensor} → {@code INPUT_TENSOR}, {@code ROITensor} → {@code ROI_TENSOR}. */
    static String constant(String cName) {
        return cName.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("([A-Z])([A-Z][a-z])", "$1_$2")
                .toUpperCase(Locale.ROOT);
    }

    static String javaType(Field field) {
        return switch (field.kind()) {
            case "tensor", "optional-tensor" -> "TensorDesc";
            case "tensor-array" -> "List<TensorDesc>";
            case "uint" -> "long";
            case "int" -> "int";
            case "float" -> "float";
            case "bool" -> "boolean";
            case "enum" -> enumClass(field.reference());
            case "uint-array" -> "List<Long>";
            case "int-array" -> "List<Integer>";
            case "float-array" -> "List<Float>";
            case "scale-bias" -> "Optional<ScaleBias>";
            case "size-2d" -> "Size2d";
            case "scalar" -> "ScalarUnion";
            case "fused-activation" -> "Optional<OperatorDesc>";
            case "operator-desc-array" -> "List<OperatorDesc>";
            default -> throw new IllegalArgumentException("no Java type for the kind " + field.kind());
        };
    }

    static boolean isPrimitive(Field field) {
        return Set.of("uint", "int", "float", "bool").contains(field.kind());
    }

    /** The value of a zero-initialised C struct's field ({@code DML_X_OPERATOR_DESC desc = {}}). */
    static String zero(Field field, List<CEnum> enums) {
        return switch (field.kind()) {
            case "tensor", "optional-tensor" -> "TensorDesc.NULL";
            case "tensor-array", "uint-array", "int-array", "float-array", "operator-desc-array" -> "List.of()";
            case "uint" -> "0";
            case "int" -> "0";
            case "float" -> "0f";
            case "bool" -> "false";
            case "enum" -> enumClass(field.reference()) + "." + zeroConstant(field.reference(), enums);
            case "scale-bias", "fused-activation" -> "Optional.empty()";
            case "size-2d" -> "new Size2d(0, 0)";
            case "scalar" -> "ScalarUnion.ZERO";
            default -> throw new IllegalArgumentException("no zero for the kind " + field.kind());
        };
    }

    static String zeroConstant(String enumName, List<CEnum> enums) {
        CEnum e = enums.stream().filter(x -> x.name().equals(enumName)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no enum " + enumName));
        Constant zero = e.constants().stream().filter(c -> c.value() == 0).findFirst()
                .orElse(e.constants().get(0));
        return constantName(enumName, zero.name());
    }

    static String constantName(String enumName, String constant) {
        String name = constant.substring(enumName.length() + 1);
        if (enumName.equals("DML_TENSOR_DATA_TYPE")) {
            return name;
        }
        if (Character.isDigit(name.charAt(0))) {
            throw new IllegalArgumentException(constant + " would start with a digit");
        }
        return name;
    }

    // --- snippets ---

    static Map<String, String> recordSnippets(Operator op, List<CEnum> enums) {
        String cls = className(op);
        List<Field> fields = op.fields();
        Map<String, String> s = new LinkedHashMap<>();
        s.put("STRUCT", op.struct());
        s.put("CLASS", cls);
        s.put("TYPE", op.name());
        StringBuilder params = new StringBuilder();
        StringBuilder components = new StringBuilder();
        StringBuilder names = new StringBuilder();
        StringBuilder checks = new StringBuilder();
        StringBuilder tensors = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            String c = component(f.name());
            params.append(" * @param ").append(c).append(" {@code ").append(f.name()).append("} (")
                    .append(describe(f)).append(")\n");
            components.append("        ").append(javaType(f)).append(' ').append(c)
                    .append(i + 1 < fields.size() ? ",\n" : "");
            names.append("    /** The C name of {@link #").append(c).append("()}. */\n")
                    .append("    public static final String ").append(constant(f.name())).append(" = \"")
                    .append(f.name()).append("\";\n");
            if (!isPrimitive(f)) {
                checks.append("        Objects.requireNonNull(").append(c).append(", ").append(constant(f.name()))
                        .append(");\n");
            }
            if (javaType(f).startsWith("List<")) {
                checks.append("        ").append(c).append(" = List.copyOf(").append(c).append(");\n");
            }
            String kind = "in".equals(f.direction()) ? "TensorKind.INPUT" : "TensorKind.OUTPUT";
            if (f.kind().equals("tensor") || f.kind().equals("optional-tensor")) {
                tensors.append("        fields.add(new TensorField(").append(constant(f.name())).append(", ")
                        .append(kind).append(", ").append(c).append("));\n");
            } else if (f.kind().equals("tensor-array")) {
                tensors.append("        for (int i = 0; i < ").append(c).append(".size(); i++) {\n")
                        .append("            fields.add(new TensorField(").append(constant(f.name()))
                        .append(" + \"[\" + i + \"]\", ").append(kind).append(", ").append(c)
                        .append(".get(i)));\n        }\n");
            }
        }
        s.put("PARAMS", params.toString().stripTrailing());
        s.put("COMPONENTS", components.toString());
        s.put("NAMES", names.toString().stripTrailing());
        s.put("CHECKS", checks.toString().stripTrailing());
        s.put("TENSOR_FIELDS", tensors.toString().stripTrailing());
        s.put("BUILDER", fields.size() > BUILDER_ABOVE ? builder(cls, fields, enums) : "");
        return s;
    }

    static String describe(Field f) {
        return switch (f.kind()) {
            case "tensor" -> "{@code const DML_TENSOR_DESC*}, " + ("in".equals(f.direction()) ? "read" : "written");
            case "optional-tensor" -> "{@code _Maybenull_ const DML_TENSOR_DESC*}, "
                    + ("in".equals(f.direction()) ? "read" : "written") + "; {@link TensorDesc#NULL} when absent";
            case "tensor-array" -> "{@code const DML_TENSOR_DESC*} to {@code " + f.reference() + "} descs, "
                    + ("in".equals(f.direction()) ? "read" : "written");
            case "uint" -> "{@code UINT}";
            case "int" -> "{@code INT}";
            case "float" -> "{@code FLOAT}";
            case "bool" -> "{@code BOOL}";
            case "enum" -> "{@code " + f.reference() + "}";
            case "uint-array" -> "{@code const UINT*} to {@code " + f.reference() + "} values";
            case "int-array" -> "{@code const INT*} to {@code " + f.reference() + "} values";
            case "float-array" -> "{@code const FLOAT*} to {@code " + f.reference() + "} values";
            case "scale-bias" -> "{@code _Maybenull_ const DML_SCALE_BIAS*}";
            case "size-2d" -> "{@code DML_SIZE_2D}";
            case "scalar" -> "{@code DML_SCALAR_UNION}, the member {@code " + f.reference() + "} selects";
            case "fused-activation" -> "{@code _Maybenull_ const DML_OPERATOR_DESC*}";
            case "operator-desc-array" -> "{@code const DML_OPERATOR_DESC*} to {@code " + f.reference() + "} descs";
            default -> f.kind();
        };
    }

    static String builder(String cls, List<Field> fields, List<CEnum> enums) {
        StringBuilder b = new StringBuilder();
        b.append("    /** A builder that starts from a zero-initialised struct: NULL tensors, zeros, empty lists. */\n")
                .append("    public static Builder builder() {\n        return new Builder();\n    }\n\n")
                .append("    /** Builds a {@link ").append(cls).append("} field by field. */\n")
                .append("    public static final class Builder {\n");
        for (Field f : fields) {
            b.append("        private ").append(javaType(f)).append(' ').append(component(f.name())).append(" = ")
                    .append(zero(f, enums)).append(";\n");
        }
        b.append("\n        private Builder() {}\n");
        for (Field f : fields) {
            String c = component(f.name());
            b.append("\n        /** Sets {@code ").append(f.name()).append("}. */\n")
                    .append("        public Builder ").append(c).append('(').append(javaType(f)).append(' ')
                    .append(c).append(") {\n            this.").append(c).append(" = ").append(c)
                    .append(";\n            return this;\n        }\n");
        }
        b.append("\n        /** The desc. */\n        public ").append(cls).append(" build() {\n            return new ")
                .append(cls).append('(').append(String.join(", ", fields.stream().map(f -> component(f.name()))
                        .toList())).append(");\n        }\n    }");
        return b.toString();
    }

    static Map<String, String> enumSnippets(CEnum e) {
        String cls = enumClass(e.name());
        StringBuilder constants = new StringBuilder();
        for (int i = 0; i < e.constants().size(); i++) {
            Constant c = e.constants().get(i);
            constants.append("    ").append(constantName(e.name(), c.name())).append('(').append(c.value())
                    .append(')').append(i + 1 < e.constants().size() ? ",\n" : ";");
        }
        return Map.of("CLASS", cls, "C_NAME", e.name(), "PREFIX", e.name() + "_", "CONSTANTS", constants.toString());
    }

    static Map<String, String> operatorTypeSnippets(List<Operator> operators, Map<String, String> aliases) {
        StringBuilder constants = new StringBuilder("    /** Not an operator: the zero value DirectML refuses. */\n"
                + "    INVALID(0),\n");
        for (int i = 0; i < operators.size(); i++) {
            Operator op = operators.get(i);
            for (Map.Entry<String, String> alias : aliases.entrySet()) {
                if (alias.getValue().equals(op.name())) {
                    constants.append("    /** Also spelled {@code DML_OPERATOR_").append(alias.getKey())
                            .append("} in the header (an alias of the same value). */\n");
                }
            }
            constants.append("    ").append(op.name()).append('(').append(op.code()).append(')')
                    .append(i + 1 < operators.size() ? ",\n" : ";");
        }
        StringBuilder aliasCases = new StringBuilder();
        for (Map.Entry<String, String> alias : aliases.entrySet()) {
            aliasCases.append("        if (bare.equals(\"").append(alias.getKey()).append("\")) {\n")
                    .append("            return ").append(alias.getValue()).append(";\n        }\n");
        }
        return Map.of("CONSTANTS", constants.toString(), "ALIASES", aliasCases.toString().stripTrailing());
    }

    static String expand(String template, Map<String, String> snippets) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = snippets.get(m.group(1));
            if (value == null) {
                throw new IllegalArgumentException("unknown placeholder {{" + m.group(1) + "}}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** Writes only what changed, so the compiler's incremental check sees untouched files as untouched. */
    static void write(Path file, String text) throws IOException {
        if (!Files.exists(file) || !Files.readString(file).equals(text)) {
            Files.writeString(file, text);
        }
    }
}
