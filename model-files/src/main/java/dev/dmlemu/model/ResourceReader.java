package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.model.JsonFields.Obj;
import dev.dmlemu.model.JsonTree.ArrayNode;
import dev.dmlemu.model.JsonTree.EncodedArrayNode;
import dev.dmlemu.model.JsonTree.Member;
import dev.dmlemu.model.JsonTree.Node;
import dev.dmlemu.model.JsonTree.NumberNode;
import dev.dmlemu.model.JsonTree.ObjectNode;
import dev.dmlemu.model.JsonTree.StringNode;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * Reads one entry of a model file's {@code resources}: its type, size and initializer (inline values, a generator,
 * DxDispatch's list initializer, or a {@code .npy}, {@code .dat} or {@code .bin} file, whose header or size is read
 * through {@link SourceFolders}), checking what the entry can get wrong on its own.
 */
final class ResourceReader {

    private final JsonFields json;
    /** Where {@code sourcePath}s may be read from; empty when files are not to be opened. */
    private final Optional<SourceFolders> sources;

    ResourceReader(JsonFields json, Optional<SourceFolders> sources) {
        this.json = json;
        this.sources = sources;
    }

    /** The image fields of a DxDispatch resource: dmlemu reads no images. */
    private static final List<String> IMAGE_FIELDS = List.of("resampleSize", "resampleMode");

    /** What the {@code sourcePath} of a file initializer may name. */
    private static final String FILE_KINDS = ".npy (typed), .dat or .bin (raw bytes of initialValuesDataType)";

    ResourceDecl resource(Node node) {
        Obj r = json.object(node, "a resource");
        for (String image : IMAGE_FIELDS) {
            if (r.has(image)) {
                throw json.error(r.nameWhere(image), "'" + image + "' resamples an image file: images are not supported"
                        + " (initial values come from arrays, generators, or " + FILE_KINDS + " files)");
            }
        }
        r.allow("initialValuesDataType", "initialValues", "sizeInBytes", "initialValuesOffsetInBytes");
        Optional<Node> typeNode = r.optional("initialValuesDataType");
        TensorDataType declared = typeNode.map(n -> json.enumValue(json.remember(n), TensorDataType::fromName))
                .orElse(TensorDataType.UNKNOWN);
        OptionalLong sizeInBytes = r.optional("sizeInBytes").map(n -> OptionalLong.of(json.uint64(json.remember(n))))
                .orElse(OptionalLong.empty());
        long offset = r.optional("initialValuesOffsetInBytes").map(n -> json.uint64(json.remember(n))).orElse(0L);
        Node valuesNode = json.remember(r.required("initialValues"));
        boolean generator = valuesNode instanceof ObjectNode
                && !((ObjectNode) valuesNode).members().containsKey("sourcePath");
        // An array of numbers with no type at all: the type was forgotten (DxDispatch would read a list initializer).
        boolean numbers = typeNode.isEmpty() && valuesNode instanceof ArrayNode
                && !((ArrayNode) valuesNode).elements().isEmpty()
                && !(((ArrayNode) valuesNode).elements().get(0) instanceof ObjectNode);
        if (declared == TensorDataType.UNKNOWN && (generator || numbers)) {
            throw typeMissing(r);
        }
        InitialValues values = initialValues(valuesNode, declared);
        Typed typed = typed(r, valuesNode, values, declared);
        ResourceDecl decl = new ResourceDecl(typed.type(), values, sizeInBytes, offset);
        if (typed.dataSize() >= 0) {
            String problem = ResourceData.sizeProblem(decl, typed.dataSize());
            if (problem != null) {
                Node at = r.optional("initialValuesOffsetInBytes").filter(n -> offset != 0)
                        .orElseGet(() -> r.optional("sizeInBytes").orElse(valuesNode));
                throw json.error(at, problem);
            }
        }
        if (sizeInBytes.isPresent() && Long.compareUnsigned(sizeInBytes.getAsLong(), -4L) > 0) {
            throw json.error(r.required("sizeInBytes"), "sizeInBytes " + Long.toUnsignedString(sizeInBytes.getAsLong())
                    + " overflows 64 bits when rounded up to a multiple of 4");
        }
        return decl;
    }

    /** A resource's element type once its initializer is known, and its data size (-1 when not known yet). */
    private record Typed(TensorDataType type, long dataSize) {}

