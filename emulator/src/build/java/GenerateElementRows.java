import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes the element-wise engine's row loops ({@code ElementRows}), one read and one write per data type, from
 * {@code templates/ElementRows.java.template} and {@code templates/ElementRowType.java.template}. The build runs
 * this with the JDK's single-file source launcher before compiling:
 * {@code java GenerateElementRows.java <templates folder> <output folder>}.
 */
public final class GenerateElementRows {

    private static final String PACKAGE_FOLDER = "dev/dmlemu/emulator/elementwise";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");

    /**
     * One data type: how an element is read into lanes, and written from their bits or their values. An integer's
     * lanes are its bits, so its values write is its bits write.
     */
    record ElementType(String name, String read, String writeBits, String writeValues) {}

    static final List<ElementType> TYPES = List.of(
            integer("INT8", "bits[i] = b.get(p);", "b.put(p, (byte) bits[i]);"),
            integer("UINT8", "bits[i] = b.get(p) & 0xFF;", "b.put(p, (byte) bits[i]);"),
            integer("INT16", "bits[i] = b.getShort(p);", "b.putShort(p, (short) bits[i]);"),
            integer("UINT16", "bits[i] = b.getShort(p) & 0xFFFF;", "b.putShort(p, (short) bits[i]);"),
            integer("INT32", "bits[i] = b.getInt(p);", "b.putInt(p, (int) bits[i]);"),
            integer("UINT32", "bits[i] = b.getInt(p) & 0xFFFF_FFFFL;", "b.putInt(p, (int) bits[i]);"),
            integer("INT64", "bits[i] = b.getLong(p);", "b.putLong(p, bits[i]);"),
            integer("UINT64", "bits[i] = b.getLong(p);", "b.putLong(p, bits[i]);"),
            new ElementType("FLOAT16",
                    "int h = b.getShort(p) & 0xFFFF; bits[i] = h; values[i] = Half.toDouble(h);",
                    "b.putShort(p, (short) bits[i]);",
                    "b.putShort(p, Half.fromDouble(values[i]));"),
            new ElementType("FLOAT32",
                    "int f = b.getInt(p); bits[i] = f & 0xFFFF_FFFFL; values[i] = Float.intBitsToFloat(f);",
                    "b.putInt(p, (int) bits[i]);",
                    "b.putInt(p, Float.floatToRawIntBits((float) values[i]));"),
            new ElementType("FLOAT64",
                    "long d = b.getLong(p); bits[i] = d; values[i] = Double.longBitsToDouble(d);",
                    "b.putLong(p, bits[i]);",
                    "b.putLong(p, Double.doubleToRawLongBits(values[i]));"));

    static ElementType integer(String name, String read, String write) {
        return new ElementType(name, read, write, write);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: GenerateElementRows <templates folder> <output folder>");
        }
        Path templates = Path.of(args[0]);
        Path out = Path.of(args[1]).resolve(PACKAGE_FOLDER);
        Files.createDirectories(out);
        String outer = Files.readString(templates.resolve("ElementRows.java.template"));
        String perType = Files.readString(templates.resolve("ElementRowType.java.template"));
        StringBuilder reads = new StringBuilder();
        StringBuilder writes = new StringBuilder();
        StringBuilder methods = new StringBuilder();
        for (ElementType t : TYPES) {
            reads.append("            case ").append(t.name()).append(" -> read").append(t.name())
                    .append("(b, at, step, n, dst);\n");
            writes.append("            case ").append(t.name()).append(" -> {\n")
                    .append("                if (bits) {\n")
                    .append("                    write").append(t.name()).append("Bits(b, at, step, n, src);\n")
                    .append("                } else {\n")
                    .append("                    write").append(t.name()).append("Values(b, at, step, n, src);\n")
                    .append("                }\n            }\n");
            methods.append(expand(perType, Map.of("TYPE", t.name(), "READ", t.read(), "WRITE_BITS", t.writeBits(),
                    "WRITE_VALUES", t.writeValues())));
        }
        String source = expand(outer, Map.of("READ_CASES", strip(reads), "WRITE_CASES", strip(writes),
                "METHODS", strip(methods)));
        Path file = out.resolve("ElementRows.java");
        if (!Files.exists(file) || !Files.readString(file).equals(source)) {
            Files.writeString(file, source);
        }
    }

    private static String strip(StringBuilder text) {
        return text.toString().replaceAll("\n$", "");
    }

    static String expand(String template, Map<String, String> snippets) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String snippet = snippets.get(m.group(1));
            if (snippet == null) {
                throw new IllegalArgumentException("unknown template placeholder " + m.group());
            }
            m.appendReplacement(out, Matcher.quoteReplacement(snippet));
        }
        m.appendTail(out);
        return out.toString();
    }
}
