package dev.dmlemu.featurelevels.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The DirectML docs' tensor-support tables and tensor constraints of every operator, read from
 * {@code directml-operators.tables} (its header describes the format) and keyed by the operator schema's name
 * ({@code GEMM}, as {@code dev.dmlemu.desc.schema.SchemaCatalog} spells it). {@link SchemaAgreement} checks the
 * data against the schema.
 */
public final class SupportCatalog {

    public static final String RESOURCE = "directml-operators.tables";

    private static volatile SupportCatalog directMl;

    private final Map<String, DocumentedSupport> tables;
    private final Map<String, MissingTables> missing;

    private SupportCatalog(SupportTablesParser.Parsed parsed) {
        this.tables = parsed.tables();
        this.missing = parsed.missing();
    }

    /** The bundled data, read once. */
    public static SupportCatalog directMl() {
        SupportCatalog catalog = directMl;
        if (catalog == null) {
            synchronized (SupportCatalog.class) {
                catalog = directMl;
                if (catalog == null) {
                    catalog = parse(readResource());
                    directMl = catalog;
                }
            }
        }
        return catalog;
    }

    /** Reads data in the {@code .tables} format; a {@link SupportDataException} names the first bad line. */
    public static SupportCatalog parse(String text) {
        return new SupportCatalog(SupportTablesParser.parse(text));
    }

    /** An operator's tables, by schema name with or without {@code DML_OPERATOR_}, any case. */
    public Optional<DocumentedSupport> support(String operator) {
        return Optional.ofNullable(tables.get(bare(operator)));
    }

    /** Why an operator has no tables, when the data says it has none. */
    public Optional<MissingTables> missing(String operator) {
        return Optional.ofNullable(missing.get(bare(operator)));
    }

    /** Every operator with tables, in name order. */
    public List<DocumentedSupport> operators() {
        return tables.values().stream().sorted((a, b) -> a.operator().compareTo(b.operator())).toList();
    }

    /** Every operator the data lists as having no tables, in name order. */
    public List<MissingTables> missingTables() {
        return missing.values().stream().sorted((a, b) -> a.operator().compareTo(b.operator())).toList();
    }

    private static String bare(String operator) {
        String upper = operator.strip().toUpperCase(Locale.ROOT);
        return upper.startsWith("DML_OPERATOR_") ? upper.substring("DML_OPERATOR_".length()) : upper;
    }

    private static String readResource() {
        try (InputStream in = SupportCatalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
