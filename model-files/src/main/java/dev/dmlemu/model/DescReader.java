package dev.dmlemu.model;

import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorSchema;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.model.JsonFields.Obj;
import dev.dmlemu.model.JsonTree.Node;
import dev.dmlemu.model.JsonTree.NullNode;
import java.lang.reflect.InvocationTargetException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Reads an operator desc object field by field from its schema, in DxDispatch's spellings: C field names; enums by
 * name ({@code "DML_REDUCE_FUNCTION_SUM"} or {@code "SUM"}); BOOL as {@code true}/{@code false}; arrays as JSON arrays
 * (their count fields are fields of their own); {@code ScaleBias} as {@code {"Scale", "Bias"}}; {@code DML_SIZE_2D}
 * as {@code {"Width", "Height"}}; a scalar union as a number of the type its data-type field selects; a fused
 * activation as {@code {"Type": "ACTIVATION_ELU", "Alpha": 0.5}} or {@code {"Type": ..., "Desc": {...}}}.
 *
 * <p>An optional tensor, a scale-bias and a fused activation may be left out or {@code null}; so may any tensor of a
 * nested desc (a fused activation's tensors are NULL: DirectML takes the fusing operator's output there). Every
 * other field is required, as DxDispatch requires it.
 */
final class DescReader {

    private final JsonFields json;
    private final Function<Node, TensorDesc> tensors;

    DescReader(JsonFields json, Function<Node, TensorDesc> tensors) {
        this.json = json;
        this.tensors = tensors;
    }

    /** The desc of {@code schema} from {@code desc}, whose allowed fields the caller has checked. */
    OperatorDesc read(OperatorSchema schema, Obj desc, boolean nested) {
        Map<String, Object> byName = new HashMap<>();
        List<Object> values = new ArrayList<>();
        // A scalar union is read once the data-type field that selects its member is known.
        for (DescField field : schema.fields()) {
            if (field.type() != DescField.Type.SCALAR) {
                byName.put(field.cName(), value(field, desc, nested));
            }
        }
        for (DescField field : schema.fields()) {
            if (field.type() == DescField.Type.SCALAR) {
                TensorDataType type = (TensorDataType) byName.get(field.reference().orElseThrow());
                byName.put(field.cName(), scalar(desc.required(field.cName()), type));
            }
            values.add(byName.get(field.cName()));
        }
        return schema.create(values);
    }

    private Object value(DescField field, Obj desc, boolean nested) {
        Optional<Node> given = desc.optional(field.cName()).filter(n -> !(n instanceof NullNode));
        boolean mayBeLeftOut = switch (field.type()) {
            case OPTIONAL_TENSOR, SCALE_BIAS, FUSED_ACTIVATION -> true;
            case TENSOR -> nested || desc.has(field.cName()); // null is a NULL pointer; absent is an error
            default -> false;
        };
        if (given.isEmpty()) {
            if (!mayBeLeftOut) {
                desc.required(field.cName()); // the located "missing required field" error
                throw json.error(desc.node.members().get(field.cName()).value(), field.cName() + " cannot be null");
            }
            return switch (field.type()) {
                case SCALE_BIAS, FUSED_ACTIVATION -> Optional.empty();
                default -> TensorDesc.NULL;
            };
        }
        Node node = given.get();
        return switch (field.type()) {
            case TENSOR, OPTIONAL_TENSOR -> tensors.apply(node);
            // A null element is a NULL desc, as the writer spells one; the marshaller refuses it, the record holds it.
            case TENSOR_ARRAY -> json.array(node).elements().stream()
                    .map(n -> n instanceof NullNode ? TensorDesc.NULL : tensors.apply(n)).toList();
            case UINT -> json.uint32(node);
            case INT -> json.int32(node);
            case FLOAT -> (float) json.real(node);
            case BOOL -> json.bool(node);
            case ENUM -> enumValue(field, node);
            case UINT_ARRAY -> json.array(node).elements().stream().map(json::uint32).toList();
            case INT_ARRAY -> json.array(node).elements().stream().map(json::int32).toList();
            case FLOAT_ARRAY -> json.array(node).elements().stream().map(n -> (float) json.real(n)).toList();
            case SCALE_BIAS -> {
                Obj o = json.object(node, "a DML_SCALE_BIAS").allow("Scale", "Bias");
                yield Optional.of(new ScaleBias((float) json.real(o.required("Scale")),
                        (float) json.real(o.required("Bias"))));
            }
            case SIZE_2D -> {
                Obj o = json.object(node, "a DML_SIZE_2D").allow("Width", "Height");
                yield new Size2d(json.uint32(o.required("Width")), json.uint32(o.required("Height")));
            }
            case FUSED_ACTIVATION -> Optional.of(nestedDesc(node));
            case OPERATOR_DESC_ARRAY -> json.array(node).elements().stream().map(this::nestedDesc).toList();
            case SCALAR -> throw new IllegalStateException("scalars are read after their data type");
        };
    }

