package dev.dmlemu.desc.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code directml-header-x64.txt}: what a program compiled against the real DirectML.h printed (sizes, alignments,
 * offsets, C types, enum and operator values). Read with code of its own, so that the expected values share nothing
 * with the catalog under test.
 */
final class MeasuredHeader {

    record Field(String name, int offset, int size, String cType) {}

    record Struct(int size, int alignment, List<Field> fields) {}

    final Map<String, Long> operatorCodes = new LinkedHashMap<>();
    final Map<String, Struct> structs = new LinkedHashMap<>();
    final Map<String, Long> enumValues = new LinkedHashMap<>();

    static MeasuredHeader load() {
        try (InputStream in = MeasuredHeader.class.getResourceAsStream("directml-header-x64.txt")) {
            return new MeasuredHeader(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private MeasuredHeader(String text) {
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] w = line.split(" ");
            switch (w[0]) {
                case "operator" -> operatorCodes.put(w[1], Long.parseLong(w[2]));
                case "enum" -> enumValues.put(w[1], Long.parseLong(w[2]));
                case "struct" -> structs.put(w[1], new Struct(Integer.parseInt(w[3]), Integer.parseInt(w[5]),
                        new ArrayList<>()));
                case "field" -> {
                    // field STRUCT NAME offset O size S type C TYPE WORDS
                    String cType = line.substring(line.indexOf(" type ") + " type ".length());
                    structs.get(w[1]).fields().add(new Field(w[2], Integer.parseInt(w[4]), Integer.parseInt(w[6]),
                            cType));
                }
                default -> throw new IllegalStateException("unexpected line: " + line);
            }
        }
    }
}
