package dev.dmlemu.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ContainerNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.ElementValues;
import dev.dmlemu.featurelevels.Diagnostic;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Locale;

/**
 * The {@code --json} output: one object on stdout, built as a Jackson tree, or streamed through a generator where it
 * holds a resource's values (which can be millions).
 */
final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    /**
     * A failure's whole object: {@code {"error": {...}}}, and {@code "files"} when the run wrote files before it
     * failed.
     */
    static ObjectNode failure(CliFailure failure) {
        ObjectNode root = object();
        root.set("error", error(failure.exitCode(), OneLine.of(failure.getMessage()),
                failure.location().orElse(null)));
        if (!failure.written().isEmpty()) {
            ArrayNode files = root.putArray("files");
            failure.written().forEach(files::add);
        }
        return root;
    }

    /** A failure as {@code --json} reports it: exitCode, kind, message, and where in which file when known. */
    static ObjectNode error(ExitCode code, String message, CliFailure.Location location) {
        ObjectNode error = object();
        error.put("exitCode", code.code());
        error.put("kind", code.kind());
        error.put("message", message);
        if (location != null) {
            error.put("file", location.file());
            error.put("path", location.jsonPath());
            if (location.line() > 0) {
                error.put("line", location.line());
            }
            if (location.column() > 0) {
                error.put("column", location.column());
            }
        }
        return error;
    }

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    static String write(ContainerNode<?> node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A generator that writes the same pretty form as {@link #write}, onto {@code out} (left open). */
    static JsonGenerator generator(Writer out) {
        try {
            JsonGenerator generator = MAPPER.getFactory().createGenerator(out);
            generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            generator.setPrettyPrinter(new DefaultPrettyPrinter());
            return generator;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One element as JSON: integers exactly (64-bit included), floats as the shortest decimal that reads back to the
     * same value (FLOAT16 too), NaN and infinities as {@code "nan"}, {@code "inf"}, {@code "-inf"}.
     */
    static void writeElement(JsonGenerator generator, TensorDataType type, ByteBuffer buffer, long index)
            throws IOException {
        Optional<String> special = ElementValues.nonFinite(type, buffer, index).map(s -> s.jsonText());
        if (special.isPresent()) {
            generator.writeString(special.get());
        } else {
            generator.writeNumber(ElementValues.finiteText(type, buffer, index));
        }
    }

    /** As {@link #writeElement}, appended to a tree's array. */
    static void addElement(ArrayNode array, TensorDataType type, ByteBuffer buffer, long index) {
        ElementValues.nonFinite(type, buffer, index).ifPresentOrElse(special -> array.add(special.jsonText()),
                () -> array.addRawValue(new RawValue(ElementValues.finiteText(type, buffer, index))));
    }

    /** {@code {"dispatchable", "severity", "rule", "path", "featureLevel", "message"}}. */
    static ObjectNode diagnostic(String dispatchable, Diagnostic diagnostic) {
        ObjectNode node = object();
        node.put("dispatchable", dispatchable);
        node.put("severity", diagnostic.severity().name().toLowerCase(Locale.ROOT));
        node.put("rule", diagnostic.rule().name());
        node.put("path", diagnostic.path());
        node.put("featureLevel", diagnostic.featureLevel().cName());
        node.put("message", diagnostic.message());
        diagnostic.acceptedFrom().ifPresent(level -> node.put("acceptedFrom", level.cName()));
        return node;
    }
}
