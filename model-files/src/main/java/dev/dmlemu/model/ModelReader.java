package dev.dmlemu.model;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.InvalidTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.desc.TensorSizeOverflowException;
import dev.dmlemu.desc.TensorType;
import dev.dmlemu.model.JsonTree.ArrayNode;
import dev.dmlemu.model.JsonTree.BooleanNode;
import dev.dmlemu.model.JsonTree.EncodedArrayNode;
import dev.dmlemu.model.JsonTree.Member;
import dev.dmlemu.model.JsonTree.Node;
import dev.dmlemu.model.JsonTree.NullNode;
import dev.dmlemu.model.JsonTree.NumberNode;
import dev.dmlemu.model.JsonTree.ObjectNode;
import dev.dmlemu.model.JsonTree.StringNode;
import dev.dmlemu.model.JsonTree.Where;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Maps a located JSON tree onto {@link ModelFile}, checking everything a file can get wrong on its own. */
final class ModelReader {

    private static final BigDecimal UINT32_MAX = BigDecimal.valueOf(0xFFFF_FFFFL);
    private static final BigDecimal UINT64_MAX = new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));

    /** The longest Sizes or Strides list read: far past DirectML's 8 dimensions, far short of a memory problem. */
    static final int MAX_DIMENSIONS_READ = 64;

    private final String sourceName;
    /** Where {@code sourcePath}s may be read from; empty when files are not to be opened. */
    private final Optional<SourceFolders> sources;
    private final SourceMap sourceMap;

    ModelReader(String sourceName, Optional<SourceFolders> sources, SourceMap sourceMap) {
        this.sourceName = sourceName;
        this.sources = sources;
        this.sourceMap = sourceMap;
    }

    ModelFile read(Node root) {
        Obj top = object(root, "the model").allow("$schema", "resources", "dispatchables", "commands");
        top.optional("$schema").ifPresent(this::string);

        Map<String, ResourceDecl> resources = new LinkedHashMap<>();
        for (Member m : object(top.required("resources"), "resources").node.members().values()) {
            remember(m.value());
            resources.put(m.name(), resource(m.value()));
        }
        Map<String, Dispatchable> dispatchables = new LinkedHashMap<>();
        for (Member m : object(top.required("dispatchables"), "dispatchables").node.members().values()) {
            remember(m.value());
            dispatchables.put(m.name(), dispatchable(m.value(), resources));
        }
        List<Command> commands = new ArrayList<>();
        for (Node c : array(top.required("commands")).elements()) {
            remember(c);
            commands.add(command(c, resources, dispatchables));
        }
        return new ModelFile(resources, dispatchables, commands);
    }

    // ---- resources

    /** The image fields of a DxDispatch resource: dmlemu reads no images. */
    private static final List<String> IMAGE_FIELDS = List.of("resampleSize", "resampleMode");

    /** What the {@code sourcePath} of a file initializer may name. */
    private static final String FILE_KINDS = ".npy (typed), .dat or .bin (raw bytes of initialValuesDataType)";

    private ResourceDecl resource(Node node) {
        Obj r = object(node, "a resource");
        for (String image : IMAGE_FIELDS) {
            if (r.has(image)) {
                throw error(r.nameWhere(image), "'" + image + "' resamples an image file: images are not supported"
                        + " (initial values come from arrays, generators, or " + FILE_KINDS + " files)");
            }
        }
        r.allow("initialValuesDataType", "initialValues", "sizeInBytes", "initialValuesOffsetInBytes");
        Optional<Node> typeNode = r.optional("initialValuesDataType");
        TensorDataType declared = typeNode.map(n -> enumValue(remember(n), TensorDataType::fromName))
                .orElse(TensorDataType.UNKNOWN);
        OptionalLong sizeInBytes = r.optional("sizeInBytes").map(n -> OptionalLong.of(uint64(remember(n))))
                .orElse(OptionalLong.empty());
        long offset = r.optional("initialValuesOffsetInBytes").map(n -> uint64(remember(n))).orElse(0L);
        Node valuesNode = remember(r.required("initialValues"));
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
                throw error(at, problem);
            }
        }
        if (sizeInBytes.isPresent() && Long.compareUnsigned(sizeInBytes.getAsLong(), -4L) > 0) {
            throw error(r.required("sizeInBytes"), "sizeInBytes " + Long.toUnsignedString(sizeInBytes.getAsLong())
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
                ? error(typeNode.get(), "UNKNOWN is the list initializer's type (an array of {\"type\", \"value\"}"
                        + " entries); this initializer needs the element type")
                : error(r.node, "missing required field 'initialValuesDataType'");
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
            throw typeNode.isPresent() ? error(typeNode.get(), "a raw file initializer ('" + file.sourcePath()
                    + "') needs the element type, not UNKNOWN")
                    : error(r.node, "missing required field 'initialValuesDataType': a raw file ('"
                            + file.sourcePath() + "') has no type of its own");
        }
        if (sources.isEmpty()) {
            if (declared == TensorDataType.UNKNOWN) {
                throw error(pathNode, "the element type of '" + file.sourcePath() + "' is in the file, which is"
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
                throw error(pathNode, file.sourcePath() + " holds dtype '" + header.descr() + "' ("
                        + header.dataType() + ") but initialValuesDataType is " + declared.name());
            }
            return new Typed(header.dataType(), header.dataSizeInBytes());
        } catch (ModelFormatException e) {
            if (e.sourceName().equals(sourceName)) {
                throw e;
            }
            throw error(pathNode, e.detail());
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
            throw error(node, "deferred resources (\"deferred\": filled by an onnx dispatchable when it runs) are not"
                    + " supported: dmlemu runs no onnx dispatchables, only DirectML operators ("
                    + supportedOperators() + ")");
        }
        if (!(node instanceof ObjectNode)) {
            throw error(node, "expected an array or an object ({valueCount, value}, {valueCount, valueStart,"
                    + " valueDelta} or {sourcePath}), got " + node.describe());
        }
        Map<String, Member> members = ((ObjectNode) node).members();
        if (members.containsKey("sourcePath")) {
            Obj o = object(node, "").allow("sourcePath");
            Node pathNode = remember(o.required("sourcePath"));
            String path = string(pathNode);
            String lower = path.toLowerCase(Locale.ROOT);
            if (lower.endsWith(".png") || lower.endsWith(".jpg")) {
                throw error(pathNode, "'" + path + "' is an image: images are not supported (" + FILE_KINDS + ")");
            }
            if (!lower.endsWith(".npy") && !lower.endsWith(".dat") && !lower.endsWith(".bin")) {
                throw error(pathNode, "'" + path + "': initial values are read from " + FILE_KINDS + " files only");
            }
            return new FileValues(path);
        }
        if (members.containsKey("value")) {
            Obj o = object(node, "").allow("valueCount", "value");
            long count = uint32(o.required("valueCount"));
            return new ConstantValues(count, scalar(o.required("value"), type));
        }
        if (members.containsKey("valueStart") || members.containsKey("valueDelta")) {
            Obj o = object(node, "").allow("valueCount", "valueStart", "valueDelta");
            long count = uint32(o.required("valueCount"));
            Node startNode = o.required("valueStart");
            Node deltaNode = o.required("valueDelta");
            Scalar start = scalar(startNode, type);
            Scalar delta = scalar(deltaNode, type);
            if (!type.isFloatingPoint() || start instanceof DecimalScalar && delta instanceof DecimalScalar) {
                String unbounded = GeneratedValues.unboundedSequence(((DecimalScalar) start).value(),
                        ((DecimalScalar) delta).value());
                if (unbounded != null) {
                    throw error(node, unbounded);
                }
                checkSequenceEnd(node, count, start, delta, type);
            }
            return new SequenceValues(count, start, delta);
        }
        throw error(node, "expected {valueCount, value}, {valueCount, valueStart, valueDelta} or {sourcePath}, got"
                + " fields " + members.keySet());
    }

    /** DxDispatch's list initializer: {@code [{"type": "UINT32", "value": 6, "name": "count"}, ...]}. */
    private ListValues listInitializer(ArrayNode array) {
        if (array.elements().isEmpty()) {
            throw error(array, "initialValues must be non-empty");
        }
        List<ListValues.Entry> entries = new ArrayList<>();
        for (Node element : array.elements()) {
            if (!(element instanceof ObjectNode)) {
                throw error(element, "expected a list initializer entry {\"type\": ..., \"value\": ...} (the"
                        + " resource has no initialValuesDataType, or UNKNOWN), got " + element.describe());
            }
            Obj entry = object(element, "").allow("type", "value", "name");
            entry.optional("name").ifPresent(this::string);
            Node typeNode = entry.required("type");
            TensorDataType type = enumValue(typeNode, TensorDataType::fromName);
            if (!ListValues.ENTRY_TYPES.contains(type)) {
                throw error(typeNode, type.name() + " is not a list initializer type (DxDispatch's are "
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
            throw error(node, "element " + (count - 1) + " of the sequence: " + problem);
        }
    }

    private Scalar scalar(Node node, TensorDataType type) {
        Scalar scalar;
        if (node instanceof NumberNode) {
            NumberNode number = (NumberNode) node;
            scalar = new DecimalScalar(number.value(), number.value().signum() == 0 && number.text().startsWith("-"));
        } else if (node instanceof StringNode && SpecialScalar.fromJsonText(((StringNode) node).value()) != null) {
            scalar = SpecialScalar.fromJsonText(((StringNode) node).value());
        } else {
            throw error(node, "expected a number" + (type.isFloatingPoint() ? " or \"nan\", \"inf\", \"-inf\"" : "")
                    + ", got " + node.describe());
        }
        String problem = ValueCodec.problem(scalar, node.describe(), type);
        if (problem != null) {
            throw error(node, problem);
        }
        return scalar;
    }

    // ---- dispatchables

    private Dispatchable dispatchable(Node node, Map<String, ResourceDecl> resources) {
        Obj d = object(node, "a dispatchable");
        Node typeNode = d.requiredEither("type", "Type");
        String typeName = string(typeNode);
        if (List.of("hlsl", "onnx", "dmlserializedgraph").contains(typeName.toLowerCase(Locale.ROOT))) {
            throw error(typeNode, "'" + typeName + "' dispatchables are not supported: only DirectML operators are"
                    + " (" + supportedOperators() + ")");
        }
        OperatorType type;
        try {
            type = OperatorType.fromName(typeName);
        } catch (IllegalArgumentException e) {
            throw error(typeNode, "operator type '" + typeName + "' is not supported: only " + supportedOperators()
                    + (OperatorDescs.operators().size() == 1 ? " is" : " are"));
        }
        OperatorSchema schema = OperatorDescs.schema(type).orElseThrow(() -> error(typeNode, "operator type "
                + type.name() + " is not supported: only " + supportedOperators()
                + (OperatorDescs.operators().size() == 1 ? " is" : " are")));
        List<String> own = List.of("type", "Type", "desc", "Desc", "executionFlags", "dmlCompileType", "bindings");
        Obj desc;
        if (d.has("desc") || d.has("Desc")) {
            d.allow(own.toArray(String[]::new));
            desc = object(d.requiredEither("desc", "Desc"), "an operator desc")
                    .allow(schema.fieldNames().toArray(String[]::new));
        } else {
            // DxDispatch reads the desc fields from the dispatchable itself when it has no desc member.
            desc = d.allowAlso(own.toArray(String[]::new)).allow(schema.fieldNames().toArray(String[]::new));
        }
        d.optional("dmlCompileType").ifPresent(n -> {
            String compile = string(n);
            if (!compile.equals("DmlCompileOp") && !compile.equals("DmlCompileGraph")) {
                throw error(n, "'" + compile + "' is not a dmlCompileType (DmlCompileOp, DmlCompileGraph)");
            }
        });
        Set<ExecutionFlag> flags = d.optional("executionFlags").map(this::executionFlags).orElse(Set.of());
        // DxDispatch names desc fields exactly as the C struct does, and requires every one.
        List<Object> values = new ArrayList<>();
        for (DescField field : schema.fields()) {
            Node value = desc.required(field.cName());
            values.add(field.type() == DescField.Type.TENSOR ? tensor(value) : (Object) uint32(value));
        }
        OperatorDesc operator = schema.create(values);
        Map<String, BindingRef> initialization = new LinkedHashMap<>();
        Optional<Node> bindingsNode = d.optional("bindings");
        if (bindingsNode.isPresent()) {
            for (Member m : object(remember(bindingsNode.get()), "bindings").node.members().values()) {
                remember(m.value());
                TensorField field = tensorField(operator, m);
                if (!ownedByDml(field)) {
                    throw error(m.nameWhere(), field.name() + " is not flagged OWNED_BY_DML: DirectML binds a"
                            + " tensor when the operator is initialized only when it is; bind this one in the"
                            + " dispatch command");
                }
                initialization.put(m.name(), binding(m.name(), m.value(), resources));
            }
        }
        return new OperatorDispatchable(operator, flags, initialization);
    }

    private static boolean ownedByDml(TensorField field) {
        return field.desc() instanceof BufferTensorDesc && ((BufferTensorDesc) field.desc()).flags()
                == TensorFlags.OWNED_BY_DML;
    }

    /** The tensor field a binding's name names, or an error listing the operator's fields. */
    private TensorField tensorField(OperatorDesc desc, Member m) {
        List<TensorField> fields = desc.tensorFields();
        return fields.stream().filter(f -> f.name().equals(m.name())).findFirst().orElseThrow(() ->
                error(m.nameWhere(), desc.operatorType().name() + " has no tensor field '" + m.name() + "' (fields: "
                        + fields.stream().map(TensorField::name).collect(Collectors.joining(", ")) + ")"));
    }

    /** {@code GATHER_ELEMENTS} or {@code GATHER_ELEMENTS, GATHER}: what a dispatchable's type may name. */
    private static String supportedOperators() {
        return OperatorDescs.operators().stream().map(OperatorType::name).collect(Collectors.joining(", "));
    }

    private Set<ExecutionFlag> executionFlags(Node node) {
        EnumSet<ExecutionFlag> flags = EnumSet.noneOf(ExecutionFlag.class);
        if (node instanceof ArrayNode) {
            for (Node element : ((ArrayNode) node).elements()) {
                flags.add(enumValue(element, ExecutionFlag::fromName));
            }
        } else if (node instanceof StringNode) {
            flags.add(enumValue(node, ExecutionFlag::fromName));
        } else {
            throw error(node, "expected a flag name or an array of flag names, got " + node.describe());
        }
        return flags;
    }

    private TensorDesc tensor(Node node) {
        Obj t = object(node, "a tensor desc");
        Optional<Node> typeNode = t.optional("Type");
        TensorType type = typeNode.map(n -> enumValue(n, TensorType::fromName)).orElse(TensorType.BUFFER);
        if (type == TensorType.INVALID) {
            t.allow("Type");
            return new InvalidTensorDesc();
        }
        if (t.has("Desc")) {
            t.allow("Type", "Desc");
            return bufferTensor(object(t.required("Desc"), "a buffer tensor desc"));
        }
        return bufferTensor(t.allowAlso("Type"));
    }

    private BufferTensorDesc bufferTensor(Obj t) {
        t.allow("DataType", "Flags", "DimensionCount", "Sizes", "Strides", "TotalTensorSizeInBytes",
                "GuaranteedBaseOffsetAlignment");
        TensorDataType dataType = enumValue(t.required("DataType"), TensorDataType::fromName);
        TensorFlags flags = t.optional("Flags").map(this::tensorFlags).orElse(TensorFlags.NONE);
        List<Long> sizes = dimensionArray(t.required("Sizes"));
        Optional<List<Long>> strides = t.optional("Strides").filter(n -> !(n instanceof NullNode))
                .map(this::dimensionArray);
        long dimensionCount = t.optional("DimensionCount").map(this::uint32).orElse((long) sizes.size());
        long alignment = t.optional("GuaranteedBaseOffsetAlignment").map(this::uint32).orElse(0L);
        long total = t.optional("TotalTensorSizeInBytes").map(this::uint64).orElse(0L);
        if (total == 0) {
            try {
                total = computedTotal(dataType, sizes, strides);
            } catch (TensorSizeOverflowException e) {
                throw error(t.node, "the tensor's byte size overflows 64 bits (" + e.getMessage() + ")");
            }
        }
        return new BufferTensorDesc(dataType, flags, dimensionCount, sizes, strides, total, alignment);
    }

    /**
     * {@code DMLCalcBufferTensorSize}, or 0 when it is undefined (UNKNOWN type, strides of the wrong length): such a
     * desc is still representable and the validator reports why.
     */
    static long computedTotal(TensorDataType dataType, List<Long> sizes, Optional<List<Long>> strides) {
        try {
            return BufferTensorMath.calcBufferTensorSize(dataType, sizes, strides);
        } catch (IllegalArgumentException e) {
            return 0;
        }
    }

    private TensorFlags tensorFlags(Node node) {
        if (node instanceof ArrayNode) {
            TensorFlags combined = TensorFlags.NONE;
            for (Node element : ((ArrayNode) node).elements()) {
                if (enumValue(element, TensorFlags::fromName) == TensorFlags.OWNED_BY_DML) {
                    combined = TensorFlags.OWNED_BY_DML;
                }
            }
            return combined;
        }
        return enumValue(node, TensorFlags::fromName);
    }

    // ---- commands

    private Command command(Node node, Map<String, ResourceDecl> resources, Map<String, Dispatchable> dispatchables) {
        Obj c = object(node, "a command");
        Node typeNode = c.required("type");
        String type = string(typeNode);
        // DxDispatch compares command types ignoring case ("Dispatch", "PRINT", "writefile").
        switch (type.toLowerCase(Locale.ROOT)) {
            case "dispatch": {
                c.allow("type", "dispatchable", "bindings", "threadGroupCount");
                c.optional("threadGroupCount").ifPresent(this::threadGroupCount);
                Node nameNode = c.required("dispatchable");
                String name = string(nameNode);
                Dispatchable target = dispatchables.get(name);
                if (target == null) {
                    throw error(nameNode, "unknown dispatchable '" + name + "' (defined: "
                            + String.join(", ", dispatchables.keySet()) + ")");
                }
                OperatorDispatchable operator = (OperatorDispatchable) target;
                Map<String, BindingRef> bindings = new LinkedHashMap<>();
                Optional<Node> bindingsNode = c.optional("bindings");
                if (bindingsNode.isPresent()) {
                    remember(bindingsNode.get());
                    for (Member m : object(bindingsNode.get(), "bindings").node.members().values()) {
                        remember(m.value());
                        TensorField field = tensorField(operator.desc(), m);
                        if (operator.initializationBindings().containsKey(field.name())) {
                            throw error(m.nameWhere(), field.name() + " is flagged OWNED_BY_DML and bound by the"
                                    + " dispatchable when it is initialized; DirectML refuses it bound again at"
                                    + " execution");
                        }
                        bindings.put(m.name(), binding(m.name(), m.value(), resources));
                    }
                }
                return new DispatchCommand(name, bindings);
            }
            case "print": {
                c.allow("type", "resource", "verbose");
                String resource = resourceName(remember(c.required("resource")), resources);
                boolean verbose = c.optional("verbose").map(this::bool).orElse(false);
                return new PrintCommand(resource, verbose);
            }
            case "writefile": {
                c.allow("type", "resource", "targetPath", "dimensions");
                String resource = resourceName(remember(c.required("resource")), resources);
                Node targetNode = remember(c.required("targetPath"));
                String target = string(targetNode);
                String lower = target.toLowerCase(Locale.ROOT);
                if (lower.endsWith(".png") || lower.endsWith(".jpg")) {
                    throw error(targetNode, "'" + target + "' is an image: images are not supported (writeFile"
                            + " writes .npy, or raw .dat and .bin)");
                }
                if (!lower.endsWith(".npy") && !lower.endsWith(".dat") && !lower.endsWith(".bin")) {
                    throw error(targetNode, "writeFile writes .npy, or raw .dat and .bin, not '" + target + "'");
                }
                List<Long> dimensions = c.optional("dimensions").map(n -> dimensionArray(remember(n)))
                        .orElse(List.of());
                return new WriteFileCommand(resource, target, dimensions);
            }
            default:
                throw error(typeNode, "unknown command type '" + type + "' (known: dispatch, print, writeFile)");
        }
    }

    /** DxDispatch's HLSL thread groups: three UINTs, which a DirectML operator's dispatch ignores. */
    private void threadGroupCount(Node node) {
        List<Node> counts = array(node).elements();
        if (counts.size() != 3) {
            throw error(node, "threadGroupCount must hold 3 unsigned integers (X, Y, Z), not " + counts.size());
        }
        counts.forEach(this::uint32);
    }

    /**
     * A bind point's resources: a name, a binding object, or an array of them. Each tensor field of the mirrored
     * operators is one bind point of one resource, so an array must hold exactly one (DxDispatch: "Bind point 'X'
     * requires 1 resources, but 2 were bound").
     */
    private BindingRef binding(String field, Node node, Map<String, ResourceDecl> resources) {
        if (node instanceof ArrayNode) {
            List<Node> elements = ((ArrayNode) node).elements();
            if (elements.size() != 1) {
                throw error(node, "bind point '" + field + "' requires 1 resource, but " + elements.size()
                        + " were bound");
            }
            return binding(field, elements.get(0), resources);
        }
        if (node instanceof StringNode) {
            return BindingRef.of(resourceName(node, resources));
        }
        Obj b = object(node, "a binding");
        for (String unsupported : List.of("format", "elementStride", "counter", "counterOffsetBytes", "shape")) {
            if (b.has(unsupported)) {
                throw error(b.nameWhere(unsupported), "binding field '" + unsupported + "' is for HLSL or onnx"
                        + " dispatchables, not DirectML operators (allowed: name, elementOffset,"
                        + " elementSizeInBytes, elementCount)");
            }
        }
        b.allow("name", "elementOffset", "elementSizeInBytes", "elementCount");
        String resource = resourceName(remember(b.required("name")), resources);
        long offset = b.optional("elementOffset").map(n -> uint64(remember(n))).orElse(0L);
        long elementSize = b.optional("elementSizeInBytes").map(n -> uint64(remember(n))).orElse(0L);
        // DxDispatch reads elementCount but gives a DML operator the rest of the buffer from the offset on.
        b.optional("elementCount").ifPresent(this::uint64);
        return new BindingRef(resource, offset, elementSize);
    }

    private String resourceName(Node node, Map<String, ResourceDecl> resources) {
        String name = string(node);
        if (!resources.containsKey(name)) {
            throw error(node, "unknown resource '" + name + "' (defined: " + String.join(", ", resources.keySet())
                    + ")");
        }
        return name;
    }

    // ---- typed leaves

    private String string(Node node) {
        if (!(node instanceof StringNode)) {
            throw error(node, "expected a string, got " + node.describe());
        }
        return ((StringNode) node).value();
    }

    private boolean bool(Node node) {
        if (!(node instanceof BooleanNode)) {
            throw error(node, "expected true or false, got " + node.describe());
        }
        return ((BooleanNode) node).value();
    }

    private ArrayNode array(Node node) {
        if (!(node instanceof ArrayNode)) {
            throw error(node, "expected an array, got " + node.describe());
        }
        return (ArrayNode) node;
    }

    private long uint32(Node node) {
        if (node instanceof NumberNode && ((NumberNode) node).integerToken()) {
            BigDecimal v = ((NumberNode) node).value();
            if (v.signum() >= 0 && v.compareTo(UINT32_MAX) <= 0) {
                return v.longValueExact();
            }
        }
        throw error(node, "expected an unsigned 32-bit integer, got " + node.describe());
    }

    /** A UINT64 as its bit pattern: values above 2^63 - 1 are negative longs (compare with Long.compareUnsigned). */
    private long uint64(Node node) {
        if (node instanceof NumberNode && ((NumberNode) node).integerToken()) {
            BigDecimal v = ((NumberNode) node).value();
            if (v.signum() >= 0 && v.compareTo(UINT64_MAX) <= 0) {
                return v.toBigIntegerExact().longValue();
            }
        }
        throw error(node, "expected an unsigned 64-bit integer, got " + node.describe());
    }

    /**
     * Sizes or Strides: UINTs, at most {@link #MAX_DIMENSIONS_READ} of them. DirectML tensors have at most 8
     * dimensions (the validator reports 9 and more); a longer list is not a tensor, and each entry would cost a
     * diagnostic per feature level.
     */
    private List<Long> dimensionArray(Node node) {
        List<Node> elements = array(node).elements();
        if (elements.size() > MAX_DIMENSIONS_READ) {
            throw error(node, "has " + elements.size() + " entries; dmlemu reads at most " + MAX_DIMENSIONS_READ
                    + " (DirectML tensors have at most 8 dimensions)");
        }
        List<Long> values = new ArrayList<>();
        for (Node element : elements) {
            values.add(uint32(element));
        }
        return values;
    }

    private <E> E enumValue(Node node, Function<String, E> parse) {
        String text = string(node);
        try {
            return parse.apply(text);
        } catch (IllegalArgumentException e) {
            throw error(node, e.getMessage());
        }
    }

    // ---- objects with known fields

    private Obj object(Node node, String what) {
        if (!(node instanceof ObjectNode)) {
            throw error(node, "expected " + (what.startsWith("a") ? what + " (an object)" : "an object") + ", got "
                    + node.describe());
        }
        return new Obj((ObjectNode) node);
    }

    /** An object whose fields are checked against the names its form allows. */
    private final class Obj {
        final ObjectNode node;
        private final List<String> allowed = new ArrayList<>();

        Obj(ObjectNode node) {
            this.node = node;
        }

        /** Adds names to the allowed ones and fails on the first field that is not allowed. */
        Obj allow(String... names) {
            allowed.addAll(List.of(names));
            for (Member m : node.members().values()) {
                if (!allowed.contains(m.name())) {
                    throw error(m.nameWhere(), "unknown field '" + m.name() + "' (allowed: "
                            + String.join(", ", allowed) + ")");
                }
            }
            return this;
        }

        /** Adds names to the allowed ones without checking yet. */
        Obj allowAlso(String... names) {
            allowed.addAll(List.of(names));
            return this;
        }

        boolean has(String name) {
            return node.members().containsKey(name);
        }

        Where nameWhere(String name) {
            return node.members().get(name).nameWhere();
        }

        Node required(String name) {
            Member m = node.members().get(name);
            if (m == null) {
                throw error(node, "missing required field '" + name + "'");
            }
            return m.value();
        }

        /** A field DxDispatch accepts in either spelling ({@code type}/{@code Type}); both at once is an error. */
        Node requiredEither(String name, String otherName) {
            if (has(name) && has(otherName)) {
                throw error(nameWhere(otherName), "both '" + name + "' and '" + otherName + "' are given");
            }
            if (!has(name) && !has(otherName)) {
                throw error(node, "missing required field '" + name + "'");
            }
            return required(has(name) ? name : otherName);
        }

        Optional<Node> optional(String name) {
            return Optional.ofNullable(node.members().get(name)).map(Member::value);
        }
    }

    /** Notes where {@code node} was written, for errors found after reading ({@link SourceMap}). */
    private Node remember(Node node) {
        sourceMap.record(node.where().path(), node.where().line(), node.where().column());
        return node;
    }

    private ModelFormatException error(Node node, String detail) {
        return error(node.where(), detail);
    }

    private ModelFormatException error(Where where, String detail) {
        return new ModelFormatException(sourceName, where.path(), where.line(), where.column(), detail);
    }
}
