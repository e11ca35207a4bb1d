package dev.dmlemu.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON document read with Jackson's streaming parser into nodes that remember their line and column and JSON path,
 * which Jackson's own tree forgets. Numbers keep their source text, from which their exact value is read.
 *
 * <p>The tree is bounded: at most {@link #MAX_VALUES} values, each a few dozen bytes (paths are built only when a
 * message needs one). The one place a model legitimately holds millions of values, a resource's
 * {@code initialValues} array, is never built as nodes: an {@link InlineArrays} decoder turns it into its encoded
 * bytes as it streams past.
 */
final class JsonTree {

    /**
     * The most JSON values a document may hold outside {@code initialValues} arrays: some thousands of dispatchables
     * and commands, and a tree of at most about 80 MB.
     */
    static final int MAX_VALUES = 250_000;

    private JsonTree() {}

    /**
     * Where a node starts, and how to reach it: its parent and its name or index there. The JSON path
     * ({@code dispatchables.ge.desc.Sizes[2]}) is spelled out on demand, so a node costs no string of its own.
     */
    static final class Where {
        private final Where parent;
        /** The member name that leads here, or null for an array element or the root. */
        private final String key;
        /** The array index that leads here, or -1. */
        private final long index;
        private final int line;
        private final int column;

        private Where(Where parent, String key, long index, int line, int column) {
            this.parent = parent;
            this.key = key;
            this.index = index;
            this.line = line;
            this.column = column;
        }

        static Where root(int line, int column) {
            return new Where(null, null, -1, line, column);
        }

        Where member(String name, int line, int column) {
            return new Where(this, name, -1, line, column);
        }

        Where element(long elementIndex, int line, int column) {
            return new Where(this, null, elementIndex, line, column);
        }

        /** The same node seen at another position (a member's name rather than its value). */
        Where at(int otherLine, int otherColumn) {
            return new Where(parent, key, index, otherLine, otherColumn);
        }

        int line() {
            return line;
        }

        int column() {
            return column;
        }

        /** The member name that leads here, or null. */
        String key() {
            return key;
        }

        Where parent() {
            return parent;
        }

        /** {@code resources.X.initialValues[3]}; empty for the root. */
        String path() {
            List<Where> chain = new ArrayList<>();
            for (Where w = this; w.parent != null; w = w.parent) {
                chain.add(w);
            }
            String path = "";
            for (int i = chain.size() - 1; i >= 0; i--) {
                Where w = chain.get(i);
                path = w.key != null ? JsonPath.child(path, w.key) : JsonPath.element(path, w.index);
            }
            return path;
        }

    }