    /**
     * The resource's type: as declared, or for a {@code .npy} file without one, the file's (DxDispatch: "the type
     * comes from the file"); the list initializer's is UNKNOWN. Every other initializer needs a declared type.
     */
    private Typed typed(Obj r, Node valuesNode, InitialValues values, TensorDataType declared) {
        if (values instanceof ListValues list) {
            return new Typed(TensorDataType.UNKNOWN, list.byteCount());
        }
        if (values instanceof FileValues file) {
            return fileTyped(r, valuesNode, file, declared);
        }
        if (declared == TensorDataType.UNKNOWN) {
            throw typeMissing(r);
        }
        return new Typed(declared, dataSize(values, declared));
    }

    /** A generator or an array of numbers without an element type. */
    private ModelFormatException typeMissing(Obj r) {
        Optional<Node> typeNode = r.optional("initialValuesDataType");
        return typeNode.isPresent()
                ? json.error(typeNode.get(), "UNKNOWN is the list initializer's type (an array of {\"type\", \"value\"}"
                        + " entries); this initializer needs the element type")
                : json.error(r.node, "missing required field 'initialValuesDataType'");
    }

    private long dataSize(InitialValues values, TensorDataType type) {
        if (values instanceof EncodedValues) {
            return ((EncodedValues) values).bytes().remaining();
        }
        if (values instanceof ConstantValues) {
            return ValueCodec.byteCount(type, ((ConstantValues) values).valueCount());
        }
        return ValueCodec.byteCount(type, ((SequenceValues) values).valueCount());
    }

    private Typed fileTyped(Obj r, Node valuesNode, FileValues file, TensorDataType declared) {
        Node pathNode = ((ObjectNode) valuesNode).members().get("sourcePath").value();
        Optional<Node> typeNode = r.optional("initialValuesDataType");
        if (!file.isNpy() && declared == TensorDataType.UNKNOWN) {
            throw typeNode.isPresent() ? json.error(typeNode.get(), "a raw file initializer ('" + file.sourcePath()
                    + "') needs the element type, not UNKNOWN")
                    : json.error(r.node, "missing required field 'initialValuesDataType': a raw file ('"
                            + file.sourcePath() + "') has no type of its own");
        }
        if (sources.isEmpty()) {
            if (declared == TensorDataType.UNKNOWN) {
                throw json.error(pathNode, "the element type of '" + file.sourcePath() + "' is in the file, which is"
                        + " not opened here; give initialValuesDataType");
            }
            return new Typed(declared, -1); // unknown until materialized; ResourceData checks the size again then
        }
        try {
            Path path = sources.get().locate(file.sourcePath());
            if (!file.isNpy()) {
                return new Typed(declared, RawFile.dataSize(path, file.sourcePath(), declared));
            }
            NpyFile.Header header = NpyFile.readHeader(path);
            if (declared != TensorDataType.UNKNOWN && header.dataType() != declared) {
                throw json.error(pathNode, file.sourcePath() + " holds dtype '" + header.descr() + "' ("
                        + header.dataType() + ") but initialValuesDataType is " + declared.name());
            }
            return new Typed(header.dataType(), header.dataSizeInBytes());
        } catch (ModelFormatException e) {
            if (e.sourceName().equals(json.sourceName())) {
                throw e;
            }
            throw json.error(pathNode, e.detail());
        }
    }

