package dev.dmlemu.desc.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Every operator desc of {@code DirectML.h} (DML_TARGET_VERSION 0x6400) and every enum its fields use, read from
 * the data file {@code directml-operators.schema} beside this class: type codes, availability, fields in C order
 * with their kinds, fusable activations, and each struct's layout per ABI (docs/architecture.md, "The operator
 * schema").
 */
public final class SchemaCatalog {

    /** The bundled data, beside this class. */
    public static final String RESOURCE = "directml-operators.schema";

    private static volatile SchemaCatalog directMl;

    private final List<SchemaEnum> enums;
    private final List<SchemaOperator> operators;
    private final Map<String, SchemaOperator> byName;
    private final Map<String, String> aliases;

    SchemaCatalog(List<SchemaEnum> enums, List<SchemaOperator> operators, Map<String, String> aliases) {
        this.enums = List.copyOf(enums);
        this.operators = operators.stream().sorted(Comparator.comparingInt(SchemaOperator::code)).toList();
        this.byName = this.operators.stream().collect(Collectors.toMap(SchemaOperator::name, Function.identity(),
                (a, b) -> a, LinkedHashMap::new));
        this.aliases = Map.copyOf(aliases);
    }

    /** The bundled schema of DirectML 1.15, read once. */
    public static SchemaCatalog directMl() {
        SchemaCatalog catalog = directMl;
        if (catalog == null) {
            synchronized (SchemaCatalog.class) {
                catalog = directMl;
                if (catalog == null) {
                    catalog = parse(readResource());
                    directMl = catalog;
                }
            }
        }
        return catalog;
    }

    /**
     * A catalog from text in the schema data format.
     *
     * @throws IllegalArgumentException naming the line of the first problem
     */
    public static SchemaCatalog parse(String text) {
        return SchemaParser.parse(text);
    }

    private static String readResource() {
        try (InputStream in = SchemaCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every operator, by code. */
    public List<SchemaOperator> operators() {
        return operators;
    }

    /**
     * The operator named {@code name}, with or without {@code DML_OPERATOR_}, in any case; an alias
     * ({@code SCATTER}) finds the operator it stands for.
     */
    public Optional<SchemaOperator> operator(String name) {
        String upper = name.strip().toUpperCase(Locale.ROOT);
        String bare = upper.startsWith(SchemaOperator.C_PREFIX) ? upper.substring(SchemaOperator.C_PREFIX.length())
                : upper;
        return Optional.ofNullable(byName.get(aliases.getOrDefault(bare, bare)));
    }

    public Optional<SchemaOperator> operator(int code) {
        return operators.stream().filter(op -> op.code() == code).findFirst();
    }

    /** Second names of operators ({@code SCATTER} → {@code SCATTER_ELEMENTS}). */
    public Map<String, String> aliases() {
        return aliases;
    }

    /** Every enum the data holds, in data order. */
    public List<SchemaEnum> enums() {
        return enums;
    }

    public Optional<SchemaEnum> enumNamed(String cName) {
        return enums.stream().filter(e -> e.cName().equals(cName)).findFirst();
    }
}