    sealed interface Node permits ObjectNode, ArrayNode, StringNode, NumberNode, BooleanNode, NullNode,
            EncodedArrayNode, UnreadArrayNode {
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
            return quoted(value);
        }
    }

    /** A string as messages show it: quoted, and cut after 40 characters. */
    static String quoted(String value) {
        return "\"" + (value.length() > 40 ? value.substring(0, 40) + "..." : value) + "\"";
    }

    /**
     * A JSON number: its source text (whose exact value {@link #value()} reads) and whether it had no fraction or
     * exponent.
     */
    record NumberNode(Where where, String text, boolean integerToken) implements Node {
        /** The exact value; the builder has checked that it is representable. */
        BigDecimal value() {
            return new BigDecimal(text);
        }

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

    /** A resource's {@code initialValues} array, already encoded in its data type by {@link InlineArrays}. */
    record EncodedArrayNode(Where where, EncodedValues values) implements Node {
        @Override
        public String describe() {
            return "an array";
        }
    }

    /**
     * An {@code initialValues} array that was skipped unread because its resource has no data type an array can be
     * encoded in (a missing or unknown {@code initialValuesDataType}); reading the resource fails on the type first.
     */
    record UnreadArrayNode(Where where) implements Node {
        @Override
        public String describe() {
            return "an array";
        }
    }

    /** Decodes the {@code initialValues} arrays of resources while the tree is built. */
    interface InlineArrays {
        /**
         * The encoded array at the parser's {@code START_ARRAY}, which it consumes up to its {@code END_ARRAY}, or
         * empty (having consumed nothing) when the resource has no type to encode it in.
         *
         * @param resource the resource's name
         */
        Optional<EncodedValues> decode(String resource, Where where, JsonParser parser) throws IOException;

        /**
         * Whether the resource's array is DxDispatch's list initializer (no element type, or UNKNOWN): entries that
         * each carry their type, built as ordinary nodes.
         */
        default boolean isListInitializer(String resource) {
            return false;
        }
    }

    /**
     * The deepest nesting a document may have. A model nests about 8 deep (dispatchables, a desc, a tensor, its
     * Sizes); the tree is built recursively, so a limit far below Jackson's default of 1000 keeps any stack safe.
     */
    static final int MAX_DEPTH = 64;

    /**
     * Jackson's number and string limits stay at their defaults (1000 digits, 20 MB). Comments ({@code //} and
     * {@code /* *}{@code /}) and trailing commas are accepted, as DxDispatch's parser accepts them (its RapidJSON
     * flags {@code kParseCommentsFlag | kParseTrailingCommasFlag}); docs/directml-behaviour.md §9.
     */
    static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(JsonReadFeature.ALLOW_JAVA_COMMENTS)
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
            .build();

    /**
     * A parser over UTF-8 bytes (already checked to decode) that counts columns in characters, as an editor does; a
     * byte-order mark is skipped.
     */
    static JsonParser parserOver(byte[] utf8) throws IOException {
        int start = utf8.length >= 3 && utf8[0] == (byte) 0xEF && utf8[1] == (byte) 0xBB && utf8[2] == (byte) 0xBF
                ? 3 : 0;
        return FACTORY.createParser(new InputStreamReader(
                new ByteArrayInputStream(utf8, start, utf8.length - start), StandardCharsets.UTF_8));
    }

    /**
     * Parses a whole UTF-8 document.
     *
     * @throws ModelFormatException for malformed JSON (with Jackson's position but not its stack trace or source
     *     excerpt), more than {@link #MAX_VALUES} values, or a bad inline value
     */
    static Node parse(byte[] json, String sourceName, InlineArrays inlineArrays) {
        JsonParser parser = null;
        try {
            parser = parserOver(json);
            Builder builder = new Builder(parser, sourceName, inlineArrays);
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new ModelFormatException(sourceName, "", 1, 1, "the document is empty");
            }
            JsonLocation at = parser.currentTokenLocation();
            Node root = builder.value(Where.root(at.getLineNr(), at.getColumnNr()));
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
                JsonLocation after = parser.currentTokenLocation();
                throw new ModelFormatException(sourceName, "", after.getLineNr(), after.getColumnNr(),
                        "unexpected content after the end of the document");
            }
            return root;
        } catch (JsonProcessingException e) {
            // Limits (nesting depth) are reported without a location; the parser still knows where it is.
            JsonLocation at = e.getLocation() != null || parser == null ? e.getLocation()
                    : parser.currentLocation();
            throw new ModelFormatException(sourceName, "", at == null ? ModelFormatException.NO_POSITION
                    : at.getLineNr(), at == null ? ModelFormatException.NO_POSITION : at.getColumnNr(),
                    "malformed JSON: " + firstLine(e.getOriginalMessage()));
        } catch (IOException e) {
            throw new ModelFormatException(sourceName, "", ModelFormatException.NO_POSITION,
                    ModelFormatException.NO_POSITION, "cannot read: " + FileErrors.describe(e));
        } finally {
            closeQuietly(parser);
        }
    }

    private static void closeQuietly(JsonParser parser) {
        if (parser != null) {
            try {
                parser.close();
            } catch (IOException e) {
                // a parser over a byte array holds nothing to release
            }
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        // Jackson embeds other locations as "[Source: ...; line: 1, column: 1]"; keep only the position. Its limits
        // name the Java method that sets them ("(64, from `StreamReadConstraints...`)"); keep only the number. Its
        // hints name parser switches a model's author cannot set ("enable `JsonReadFeature.X` to allow", "since
        // Feature 'ALLOW_COMMENTS' not enabled"); say what the JSON standard says instead.
        return line.replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "line $1, column $2")
                .replaceAll(", from `[^`]*`", "")
                .replaceAll(": enable `[^`]*` to allow", ": not standard JSON")
                .replaceAll(" \\(not recognized as one since Feature '[^']*' not enabled for parser\\)",
                        " (standard JSON has none)");
    }

    /** The name of the resource whose {@code initialValues} this is ({@code resources.<name>.initialValues}), or null. */
    static String initialValuesOf(Where where) {
        Where resource = where.parent();
        if (!"initialValues".equals(where.key()) || resource == null || resource.key() == null) {
            return null;
        }
        Where resources = resource.parent();
        if (resources == null || !"resources".equals(resources.key()) || resources.parent() == null
                || resources.parent().parent() != null) {
            return null;
        }
        return resource.key();
    }

    private static final class Builder {
        private final JsonParser parser;
        private final String sourceName;
        private final InlineArrays inlineArrays;
        private int values;

        Builder(JsonParser parser, String sourceName, InlineArrays inlineArrays) {
            this.parser = parser;
            this.sourceName = sourceName;
            this.inlineArrays = inlineArrays;
        }

        /** Builds the value at the current token, which starts at {@code where}. */
        Node value(Where where) throws IOException {
            if (++values > MAX_VALUES) {
                throw new ModelFormatException(sourceName, where.path(), where.line(), where.column(),
                        "the document holds more than " + MAX_VALUES + " JSON values outside initialValues arrays");
            }
            JsonToken token = parser.currentToken();
            switch (token) {
                case START_OBJECT: {
                    Map<String, Member> members = new LinkedHashMap<>();
                    while (parser.nextToken() == JsonToken.FIELD_NAME) {
                        String name = parser.currentName();
                        JsonLocation nameAt = parser.currentTokenLocation();
                        parser.nextToken();
                        JsonLocation valueAt = parser.currentTokenLocation();
                        Where child = where.member(name, valueAt.getLineNr(), valueAt.getColumnNr());
                        members.put(name, new Member(name, child.at(nameAt.getLineNr(), nameAt.getColumnNr()),
                                value(child)));
                    }
                    return new ObjectNode(where, Collections.unmodifiableMap(members));
                }
                case START_ARRAY: {
                    String resource = initialValuesOf(where);
                    if (resource != null && !inlineArrays.isListInitializer(resource)) {
                        values--; // an inline array is bounded by the resource limit, not by MAX_VALUES
                        Optional<EncodedValues> encoded = inlineArrays.decode(resource, where, parser);
                        if (encoded.isPresent()) {
                            return new EncodedArrayNode(where, encoded.get());
                        }
                        parser.skipChildren();
                        return new UnreadArrayNode(where);
                    }
                    List<Node> elements = new ArrayList<>();
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        JsonLocation at = parser.currentTokenLocation();
                        elements.add(value(where.element(elements.size(), at.getLineNr(), at.getColumnNr())));
                    }
                    return new ArrayNode(where, Collections.unmodifiableList(elements));
                }
                case VALUE_STRING:
                    return new StringNode(where, parser.getText());
                case VALUE_NUMBER_INT:
                case VALUE_NUMBER_FLOAT: {
                    String text = parser.getText();
                    if (!representable(text)) {
                        throw new ModelFormatException(sourceName, where.path(), where.line(), where.column(),
                                "number " + text + " cannot be represented");
                    }
                    return new NumberNode(where, text, token == JsonToken.VALUE_NUMBER_INT);
                }
                case VALUE_TRUE:
                case VALUE_FALSE:
                    return new BooleanNode(where, token == JsonToken.VALUE_TRUE);
                case VALUE_NULL:
                    return new NullNode(where);
                default:
                    throw new ModelFormatException(sourceName, where.path(), where.line(), where.column(),
                            "unexpected JSON token " + token);
            }
        }
    }

    /** Whether a JSON number's exact value fits a BigDecimal (an exponent beyond ±2^31 does not). */
    static boolean representable(String text) {
        try {
            new BigDecimal(text);
            return true;
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
    }
}
