package dev.dmlemu.model;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.ExecutionFlag;
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
import dev.dmlemu.model.JsonFields.Obj;
import dev.dmlemu.model.JsonTree.ArrayNode;
import dev.dmlemu.model.JsonTree.Member;
import dev.dmlemu.model.JsonTree.Node;
import dev.dmlemu.model.JsonTree.NullNode;
import dev.dmlemu.model.JsonTree.StringNode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Maps a located JSON tree onto {@link ModelFile}, checking everything a file can get wrong on its own. */
final class ModelReader {

    private final JsonFields json;
    private final ResourceReader resourceReader;

    ModelReader(String sourceName, Optional<SourceFolders> sources, SourceMap sourceMap) {
        this.json = new JsonFields(sourceName, sourceMap);
        this.resourceReader = new ResourceReader(json, sources);
    }

    ModelFile read(Node root) {
        Obj top = json.object(root, "the model").allow("$schema", "resources", "dispatchables", "commands");
        top.optional("$schema").ifPresent(json::string);

        Map<String, ResourceDecl> resources = new LinkedHashMap<>();
        for (Member m : json.object(top.required("resources"), "resources").node.members().values()) {
            json.remember(m.value());
            resources.put(m.name(), resourceReader.resource(m.value()));
        }
        Map<String, Dispatchable> dispatchables = new LinkedHashMap<>();
        for (Member m : json.object(top.required("dispatchables"), "dispatchables").node.members().values()) {
            json.remember(m.value());
            dispatchables.put(m.name(), dispatchable(m.value(), resources));
        }
        List<Command> commands = new ArrayList<>();
        for (Node c : json.array(top.required("commands")).elements()) {
            json.remember(c);
            commands.add(command(c, resources, dispatchables));
        }
        return new ModelFile(resources, dispatchables, commands);
    }

    // ---- dispatchables

    private Dispatchable dispatchable(Node node, Map<String, ResourceDecl> resources) {
        Obj d = json.object(node, "a dispatchable");
        Node typeNode = d.requiredEither("type", "Type");
        String typeName = json.string(typeNode);
        if (List.of("hlsl", "onnx", "dmlserializedgraph").contains(typeName.toLowerCase(Locale.ROOT))) {
            throw json.error(typeNode, "'" + typeName + "' dispatchables are not supported: only DirectML operators are"
                    + " (DML_OPERATOR_GEMM, ...; 'dmlemu schema' lists them)");
        }
        OperatorType type;
        try {
            type = OperatorType.fromName(typeName);
        } catch (IllegalArgumentException e) {
            throw json.error(typeNode, "unknown operator type '" + typeName + "': not a DML_OPERATOR_* of DirectML.h"
                    + " ('dmlemu schema' lists them)");
        }
        OperatorSchema schema = OperatorDescs.schema(type).orElseThrow(() -> json.error(typeNode, type.cName()
                + " has no desc: it is not an operator"));
        List<String> own = List.of("type", "Type", "desc", "Desc", "executionFlags", "dmlCompileType", "bindings");
        Obj desc;
        if (d.has("desc") || d.has("Desc")) {
            d.allow(own.toArray(String[]::new));
            desc = json.object(d.requiredEither("desc", "Desc"), "an operator desc")
                    .allow(schema.fieldNames().toArray(String[]::new));
        } else {
            // DxDispatch reads the desc fields from the dispatchable itself when it has no desc member.
            desc = d.allowAlso(own.toArray(String[]::new)).allow(schema.fieldNames().toArray(String[]::new));
        }
        d.optional("dmlCompileType").ifPresent(n -> {
            String compile = json.string(n);
            if (!compile.equals("DmlCompileOp") && !compile.equals("DmlCompileGraph")) {
                throw json.error(n, "'" + compile + "' is not a dmlCompileType (DmlCompileOp, DmlCompileGraph)");
            }
        });
        Set<ExecutionFlag> flags = d.optional("executionFlags").map(this::executionFlags).orElse(Set.of());
        // DxDispatch names desc fields exactly as the C struct does.
        OperatorDesc operator = new DescReader(json, this::tensor).read(schema, desc, false);
        Map<String, BindingRef> initialization = new LinkedHashMap<>();
        Optional<Node> bindingsNode = d.optional("bindings");
        if (bindingsNode.isPresent()) {
            for (Member m : json.object(json.remember(bindingsNode.get()), "bindings").node.members().values()) {
                json.remember(m.value());
                for (BindPoint point : bindPoints(operator, m)) {
                    if (!ownedByDml(point.field())) {
                        throw json.error(m.nameWhere(), point.field().name() + " is not flagged OWNED_BY_DML:"
                                + " DirectML binds a tensor when the operator is initialized only when it is; bind"
                                + " this one in the dispatch command");
                    }
                    initialization.put(point.field().name(), binding(point.field().name(), point.node(), resources));
                }
            }
        }
        return new OperatorDispatchable(operator, flags, initialization);
    }