    /** {@code {"Type": "ACTIVATION_RELU", ...fields}} or {@code {"Type": ..., "Desc": {...fields}}}. */
    private OperatorDesc nestedDesc(Node node) {
        Obj o = json.object(node, "an operator desc with its Type");
        Node typeNode = o.required("Type");
        OperatorType type = json.enumValue(typeNode, OperatorType::fromName);
        OperatorSchema schema = OperatorDescs.schema(type).orElseThrow(() -> json.error(typeNode, type.name()
                + " has no desc"));
        Obj fields;
        if (o.has("Desc")) {
            o.allow("Type", "Desc");
            fields = json.object(o.required("Desc"), "an operator desc")
                    .allow(schema.fieldNames().toArray(String[]::new));
        } else {
            fields = o.allowAlso("Type").allow(schema.fieldNames().toArray(String[]::new));
        }
        return read(schema, fields, true);
    }

    private Object enumValue(DescField field, Node node) {
        Class<?> type = field.component().getType();
        return json.enumValue(node, text -> fromName(type, text));
    }

    /** Every {@link DmlEnum} has a static {@code fromName(String)} taking the name with or without its C prefix. */
    private static DmlEnum fromName(Class<?> type, String text) {
        try {
            return (DmlEnum) type.getMethod("fromName", String.class).invoke(null, text);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException bad) {
                throw bad;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(type.getSimpleName() + " has no fromName(String)", e);
        }
    }

    /**
     * The member {@code type} selects: a float type takes any number (rounded to the member, as DxDispatch's parser
     * does), an integer type a whole number within the member's range; an unknown type takes the 8 raw bytes as a
     * signed or unsigned 64-bit integer.
     */
    private ScalarUnion scalar(Node node, TensorDataType type) {
        return switch (type) {
            case FLOAT16, FLOAT32, FLOAT64 -> ScalarUnion.of(type, json.real(node));
            case UINT8, UINT16, UINT32, UINT64 -> ScalarUnion.ofInteger(type, json.integerIn(node, BigDecimal.ZERO,
                    max(type.sizeInBits(), false), "an unsigned " + type.sizeInBits() + "-bit integer for "
                    + type.name()).toBigInteger().longValue());
            case INT8, INT16, INT32, INT64 -> ScalarUnion.ofInteger(type, json.integerIn(node,
                    max(type.sizeInBits(), true).negate().subtract(BigDecimal.ONE),
                    max(type.sizeInBits(), true), "a signed " + type.sizeInBits() + "-bit integer for "
                    + type.name()).longValueExact());
            case UINT4, INT4, UNKNOWN -> new ScalarUnion(json.integerIn(node,
                    max(64, true).negate().subtract(BigDecimal.ONE), max(64, false),
                    "the union's 64 raw bits as an integer for " + type.name()).toBigInteger().longValue());
        };
    }

    private static BigDecimal max(int bits, boolean signed) {
        return new BigDecimal(java.math.BigInteger.ONE.shiftLeft(signed ? bits - 1 : bits)
                .subtract(java.math.BigInteger.ONE));
    }
}
