package dev.dmlemu.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.dmlemu.featurelevels.Diagnostic;
import java.io.UncheckedIOException;
import java.util.Locale;

/** The {@code --json} output: one object on stdout, built as a Jackson tree. */
final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
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
