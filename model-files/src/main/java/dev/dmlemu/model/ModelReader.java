package dev.dmlemu.model;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.InvalidTensorDesc;
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
            dispatchables.put(m.name(), dispatchable(m.value()));
        }
        List<Command> commands = new ArrayList<>();
        for (Node c : array(top.required("commands")).elements()) {
            remember(c);
            commands.add(command(c, resources, dispatchables));
        }
        return new ModelFile(resources, dispatchables, commands);
    }

    // ---- resources

    private ResourceDecl resource(Node node) {
        Obj r = object(node, "a resource").allow("initialValuesDataType", "initialValues", "sizeInBytes");
        Node typeNode = r.required("initialValuesDataType");
        TensorDataType type = enumValue(typeNode, TensorDataType::fromName);
        if (type == TensorDataType.UNKNOWN) {
            throw error(typeNode, "UNKNOWN (DxDispatch's list initializer) is not supported; give the element type");
        }
        OptionalLong sizeInBytes = r.optional("sizeInBytes").map(n -> OptionalLong.of(uint64(remember(n))))
                .orElse(OptionalLong.empty());
        Node valuesNode = remember(r.required("initialValues"));
        InitialValues values = initialValues(valuesNode, type);
        long dataSize = dataSize(valuesNode, values, type);
        if (sizeInBytes.isPresent()) {
            Node sizeNode = r.required("sizeInBytes");
            long size = sizeInBytes.getAsLong();
            if (Long.compareUnsigned(size, dataSize) < 0) {
                throw error(sizeNode, "sizeInBytes " + Long.toUnsignedString(size) + " is smaller than the initial data ("
                        + dataSize + " bytes)");
            }
            if (Long.compareUnsigned(size, -4L) > 0) {
                throw error(sizeNode, "sizeInBytes " + Long.toUnsignedString(size)
                        + " overflows 64 bits when rounded up to a multiple of 4");
            }
        }
        return new ResourceDecl(type, values, sizeInBytes);
    }

    private long dataSize(Node valuesNode, InitialValues values, TensorDataType type) {
        if (values instanceof EncodedValues) {
            return ((EncodedValues) values).bytes().remaining();
        }
        if (values instanceof ConstantValues) {
            return ValueCodec.byteCount(type, ((ConstantValues) values).valueCount());
        }
        if (values instanceof SequenceValues) {
            return ValueCodec.byteCount(type, ((SequenceValues) values).valueCount());
        }
        if (sources.isEmpty()) {
            return 0; // unknown until materialized; ResourceData checks sizeInBytes again then
        }
        Node pathNode = ((ObjectNode) valuesNode).members().get("sourcePath").value();
        NpyFile.Header header;
        try {
            header = NpyFile.readHeader(sources.get().locate(((FileValues) values).sourcePath()));
        } catch (ModelFormatException e) {
            throw error(pathNode, e.detail());
        }
        if (header.dataType() != type) {
            throw error(pathNode, ((FileValues) values).sourcePath() + " holds dtype '" + header.descr() + "' ("
                    + header.dataType() + ") but initialValuesDataType is " + type.name());
        }
        return header.dataSizeInBytes();
    }

    private InitialValues initialValues(Node node, TensorDataType type) {
        if (node instanceof EncodedArrayNode) {
            // Encoded in the type the survey read from this same resource's initialValuesDataType.
            return ((EncodedArrayNode) node).values();
        }
        if (node instanceof JsonTree.UnreadArrayNode) {
            throw new IllegalStateException(node.where().path() + ": an array left unread although its resource has"
                    + " the data type " + type);
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
            if (!path.toLowerCase(Locale.ROOT).endsWith(".npy")) {
                throw error(pathNode, "only .npy files are supported as initial values, not '" + path + "'");
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

    private Dispatchable dispatchable(Node node) {
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
        d.allow("type", "Type", "desc", "Desc", "executionFlags", "dmlCompileType", "bindings");
        d.optional("dmlCompileType").ifPresent(n -> {
            String compile = string(n);
            if (!compile.equals("DmlCompileOp")) {
                throw error(n, "dmlCompileType '" + compile + "' is not supported; operators compile alone"
                        + " (DmlCompileOp)");
            }
        });
        d.optional("bindings").ifPresent(n -> {
            throw error(n, "dispatchable bindings (initializer inputs of OWNED_BY_DML tensors) are not supported");
        });
        Set<ExecutionFlag> flags = d.optional("executionFlags").map(this::executionFlags).orElse(Set.of());
        // DxDispatch names desc fields exactly as the C struct does, and requires every one.
        Obj desc = object(d.requiredEither("desc", "Desc"), "an operator desc")
                .allow(schema.fieldNames().toArray(String[]::new));
        List<Object> values = new ArrayList<>();
        for (DescField field : schema.fields()) {
            Node value = desc.required(field.cName());
            values.add(field.type() == DescField.Type.TENSOR ? tensor(value) : (Object) uint32(value));
        }
        return new OperatorDispatchable(schema.create(values), flags);
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
        switch (type) {
            case "dispatch": {
                c.allow("type", "dispatchable", "bindings");
                Node nameNode = c.required("dispatchable");
                String name = string(nameNode);
                Dispatchable target = dispatchables.get(name);
                if (target == null) {
                    throw error(nameNode, "unknown dispatchable '" + name + "' (defined: "
                            + String.join(", ", dispatchables.keySet()) + ")");
                }
                List<TensorField> fields = ((OperatorDispatchable) target).desc().tensorFields();
                Map<String, BindingRef> bindings = new LinkedHashMap<>();
                Optional<Node> bindingsNode = c.optional("bindings");
                if (bindingsNode.isPresent()) {
                    remember(bindingsNode.get());
                    for (Member m : object(bindingsNode.get(), "bindings").node.members().values()) {
                        remember(m.value());
                        if (fields.stream().noneMatch(f -> f.name().equals(m.name()))) {
                            throw error(m.nameWhere(), ((OperatorDispatchable) target).desc().operatorType().name()
                                    + " has no tensor field '" + m.name() + "' (fields: "
                                    + fields.stream().map(TensorField::name).collect(Collectors.joining(", ")) + ")");
                        }
                        bindings.put(m.name(), binding(m.value(), resources));
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
            case "writeFile": {
                c.allow("type", "resource", "targetPath");
                String resource = resourceName(remember(c.required("resource")), resources);
                Node targetNode = remember(c.required("targetPath"));
                String target = string(targetNode);
                if (!target.toLowerCase(Locale.ROOT).endsWith(".npy")) {
                    throw error(targetNode, "only .npy output is supported, not '" + target + "'");
                }
                return new WriteFileCommand(resource, target);
            }
            default:
                throw error(typeNode, "unknown command type '" + type + "' (known: dispatch, print, writeFile)");
        }
    }

    private BindingRef binding(Node node, Map<String, ResourceDecl> resources) {
        if (node instanceof StringNode) {
            return BindingRef.of(resourceName(node, resources));
        }
        if (node instanceof ArrayNode) {
            throw error(node, "binding arrays are not supported: each tensor field binds one resource");
        }
        Obj b = object(node, "a binding");
        for (String unsupported : List.of("elementCount", "elementStride", "format", "shape", "counterName",
                "counterOffsetBytes")) {
            if (b.has(unsupported)) {
                throw error(b.nameWhere(unsupported), "binding field '" + unsupported
                        + "' is not supported for DML operators (allowed: name, elementOffset)");
            }
        }
        b.allow("name", "elementOffset");
        String resource = resourceName(b.required("name"), resources);
        long offset = b.optional("elementOffset").map(this::uint64).orElse(0L);
        return new BindingRef(resource, offset);
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
