package dev.dmlemu.model;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.dmlemu.desc.Float16;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.JsonTree.Where;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Encodes resources' {@code initialValues} arrays straight from the parser into byte buffers of their data type.
 *
 * <p>A JSON object's members come in any order, so a resource's {@code initialValuesDataType} may follow its
 * array. {@link #survey} therefore streams the document once first, allocating nothing per value: it notes each
 * resource's data type and array length and asks the {@link ReadLimits} whether their bytes may be allocated at all.
 * The tree is built in a second pass, during which {@link #decode} fills buffers of exactly the surveyed size, checking
 * every value against the type as it goes.
 */
final class InlineArrayDecoder implements JsonTree.InlineArrays {

    /** What the survey saw of one resource: its type name as written (or null) and its array's length and place. */
    private record Surveyed(String typeName, long count, int line, int column) {}

    /**
     * What one JSON value outside inline arrays costs as a tree node, with its position, map entry and text: about
     * 300 bytes measured on models of a million small values; rounded up.
     */
    static final long TREE_BYTES_PER_VALUE = 320;

    private final String sourceName;
    private final Map<String, Surveyed> resources;
    /** JSON values outside inline arrays (containers included): what the tree will hold. */
    private final long otherValues;

    private InlineArrayDecoder(String sourceName, Map<String, Surveyed> resources, long otherValues) {
        this.sourceName = sourceName;
        this.resources = resources;
        this.otherValues = otherValues;
    }

    /**
     * Streams the document for its resources' array lengths and types, and refuses it when their bytes are more than
     * {@code limits} allow. Malformed JSON ends the survey quietly: the full parse reports it with its position.
     */
    static InlineArrayDecoder survey(byte[] json, String sourceName, ReadLimits limits) {
        Map<String, Surveyed> resources = new LinkedHashMap<>();
        long[] otherValues = {0};
        try (JsonParser parser = JsonTree.parserOver(json)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                otherValues[0]++;
                boolean seenResources = false;
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (name.equals("resources") && value == JsonToken.START_OBJECT && !seenResources) {
                        seenResources = true;
                        otherValues[0]++;
                        surveyResources(parser, resources, otherValues);
                    } else {
                        otherValues[0] += skipCounting(parser);
                    }
                }
            } else {
                otherValues[0] += skipCounting(parser);
            }
        } catch (IOException e) {
            // Malformed: what was surveyed stands, and the tree's parse stops at the same place with the message.
        }
        InlineArrayDecoder decoder = new InlineArrayDecoder(sourceName, resources, otherValues[0]);
        decoder.checkLimits(limits);
        return decoder;
    }

    /** Skips the value at the current token; returns how many JSON values it held, itself included. */
    private static long skipCounting(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == null || !token.isStructStart()) {
            return token == null ? 0 : 1;
        }
        long values = 1;
        int depth = 1;
        while (depth > 0) {
            token = parser.nextToken();
            if (token == null) {
                throw new IOException("end of input inside a value");
            }
            if (token.isStructStart()) {
                depth++;
                values++;
            } else if (token.isStructEnd()) {
                depth--;
            } else if (token != JsonToken.FIELD_NAME) {
                values++;
            }
        }
        return values;
    }

    private static void surveyResources(JsonParser parser, Map<String, Surveyed> resources, long[] otherValues)
            throws IOException {
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String resource = parser.currentName();
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                otherValues[0] += skipCounting(parser);
                continue;
            }
            otherValues[0]++;
            String typeName = null;
            long count = -1;
            int line = 0;
            int column = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if (field.equals("initialValuesDataType") && value == JsonToken.VALUE_STRING && typeName == null) {
                    typeName = parser.getText();
                    otherValues[0]++;
                } else if (field.equals("initialValues") && value == JsonToken.START_ARRAY && count < 0) {
                    JsonLocation at = parser.currentTokenLocation();
                    line = at.getLineNr();
                    column = at.getColumnNr();
                    count = countElements(parser);
                } else {
                    otherValues[0] += skipCounting(parser);
                }
            }
            // The first of duplicate names is the one the tree builds; it fails at the second.
            resources.putIfAbsent(resource, new Surveyed(typeName, count, line, column));
        }
    }

    private static long countElements(JsonParser parser) throws IOException {
        long count = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (token == null) {
                throw new IOException("end of input inside an array");
            }
            parser.skipChildren();
            count++;
        }
        return count;
    }

    /** The type an array of this resource is encoded in, if its name is one that has element bytes. */
    private static Optional<TensorDataType> encodableType(String typeName) {
        if (typeName == null) {
            return Optional.empty();
        }
        try {
            TensorDataType type = TensorDataType.fromName(typeName);
            return type == TensorDataType.UNKNOWN ? Optional.empty() : Optional.of(type);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Asks the limits for the tree's memory, then adds up the arrays' bytes in file order and refuses at the first
     * array the limits do not allow.
     */
    private void checkLimits(ReadLimits limits) {
        // A list initializer's entries are built as nodes: an object and its three members each.
        long treeValues = otherValues;
        for (Surveyed surveyed : resources.values()) {
            if (surveyed.count() >= 0 && listInitializer(surveyed.typeName())) {
                treeValues = Math.addExact(treeValues, Math.multiplyExact(surveyed.count(), 4L));
            }
        }
        long treeBytes = Math.min(treeValues, JsonTree.MAX_VALUES + 1L) * TREE_BYTES_PER_VALUE;
        Optional<String> treeRefusal = limits.workingMemoryRefusal(treeBytes);
        if (treeRefusal.isPresent()) {
            throw new ModelFormatException(sourceName, "", ModelFormatException.NO_POSITION,
                    ModelFormatException.NO_POSITION, "the document's " + treeValues + " JSON values (besides"
                    + " typed initialValues arrays) need about " + treeBytes + " bytes to read: " + treeRefusal.get());
        }
        long total = 0;
        for (Map.Entry<String, Surveyed> entry : resources.entrySet()) {
            Surveyed surveyed = entry.getValue();
            Optional<TensorDataType> type = encodableType(surveyed.typeName());
            boolean list = surveyed.count() >= 0 && listInitializer(surveyed.typeName());
            if (surveyed.count() < 0 || type.isEmpty() && !list) {
                continue;
            }
            // A list initializer's entries take at most 8 bytes each (and are tree nodes, bounded by MAX_VALUES).
            long bytes = list ? Math.multiplyExact(surveyed.count(), 8L)
                    : ValueCodec.byteCount(type.get(), surveyed.count());
            String values = list ? surveyed.count() + " list initializer entries need up to"
                    : surveyed.count() + " " + type.get().name() + " values need";
            total = Math.addExact(total, bytes);
            String path = JsonPath.child(JsonPath.child("resources", entry.getKey()), "initialValues");
            if (bytes > Integer.MAX_VALUE - 8) {
                throw new ModelFormatException(sourceName, path, surveyed.line(), surveyed.column(), values + " "
                        + bytes + " bytes, more than the 2 GiB a buffer holds");
            }
            Optional<String> refusal = limits.inlineBytesRefusal(total);
            if (refusal.isPresent()) {
                throw new ModelFormatException(sourceName, path, surveyed.line(), surveyed.column(), values + " "
                        + bytes + " bytes (" + total + " bytes of inline values up to here): " + refusal.get());
            }
        }
    }

    @Override
    public boolean isListInitializer(String resource) {
        Surveyed surveyed = resources.get(resource);
        return surveyed != null && surveyed.count() >= 0 && listInitializer(surveyed.typeName());
    }

    /** No element type, or UNKNOWN: DxDispatch reads the array as typed entries. */
    private static boolean listInitializer(String typeName) {
        if (typeName == null) {
            return true;
        }
        try {
            return TensorDataType.fromName(typeName) == TensorDataType.UNKNOWN;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public Optional<EncodedValues> decode(String resource, Where where, JsonParser parser) throws IOException {
        Surveyed surveyed = resources.get(resource);
        if (surveyed == null || surveyed.count() < 0) {
            return Optional.empty();
        }
        Optional<TensorDataType> type = encodableType(surveyed.typeName());
        if (type.isEmpty()) {
            return Optional.empty();
        }
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(ValueCodec.byteCount(type.get(), surveyed.count())))
                .order(ByteOrder.LITTLE_ENDIAN);
        long index = 0;
        JsonToken token;
        while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
            if (index >= surveyed.count()) {
                throw new IllegalStateException("resources." + resource + ".initialValues holds more elements than"
                        + " the survey of the same bytes counted (" + surveyed.count() + ")");
            }
            encode(type.get(), token, parser, bytes, index, where);
            index++;
        }
        if (index != surveyed.count()) {
            throw new IllegalStateException("resources." + resource + ".initialValues holds " + index
                    + " elements, but the survey of the same bytes counted " + surveyed.count());
        }
        return Optional.of(new EncodedValues(type.get(), index, bytes));
    }

    /** Encodes the element at the current token, taking the fast path for the usual number forms. */
    private void encode(TensorDataType type, JsonToken token, JsonParser parser, ByteBuffer bytes, long index,
            Where array) throws IOException {
        if (token == JsonToken.VALUE_NUMBER_INT && !type.isFloatingPoint()
                && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
            long value = parser.getLongValue();
            if (ValueCodec.fits(value, type)) {
                ValueCodec.putInteger(bytes, type, index, value);
                return;
            }
        } else if ((token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT)
                && type.isFloatingPoint()) {
            // DxDispatch's conversion (ValueCodec.float64, float32, float16Bits): the nearest double, which is +0.0
            // for a zero written as an integer (-0), then narrowed to the type. Double.parseDouble rounds once.
            double value = Double.parseDouble(parser.getText());
            if (token == JsonToken.VALUE_NUMBER_INT && value == 0) {
                value = 0.0;
            }
            if (type == TensorDataType.FLOAT64) {
                if (!Double.isInfinite(value)) {
                    ValueCodec.putFloat64(bytes, index, value);
                    return;
                }
            } else if (type == TensorDataType.FLOAT32) {
                if (!Float.isInfinite((float) value)) {
                    ValueCodec.putFloat32(bytes, index, (float) value);
                    return;
                }
            } else {
                short bits = TruncatingFloat16.fromFloat((float) value);
                if (Float16.isFinite(bits)) {
                    ValueCodec.putFloat16(bytes, index, bits);
                    return;
                }
            }
        }
        encodeSlowly(type, token, parser, bytes, index, array);
    }

    /** Every other form, and every value that is refused: the exact decimal, checked with its message. */
    private void encodeSlowly(TensorDataType type, JsonToken token, JsonParser parser, ByteBuffer bytes, long index,
            Where array) throws IOException {
        Scalar scalar;
        String shown;
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT) {
            shown = parser.getText();
            if (!JsonTree.representable(shown)) {
                throw error(array, index, parser, "number " + shown + " cannot be represented");
            }
            scalar = DecimalScalar.ofJson(shown);
        } else if (token == JsonToken.VALUE_STRING && SpecialScalar.fromJsonText(parser.getText()) != null) {
            shown = "\"" + parser.getText() + "\"";
            scalar = SpecialScalar.fromJsonText(parser.getText());
        } else {
            throw error(array, index, parser, "expected a number"
                    + (type.isFloatingPoint() ? " or \"nan\", \"inf\", \"-inf\"" : "") + ", got " + describe(token, parser));
        }
        String problem = ValueCodec.problem(scalar, shown, type);
        if (problem != null) {
            throw error(array, index, parser, problem);
        }
        ValueCodec.put(bytes, type, index, scalar);
    }

    private static String describe(JsonToken token, JsonParser parser) throws IOException {
        switch (token) {
            case START_OBJECT:
                return "an object";
            case START_ARRAY:
                return "an array";
            case VALUE_STRING:
                return JsonTree.quoted(parser.getText());
            default:
                return parser.getText();
        }
    }

    private ModelFormatException error(Where array, long index, JsonParser parser, String detail) {
        JsonLocation at = parser.currentTokenLocation();
        Where element = array.element(index, at.getLineNr(), at.getColumnNr());
        return new ModelFormatException(sourceName, element.path(), element.line(), element.column(), detail);
    }
}
