import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the emulator's gather loops, one class per element size and index width, from
 * {@code templates/GatherLoops.java.template}, plus {@code GatherLoopFamily}, which picks one. The build runs this
 * with the JDK's single-file source launcher before compiling:
 * {@code java GenerateGatherLoops.java <templates folder> <output folder>}.
 *
 * <p>A template line holding only {@code {{NAME}}} is replaced by the named snippet's lines at that indentation;
 * any other {@code {{NAME}}} is replaced in place. An unknown name stops the build.
 */
public final class GenerateGatherLoops {

    private static final String PACKAGE_FOLDER = "dev/dmlemu/emulator";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");

    /** One element size: the Java type that holds its bits and how the buffers read and write it. */
    record ElementWidth(int bytes, String type, String buffer, String view, String get, String put) {}

    /** One index width: its Java type and the snippets whose form depends on it. */
    record IndexWidth(int bytes, String type, String buffer, String view, String get, String rawBody,
            String wrapFromPlan, String unsigned, String wAsInt, List<String> wrapToW, String exact, String toInt,
            String inexact) {}

    static final List<ElementWidth> ELEMENTS = List.of(
            new ElementWidth(1, "byte", "ByteBuffer", "input", "get", "put"),
            new ElementWidth(2, "short", "ShortBuffer", "inputShorts", "getShort", "putShort"),
            new ElementWidth(4, "int", "IntBuffer", "inputInts", "getInt", "putInt"),
            new ElementWidth(8, "long", "LongBuffer", "inputLongs", "getLong", "putLong"));