    private InitialValues initialValues(Node node, TensorDataType type) {
        if (node instanceof EncodedArrayNode) {
            // Encoded in the type the survey read from this same resource's initialValuesDataType.
            return ((EncodedArrayNode) node).values();
        }
        if (node instanceof ArrayNode) {
            // Built as a tree only when the resource has no element type: DxDispatch's list initializer.
            return listInitializer((ArrayNode) node);
        }
        if (node instanceof JsonTree.UnreadArrayNode) {
            throw new IllegalStateException(node.where().path() + ": an array left unread although its resource has"
                    + " the data type " + type);
        }
        if (node instanceof StringNode && ((StringNode) node).value().equals("deferred")) {
            throw json.error(node, "deferred resources (\"deferred\": filled by an onnx dispatchable when it runs) are"
                    + " not supported: dmlemu runs no onnx dispatchables, only DirectML operators");
        }
        if (!(node instanceof ObjectNode)) {
            throw json.error(node, "expected an array or an object ({valueCount, value}, {valueCount, valueStart,"
                    + " valueDelta} or {sourcePath}), got " + node.describe());
        }
        Map<String, Member> members = ((ObjectNode) node).members();
        if (members.containsKey("sourcePath")) {
            Obj o = json.object(node, "").allow("sourcePath");
            Node pathNode = json.remember(o.required("sourcePath"));
            String path = json.string(pathNode);
            String lower = path.toLowerCase(Locale.ROOT);
            if (lower.endsWith(".png") || lower.endsWith(".jpg")) {
                throw json.error(pathNode, "'" + path + "' is an image: images are not supported (" + FILE_KINDS + ")");
            }
            if (!lower.endsWith(".npy") && !lower.endsWith(".dat") && !lower.endsWith(".bin")) {
                throw json.error(pathNode, "'" + path + "': initial values are read from " + FILE_KINDS
                        + " files only");
            }
            return new FileValues(path);
        }
        if (members.containsKey("value")) {
            Obj o = json.object(node, "").allow("valueCount", "value");
            long count = json.uint32(o.required("valueCount"));
            return new ConstantValues(count, scalar(o.required("value"), type));
        }
        if (members.containsKey("valueStart") || members.containsKey("valueDelta")) {
            Obj o = json.object(node, "").allow("valueCount", "valueStart", "valueDelta");
            long count = json.uint32(o.required("valueCount"));
            Node startNode = o.required("valueStart");
            Node deltaNode = o.required("valueDelta");
            Scalar start = scalar(startNode, type);
            Scalar delta = scalar(deltaNode, type);
            if (!type.isFloatingPoint() || start instanceof DecimalScalar && delta instanceof DecimalScalar) {
                String unbounded = GeneratedValues.unboundedSequence(((DecimalScalar) start).value(),
                        ((DecimalScalar) delta).value());
                if (unbounded != null) {
                    throw json.error(node, unbounded);
                }
                checkSequenceEnd(node, count, start, delta, type);
            }
            return new SequenceValues(count, start, delta);
        }
        throw json.error(node, "expected {valueCount, value}, {valueCount, valueStart, valueDelta} or {sourcePath}, got"
                + " fields " + members.keySet());
    }

    /** DxDispatch's list initializer: {@code [{"type": "UINT32", "value": 6, "name": "count"}, ...]}. */
    private ListValues listInitializer(ArrayNode array) {
        if (array.elements().isEmpty()) {
            throw json.error(array, "initialValues must be non-empty");
        }
        List<ListValues.Entry> entries = new ArrayList<>();
        for (Node element : array.elements()) {
            if (!(element instanceof ObjectNode)) {
                throw json.error(element, "expected a list initializer entry {\"type\": ..., \"value\": ...} (the"
                        + " resource has no initialValuesDataType, or UNKNOWN), got " + element.describe());
            }
            Obj entry = json.object(element, "").allow("type", "value", "name");
            entry.optional("name").ifPresent(json::string);
            Node typeNode = entry.required("type");
            TensorDataType type = json.enumValue(typeNode, TensorDataType::fromName);
            if (!ListValues.ENTRY_TYPES.contains(type)) {
                throw json.error(typeNode, type.name() + " is not a list initializer type (DxDispatch's are "
                        + ListValues.ENTRY_TYPES.stream().map(TensorDataType::name).sorted()
                                .collect(Collectors.joining(", ")) + ")");
            }
            entries.add(new ListValues.Entry(type, scalar(entry.required("value"), type)));
        }
        return new ListValues(entries);
    }

    /** A sequence is linear, so it stays in range when its last element does. */
    private void checkSequenceEnd(Node node, long count, Scalar start, Scalar delta, TensorDataType type) {
        if (count < 2) {
            return;
        }
        BigDecimal last = ((DecimalScalar) start).value()
                .add(((DecimalScalar) delta).value().multiply(BigDecimal.valueOf(count - 1)));
        String problem = ValueCodec.problem(new DecimalScalar(last), last.toString(), type);
        if (problem != null) {
            throw json.error(node, "element " + (count - 1) + " of the sequence: " + problem);
        }
    }

    private Scalar scalar(Node node, TensorDataType type) {
        Scalar scalar;
        if (node instanceof NumberNode) {
            NumberNode number = (NumberNode) node;
            scalar = DecimalScalar.ofJson(number.value(), number.text());
        } else if (node instanceof StringNode && SpecialScalar.fromJsonText(((StringNode) node).value()) != null) {
            scalar = SpecialScalar.fromJsonText(((StringNode) node).value());
        } else {
            throw json.error(node, "expected a number"
                    + (type.isFloatingPoint() ? " or \"nan\", \"inf\", \"-inf\"" : "") + ", got " + node.describe());
        }
        String problem = ValueCodec.problem(scalar, node.describe(), type);
        if (problem != null) {
            throw json.error(node, problem);
        }
        return scalar;
    }
}
