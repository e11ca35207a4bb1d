package dev.dmlemu.desc.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON document read with Jackson's streaming parser into nodes that remember their line and column and JSON path,
 * which Jackson's own tree forgets. Numbers keep their exact decimal value and source text.
 */
final class JsonTree {

    private JsonTree() {}

    /** Where a node starts, and how to reach it. */
    record Where(String path, int line, int column) {

        static String childPath(String path, String key) {
            String part = key.matches("[A-Za-z_$][A-Za-z0-9_$]*") ? key
                    : "[\"" + key.replace("\\", "\\\\").replace("\"", "\\\"") + "\"]";
            return path.isEmpty() || part.startsWith("[") ? path + part : path + "." + part;
        }

        static String indexPath(String path, int index) {
            return path + "[" + index + "]";
        }
    }

    sealed interface Node permits ObjectNode, ArrayNode, StringNode, NumberNode, BooleanNode, NullNode {
        Where where();

        /** How the node reads in a message: {@code got -1}, {@code got an object}. */
        String describe();
    }

    /** A member of an object: the position of its name, and its value. */
    record Member(String name, Where nameWhere, Node value) {}

    record ObjectNode(Where where, Map<String, Member> members) implements Node {
        @Override
        public String describe() {
            return "an object";
        }
    }

    record ArrayNode(Where where, List<Node> elements) implements Node {
        @Override
        public String describe() {
            return "an array";
        }
    }

    record StringNode(Where where, String value) implements Node {
        @Override
        public String describe() {
            String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
            return "\"" + shown + "\"";
        }
    }

    /** A JSON number: its exact value, its source text, and whether it was written without fraction or exponent. */
    record NumberNode(Where where, BigDecimal value, String text, boolean integerToken) implements Node {
        @Override
        public String describe() {
            return text;
        }
    }

    record BooleanNode(Where where, boolean value) implements Node {
        @Override
        public String describe() {
            return Boolean.toString(value);
        }
    }

    record NullNode(Where where) implements Node {
        @Override
        public String describe() {
            return "null";
        }
    }

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /**
     * Parses a whole document.
     *
     * @throws ModelFormatException for malformed JSON, with Jackson's position but not its stack trace or source
     *     excerpt
     */
    static Node parse(String json, String sourceName) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            Builder builder = new Builder(parser, sourceName);
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new ModelFormatException(sourceName, "", 1, 1, "the document is empty");
            }
            Node root = builder.value("");
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
                JsonLocation at = parser.currentTokenLocation();
                throw new ModelFormatException(sourceName, "", at.getLineNr(), at.getColumnNr(),
                        "unexpected content after the end of the document");
            }
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new ModelFormatException(sourceName, "", at == null ? ModelFormatException.NO_POSITION : at.getLineNr(),
                    at == null ? ModelFormatException.NO_POSITION : at.getColumnNr(),
                    "malformed JSON: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ModelFormatException(sourceName, "", ModelFormatException.NO_POSITION,
                    ModelFormatException.NO_POSITION, "cannot read: " + FileErrors.describe(e));
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        // Jackson embeds other locations as "[Source: ...; line: 1, column: 1]"; keep only the position.
        return line.replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
    }

    private static final class Builder {
        private final JsonParser parser;
        private final String sourceName;

        Builder(JsonParser parser, String sourceName) {
            this.parser = parser;
            this.sourceName = sourceName;
        }

        /** Builds the value at the current token. */
        Node value(String path) throws IOException {
            JsonLocation at = parser.currentTokenLocation();
            Where where = new Where(path, at.getLineNr(), at.getColumnNr());
            JsonToken token = parser.currentToken();
            switch (token) {
                case START_OBJECT: {
                    Map<String, Member> members = new LinkedHashMap<>();
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String name = parser.currentName();
                        JsonLocation nameAt = parser.currentTokenLocation();
                        String childPath = Where.childPath(path, name);
                        Where nameWhere = new Where(childPath, nameAt.getLineNr(), nameAt.getColumnNr());
                        parser.nextToken();
                        members.put(name, new Member(name, nameWhere, value(childPath)));
                    }
                    return new ObjectNode(where, Collections.unmodifiableMap(members));
                }
                case START_ARRAY: {
                    List<Node> elements = new ArrayList<>();
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        elements.add(value(Where.indexPath(path, elements.size())));
                    }
                    return new ArrayNode(where, Collections.unmodifiableList(elements));
                }
                case VALUE_STRING:
                    return new StringNode(where, parser.getText());
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT: {
                    String text = parser.getText();
                    try {
                        return new NumberNode(where, new BigDecimal(text), text, token == JsonToken.VALUE_NUMBER_INT);
                    } catch (NumberFormatException | ArithmeticException e) {
                        throw new ModelFormatException(sourceName, path, where.line(), where.column(),
                                "number " + text + " cannot be represented");
                    }
                }
                case VALUE_TRUE:
                case VALUE_FALSE:
                    return new BooleanNode(where, token == JsonToken.VALUE_TRUE);
                case VALUE_NULL:
                    return new NullNode(where);
                default:
                    throw new ModelFormatException(sourceName, path, where.line(), where.column(),
                            "unexpected JSON token " + token);
            }
        }
    }
}