    static final List<IndexWidth> INDICES = List.of(
            new IndexWidth(4, "int", "IntBuffer", "indicesInts", "getInt",
                    "return zeroExtend ? v & 0xFFFF_FFFFL : v;", "(int) plan.wrapMask", "Integer", "w",
                    List.of("int w = v + ((v >> 31) & wrap);"), "", "int i = v;", ""),
            new IndexWidth(8, "long", "LongBuffer", "indicesLongs", "getLong",
                    "return v;", "plan.wrapMask", "Long", "(int) w",
                    // i == w rules out truncation; the int pair then lets C2 drop the array's bounds check.
                    List.of("long x = v + ((v >> 63) & wrap);", "int w = (int) x;"), "w == x && ",
                    "int i = (int) v;", "i != v || "));

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: GenerateGatherLoops <templates folder> <output folder>");
        }
        Path templates = Path.of(args[0]);
        Path out = Path.of(args[1]).resolve(PACKAGE_FOLDER);
        Files.createDirectories(out);
        List<String> template = Files.readAllLines(templates.resolve("GatherLoops.java.template"));
        List<String> written = new ArrayList<>();
        for (ElementWidth e : ELEMENTS) {
            for (IndexWidth i : INDICES) {
                String name = className(e, i);
                written.add(name + ".java");
                write(out.resolve(name + ".java"), expand(template, snippets(name, e, i)));
            }
        }
        written.add("GatherLoopFamily.java");
        write(out.resolve("GatherLoopFamily.java"), family());
        // A pairing dropped from the lists above must not leave its old class behind.
        try (var files = Files.list(out)) {
            for (Path file : files.toList()) {
                if (!written.contains(file.getFileName().toString())) {
                    Files.delete(file);
                }
            }
        }
    }

    static String className(ElementWidth e, IndexWidth i) {
        return "GatherLoopsE" + e.bytes() + "I" + i.bytes();
    }

    static Map<String, List<String>> snippets(String name, ElementWidth e, IndexWidth i) {
        Map<String, List<String>> s = new LinkedHashMap<>();
        s.put("CLASS", List.of(name));
        // Only the buffer types this pairing uses, so the generated class has no unused import.
        s.put("IMPORTS", new java.util.TreeSet<>(List.of("ByteBuffer", e.buffer(), i.buffer())).stream()
                .map(type -> "import java.nio." + type + ";").toList());
        s.put("E", List.of(Integer.toString(e.bytes())));
        s.put("E_SHIFT", List.of(Integer.toString(Integer.numberOfTrailingZeros(e.bytes()))));
        s.put("ELEM", List.of(e.type()));
        s.put("ELEM_BUFFER", List.of(e.buffer()));
        s.put("IN_VIEW", List.of(e.view()));
        s.put("OUT_VIEW", List.of(e.view().replace("input", "output")));
        s.put("GET", List.of(e.get()));
        s.put("PUT", List.of(e.put()));
        s.put("I", List.of(Integer.toString(i.bytes())));
        s.put("I_SHIFT", List.of(Integer.toString(Integer.numberOfTrailingZeros(i.bytes()))));
        s.put("SIGN_SHIFT", List.of(Integer.toString(i.bytes() * 8 - 1)));
        s.put("IDX", List.of(i.type()));
        s.put("IDX_BUFFER", List.of(i.buffer()));
        s.put("IDX_VIEW", List.of(i.view()));
        s.put("GET_IDX", List.of(i.get()));
        s.put("RAW_BODY", List.of(i.rawBody()));
        s.put("WRAP_FROM_PLAN", List.of(i.wrapFromPlan()));
        s.put("UNSIGNED", List.of(i.unsigned()));
        s.put("W_AS_INT", List.of(i.wAsInt()));
        s.put("WRAP_TO_W", i.wrapToW());
        s.put("EXACT", List.of(i.exact()));
        s.put("TO_INT", List.of(i.toInt()));
        s.put("INEXACT", List.of(i.inexact()));
        return s;
    }

    static List<String> expand(List<String> template, Map<String, List<String>> snippets) {
        List<String> lines = new ArrayList<>();
        lines.add("// Generated by emulator/src/build/java/GenerateGatherLoops.java from GatherLoops.java.template."
                + " Do not edit.");
        for (String line : template) {
            String trimmed = line.strip();
            Matcher whole = PLACEHOLDER.matcher(trimmed);
            if (whole.matches()) {
                String indent = line.substring(0, line.indexOf('{'));
                for (String snippetLine : lookup(snippets, whole.group(1))) {
                    lines.add(indent + snippetLine);
                }
                continue;
            }
            Matcher m = PLACEHOLDER.matcher(line);
            StringBuilder expanded = new StringBuilder();
            while (m.find()) {
                List<String> value = lookup(snippets, m.group(1));
                if (value.size() != 1) {
                    throw new IllegalStateException("{{" + m.group(1) + "}} has several lines; put it on a line of"
                            + " its own");
                }
                m.appendReplacement(expanded, Matcher.quoteReplacement(value.get(0)));
            }
            m.appendTail(expanded);
            if (expanded.indexOf("{{") >= 0) {
                throw new IllegalStateException("a placeholder is left unexpanded in: " + expanded);
            }
            lines.add(expanded.toString());
        }
        return lines;
    }

    static List<String> lookup(Map<String, List<String>> snippets, String name) {
        List<String> value = snippets.get(name);
        if (value == null) {
            throw new IllegalStateException("the template names {{" + name + "}}, which the generator does not"
                    + " define");
        }
        return value;
    }

    static List<String> family() {
        List<String> lines = new ArrayList<>(List.of(
                "// Generated by emulator/src/build/java/GenerateGatherLoops.java. Do not edit.",
                "package dev.dmlemu.emulator;",
                "",
                "/** Picks the generated {@link GatherLoops} for a plan's element size and index width. */",
                "final class GatherLoopFamily {",
                "",
                "    private GatherLoopFamily() {}",
                "",
                "    static GatherLoops select(GatherPlan plan, OutOfRangeRule rule) {",
                "        return switch (plan.elementSize * 16 + plan.indexSize) {"));
        for (ElementWidth e : ELEMENTS) {
            for (IndexWidth i : INDICES) {
                lines.add("            case " + (e.bytes() * 16 + i.bytes()) + " -> new " + className(e, i)
                        + "(plan, rule);");
            }
        }
        lines.addAll(List.of(
                "            default -> throw new IllegalArgumentException(\"no gather loops for \" + plan.elementSize",
                "                    + \"-byte elements and \" + plan.indexSize + \"-byte indices\");",
                "        };",
                "    }",
                "}"));
        return lines;
    }

    static void write(Path file, List<String> lines) throws IOException {
        String text = String.join("\n", lines) + "\n";
        // Rewriting an unchanged file would make every build recompile the module.
        if (Files.exists(file) && Files.readString(file).equals(text)) {
            return;
        }
        Files.writeString(file, text);
    }
}