    private static boolean ownedByDml(TensorField field) {
        return field.desc() instanceof BufferTensorDesc && ((BufferTensorDesc) field.desc()).flags()
                == TensorFlags.OWNED_BY_DML;
    }

    /** One tensor field and the binding given for it. */
    private record BindPoint(TensorField field, Node node) {}

    /**
     * The tensor fields a binding names: one field, or, for a tensor array ({@code "InputTensors": ["A", "B"]}, as
     * DxDispatch binds DML_JOIN), each element in order ({@code InputTensors[0]}, ...), one resource apiece.
     */
    private List<BindPoint> bindPoints(OperatorDesc desc, Member m) {
        List<TensorField> elements = desc.tensorFields().stream()
                .filter(f -> f.name().startsWith(m.name() + "[")).toList();
        if (elements.isEmpty() || desc.tensorFields().stream().anyMatch(f -> f.name().equals(m.name()))) {
            return List.of(new BindPoint(tensorField(desc, m), m.value()));
        }
        if (!(m.value() instanceof ArrayNode)) {
            throw json.error(m.value(), "bind point '" + m.name() + "' is an array of " + elements.size()
                    + " tensors: bind an array of " + elements.size() + " resources");
        }
        List<Node> given = ((ArrayNode) m.value()).elements();
        if (given.size() != elements.size()) {
            throw json.error(m.value(), "bind point '" + m.name() + "' requires " + elements.size()
                    + " resources, but " + given.size() + " were bound");
        }
        List<BindPoint> points = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            json.remember(given.get(i));
            points.add(new BindPoint(elements.get(i), given.get(i)));
        }
        return points;
    }

    /** The tensor field a binding's name names, or an error listing the operator's fields. */
    private TensorField tensorField(OperatorDesc desc, Member m) {
        List<TensorField> fields = desc.tensorFields();
        return fields.stream().filter(f -> f.name().equals(m.name())).findFirst().orElseThrow(() ->
                json.error(m.nameWhere(), desc.operatorType().name() + " has no tensor field '" + m.name()
                        + "' (fields: " + fields.stream().map(TensorField::name).collect(Collectors.joining(", "))
                        + ")"));
    }

    private Set<ExecutionFlag> executionFlags(Node node) {
        EnumSet<ExecutionFlag> flags = EnumSet.noneOf(ExecutionFlag.class);
        if (node instanceof ArrayNode) {
            for (Node element : ((ArrayNode) node).elements()) {
                flags.add(json.enumValue(element, ExecutionFlag::fromName));
            }
        } else if (node instanceof StringNode) {
            flags.add(json.enumValue(node, ExecutionFlag::fromName));
        } else {
            throw json.error(node, "expected a flag name or an array of flag names, got " + node.describe());
        }
        return flags;
    }

    private TensorDesc tensor(Node node) {
        Obj t = json.object(node, "a tensor desc");
        Optional<Node> typeNode = t.optional("Type");
        TensorType type = typeNode.map(n -> json.enumValue(n, TensorType::fromName)).orElse(TensorType.BUFFER);
        if (type == TensorType.INVALID) {
            t.allow("Type");
            return new InvalidTensorDesc();
        }
        if (t.has("Desc")) {
            t.allow("Type", "Desc");
            return bufferTensor(json.object(t.required("Desc"), "a buffer tensor desc"));
        }
        return bufferTensor(t.allowAlso("Type"));
    }

    private BufferTensorDesc bufferTensor(Obj t) {
        t.allow("DataType", "Flags", "DimensionCount", "Sizes", "Strides", "TotalTensorSizeInBytes",
                "GuaranteedBaseOffsetAlignment");
        TensorDataType dataType = json.enumValue(t.required("DataType"), TensorDataType::fromName);
        TensorFlags flags = t.optional("Flags").map(this::tensorFlags).orElse(TensorFlags.NONE);
        List<Long> sizes = json.dimensionArray(t.required("Sizes"));
        Optional<List<Long>> strides = t.optional("Strides").filter(n -> !(n instanceof NullNode))
                .map(json::dimensionArray);
        long dimensionCount = t.optional("DimensionCount").map(json::uint32).orElse((long) sizes.size());
        long alignment = t.optional("GuaranteedBaseOffsetAlignment").map(json::uint32).orElse(0L);
        long total = t.optional("TotalTensorSizeInBytes").map(json::uint64).orElse(0L);
        if (total == 0) {
            try {
                total = computedTotal(dataType, sizes, strides);
            } catch (TensorSizeOverflowException e) {
                throw json.error(t.node, "the tensor's byte size overflows 64 bits (" + e.getMessage() + ")");
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
                if (json.enumValue(element, TensorFlags::fromName) == TensorFlags.OWNED_BY_DML) {
                    combined = TensorFlags.OWNED_BY_DML;
                }
            }
            return combined;
        }
        return json.enumValue(node, TensorFlags::fromName);
    }

    // ---- commands

    private Command command(Node node, Map<String, ResourceDecl> resources, Map<String, Dispatchable> dispatchables) {
        Obj c = json.object(node, "a command");
        Node typeNode = c.required("type");
        String type = json.string(typeNode);
        // DxDispatch compares command types ignoring case ("Dispatch", "PRINT", "writefile").
        switch (type.toLowerCase(Locale.ROOT)) {
            case "dispatch": {
                c.allow("type", "dispatchable", "bindings", "threadGroupCount");
                c.optional("threadGroupCount").ifPresent(this::threadGroupCount);
                Node nameNode = c.required("dispatchable");
                String name = json.string(nameNode);
                Dispatchable target = dispatchables.get(name);
                if (target == null) {
                    throw json.error(nameNode, "unknown dispatchable '" + name + "' (defined: "
                            + String.join(", ", dispatchables.keySet()) + ")");
                }
                OperatorDispatchable operator = (OperatorDispatchable) target;
                Map<String, BindingRef> bindings = new LinkedHashMap<>();
                Optional<Node> bindingsNode = c.optional("bindings");
                if (bindingsNode.isPresent()) {
                    json.remember(bindingsNode.get());
                    for (Member m : json.object(bindingsNode.get(), "bindings").node.members().values()) {
                        json.remember(m.value());
                        for (BindPoint point : bindPoints(operator.desc(), m)) {
                            String field = point.field().name();
                            if (operator.initializationBindings().containsKey(field)) {
                                throw json.error(m.nameWhere(), field + " is flagged OWNED_BY_DML and bound by the"
                                        + " dispatchable when it is initialized; DirectML refuses it bound again at"
                                        + " execution");
                            }
                            bindings.put(field, binding(field, point.node(), resources));
                        }
                    }
                }
                return new DispatchCommand(name, bindings);
            }
            case "print": {
                c.allow("type", "resource", "verbose");
                String resource = resourceName(json.remember(c.required("resource")), resources);
                boolean verbose = c.optional("verbose").map(json::bool).orElse(false);
                return new PrintCommand(resource, verbose);
            }
            case "writefile": {
                c.allow("type", "resource", "targetPath", "dimensions");
                String resource = resourceName(json.remember(c.required("resource")), resources);
                Node targetNode = json.remember(c.required("targetPath"));
                String target = json.string(targetNode);
                String lower = target.toLowerCase(Locale.ROOT);
                if (lower.endsWith(".png") || lower.endsWith(".jpg")) {
                    throw json.error(targetNode, "'" + target + "' is an image: images are not supported (writeFile"
                            + " writes .npy, or raw .dat and .bin)");
                }
                if (!lower.endsWith(".npy") && !lower.endsWith(".dat") && !lower.endsWith(".bin")) {
                    throw json.error(targetNode, "writeFile writes .npy, or raw .dat and .bin, not '" + target + "'");
                }
                List<Long> dimensions = c.optional("dimensions").map(n -> json.dimensionArray(json.remember(n)))
                        .orElse(List.of());
                return new WriteFileCommand(resource, target, dimensions);
            }
            default:
                throw json.error(typeNode, "unknown command type '" + type + "' (known: dispatch, print, writeFile)");
        }
    }

    /** DxDispatch's HLSL thread groups: three UINTs, which a DirectML operator's dispatch ignores. */
    private void threadGroupCount(Node node) {
        List<Node> counts = json.array(node).elements();
        if (counts.size() != 3) {
            throw json.error(node, "threadGroupCount must hold 3 unsigned integers (X, Y, Z), not " + counts.size());
        }
        counts.forEach(json::uint32);
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
                throw json.error(node, "bind point '" + field + "' requires 1 resource, but " + elements.size()
                        + " were bound");
            }
            return binding(field, elements.get(0), resources);
        }
        if (node instanceof StringNode) {
            return BindingRef.of(resourceName(node, resources));
        }
        Obj b = json.object(node, "a binding");
        for (String unsupported : List.of("format", "elementStride", "counter", "counterOffsetBytes", "shape")) {
            if (b.has(unsupported)) {
                throw json.error(b.nameWhere(unsupported), "binding field '" + unsupported + "' is for HLSL or onnx"
                        + " dispatchables, not DirectML operators (allowed: name, elementOffset,"
                        + " elementSizeInBytes, elementCount)");
            }
        }
        b.allow("name", "elementOffset", "elementSizeInBytes", "elementCount");
        String resource = resourceName(json.remember(b.required("name")), resources);
        long offset = b.optional("elementOffset").map(n -> json.uint64(json.remember(n))).orElse(0L);
        long elementSize = b.optional("elementSizeInBytes").map(n -> json.uint64(json.remember(n))).orElse(0L);
        // DxDispatch reads elementCount but gives a DML operator the rest of the buffer from the offset on.
        b.optional("elementCount").ifPresent(json::uint64);
        return new BindingRef(resource, offset, elementSize);
    }

    private String resourceName(Node node, Map<String, ResourceDecl> resources) {
        String name = json.string(node);
        if (!resources.containsKey(name)) {
            throw json.error(node, "unknown resource '" + name + "' (defined: " + String.join(", ", resources.keySet())
                    + ")");
        }
        return name;
    }
}
