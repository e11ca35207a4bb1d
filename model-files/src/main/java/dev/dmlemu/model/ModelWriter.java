package dev.dmlemu.model;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.DmlEnum;
import dev.dmlemu.desc.Float16;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.InvalidTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorFlags;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Writes a {@link ModelFile} as pretty DxDispatch JSON: short enum names, defaults left out. */
final class ModelWriter {

    private static final JsonFactory FACTORY = new JsonFactory();

    private ModelWriter() {}

    static String write(ModelFile model) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(prettyPrinter());
            g.writeStartObject();
            g.writeObjectFieldStart("resources");
            for (Map.Entry<String, ResourceDecl> e : model.resources().entrySet()) {
                g.writeFieldName(e.getKey());
                resource(g, e.getValue());
            }
            g.writeEndObject();
            g.writeObjectFieldStart("dispatchables");
            for (Map.Entry<String, Dispatchable> e : model.dispatchables().entrySet()) {
                g.writeFieldName(e.getKey());
                dispatchable(g, (OperatorDispatchable) e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("commands");
            for (Command c : model.commands()) {
                command(g, c);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out + "\n";
    }

    /** Two-space indents, {@code "name": value}: the form DxDispatch's own models use. */
    private static DefaultPrettyPrinter prettyPrinter() {
        return new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                .withObjectIndenter(new DefaultIndenter("  ", "\n"));
    }

    private static void resource(JsonGenerator g, ResourceDecl r) throws IOException {
        g.writeStartObject();
        g.writeStringField("initialValuesDataType", r.initialValuesDataType().name());
        g.writeFieldName("initialValues");
        InitialValues values = r.initialValues();
        if (values instanceof ArrayValues) {
            g.writeStartArray();
            for (Scalar s : ((ArrayValues) values).values()) {
                scalar(g, s);
            }
            g.writeEndArray();
        } else if (values instanceof EncodedValues) {
            EncodedValues encoded = (EncodedValues) values;
            g.writeStartArray();
            for (long i = 0; i < encoded.count(); i++) {
                Optional<SpecialScalar> special = ElementValues.nonFinite(encoded.dataType(), encoded.bytes(), i);
                if (special.isPresent()) {
                    g.writeString(special.get().jsonText());
                } else {
                    g.writeNumber(ElementValues.finiteText(encoded.dataType(), encoded.bytes(), i));
                }
            }
            g.writeEndArray();
        } else if (values instanceof ConstantValues) {
            ConstantValues c = (ConstantValues) values;
            g.writeStartObject();
            g.writeNumberField("valueCount", c.valueCount());
            g.writeFieldName("value");
            scalar(g, c.value());
            g.writeEndObject();
        } else if (values instanceof SequenceValues) {
            SequenceValues s = (SequenceValues) values;
            g.writeStartObject();
            g.writeNumberField("valueCount", s.valueCount());
            g.writeFieldName("valueStart");
            scalar(g, s.valueStart());
            g.writeFieldName("valueDelta");
            scalar(g, s.valueDelta());
            g.writeEndObject();
        } else if (values instanceof ListValues) {
            g.writeStartArray();
            for (ListValues.Entry entry : ((ListValues) values).entries()) {
                g.writeStartObject();
                g.writeStringField("type", entry.type().name());
                g.writeFieldName("value");
                scalar(g, entry.value());
                g.writeEndObject();
            }
            g.writeEndArray();
        } else {
            g.writeStartObject();
            g.writeStringField("sourcePath", ((FileValues) values).sourcePath());
            g.writeEndObject();
        }
        if (r.sizeInBytes().isPresent()) {
            g.writeFieldName("sizeInBytes");
            unsigned64(g, r.sizeInBytes().getAsLong());
        }
        if (r.initialValuesOffsetInBytes() != 0) {
            g.writeFieldName("initialValuesOffsetInBytes");
            unsigned64(g, r.initialValuesOffsetInBytes());
        }
        g.writeEndObject();
    }

    private static void scalar(JsonGenerator g, Scalar s) throws IOException {
        if (s instanceof SpecialScalar) {
            g.writeString(((SpecialScalar) s).jsonText());
        } else {
            DecimalScalar decimal = (DecimalScalar) s;
            if (decimal.negativeZero()) {
                g.writeNumber("-" + decimal.value()); // raw number text: BigDecimal has no -0
            } else {
                g.writeNumber(decimal.value());
            }
        }
    }

    private static void unsigned64(JsonGenerator g, long bits) throws IOException {
        if (bits >= 0) {
            g.writeNumber(bits);
        } else {
            g.writeNumber(new BigInteger(Long.toUnsignedString(bits)));
        }
    }

    private static void dispatchable(JsonGenerator g, OperatorDispatchable d) throws IOException {
        g.writeStartObject();
        OperatorDesc desc = d.desc();
        g.writeStringField("type", desc.operatorType().name());
        g.writeFieldName("desc");
        desc(g, desc, false);
        List<ExecutionFlag> flags = List.copyOf(d.executionFlags());
        if (flags.size() == 1) {
            g.writeStringField("executionFlags", flags.get(0).name());
        } else if (flags.size() > 1) {
            g.writeArrayFieldStart("executionFlags");
            for (ExecutionFlag f : flags) {
                g.writeString(f.name());
            }
            g.writeEndArray();
        }
        if (!d.initializationBindings().isEmpty()) {
            bindings(g, d.initializationBindings());
        }
        g.writeEndObject();
    }

    /** The desc object alone, in the same pretty form as inside a model file. */
    static String writeDesc(OperatorDesc desc) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(prettyPrinter());
            desc(g, desc, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /**
     * A desc object in DescReader's spellings, field by field from its schema: a NULL optional tensor, an absent
     * scale-bias or activation, and a nested desc's NULL tensors are left out; a NULL required tensor is
     * {@code null}; enums by their C names ({@code TensorDataType} by its short name, as tensors spell it).
     */
    @SuppressWarnings("unchecked")
    private static void desc(JsonGenerator g, OperatorDesc desc, boolean nested) throws IOException {
        g.writeStartObject();
        for (DescField field : OperatorDescs.schemaOf(desc).fields()) {
            Object value = field.valueIn(desc);
            switch (field.type()) {
                case TENSOR, OPTIONAL_TENSOR -> {
                    TensorDesc tensor = (TensorDesc) value;
                    if (!tensor.isNull()) {
                        g.writeFieldName(field.cName());
                        tensor(g, tensor);
                    } else if (field.type() == DescField.Type.TENSOR && !nested) {
                        g.writeNullField(field.cName());
                    }
                }
                case TENSOR_ARRAY -> {
                    g.writeArrayFieldStart(field.cName());
                    for (TensorDesc tensor : (List<TensorDesc>) value) {
                        if (tensor.isNull()) {
                            g.writeNull();
                        } else {
                            tensor(g, tensor);
                        }
                    }
                    g.writeEndArray();
                }
                case UINT -> g.writeNumberField(field.cName(), (Long) value);
                case INT -> g.writeNumberField(field.cName(), (Integer) value);
                case FLOAT -> {
                    g.writeFieldName(field.cName());
                    real(g, (Float) value);
                }
                case BOOL -> g.writeBooleanField(field.cName(), (Boolean) value);
                case ENUM -> g.writeStringField(field.cName(), value instanceof TensorDataType type ? type.name()
                        : ((DmlEnum) value).cName());
                case UINT_ARRAY -> longArray(g, field.cName(), (List<Long>) value);
                case INT_ARRAY -> {
                    g.writeArrayFieldStart(field.cName());
                    for (int v : (List<Integer>) value) {
                        g.writeNumber(v);
                    }
                    g.writeEndArray();
                }
                case FLOAT_ARRAY -> {
                    g.writeArrayFieldStart(field.cName());
                    for (float v : (List<Float>) value) {
                        real(g, v);
                    }
                    g.writeEndArray();
                }
                case SCALE_BIAS -> {
                    Optional<ScaleBias> scaleBias = (Optional<ScaleBias>) value;
                    if (scaleBias.isPresent()) {
                        g.writeObjectFieldStart(field.cName());
                        g.writeFieldName("Scale");
                        real(g, scaleBias.get().scale());
                        g.writeFieldName("Bias");
                        real(g, scaleBias.get().bias());
                        g.writeEndObject();
                    }
                }
                case SIZE_2D -> {
                    Size2d size = (Size2d) value;
                    g.writeObjectFieldStart(field.cName());
                    g.writeNumberField("Width", size.width());
                    g.writeNumberField("Height", size.height());
                    g.writeEndObject();
                }
                case SCALAR -> {
                    TensorDataType type = (TensorDataType) OperatorDescs.schemaOf(desc).fields().stream()
                            .filter(f -> f.cName().equals(field.reference().orElseThrow())).findFirst()
                            .orElseThrow().valueIn(desc);
                    g.writeFieldName(field.cName());
                    scalarUnion(g, (ScalarUnion) value, type);
                }
                case FUSED_ACTIVATION -> {
                    Optional<OperatorDesc> activation = (Optional<OperatorDesc>) value;
                    if (activation.isPresent()) {
                        g.writeFieldName(field.cName());
                        typedDesc(g, activation.get());
                    }
                }
                case OPERATOR_DESC_ARRAY -> {
                    g.writeArrayFieldStart(field.cName());
                    for (OperatorDesc nestedDesc : (List<OperatorDesc>) value) {
                        typedDesc(g, nestedDesc);
                    }
                    g.writeEndArray();
                }
            }
        }
        g.writeEndObject();
    }

    /** {@code {"Type": "DML_OPERATOR_ACTIVATION_ELU", "Desc": {...}}}: a fused activation or an activation array's. */
    private static void typedDesc(JsonGenerator g, OperatorDesc desc) throws IOException {
        g.writeStartObject();
        g.writeStringField("Type", desc.operatorType().cName());
        g.writeFieldName("Desc");
        desc(g, desc, true);
        g.writeEndObject();
    }

    /** A FLOAT: the shortest decimal that reads back to it, or the string DxDispatch reads for a non-finite value. */
    private static void real(JsonGenerator g, double value) throws IOException {
        if (Double.isNaN(value)) {
            g.writeString(SpecialScalar.NAN.jsonText());
        } else if (Double.isInfinite(value)) {
            g.writeString((value > 0 ? SpecialScalar.POSITIVE_INFINITY : SpecialScalar.NEGATIVE_INFINITY).jsonText());
        } else {
            g.writeNumber(value);
        }
    }

    private static void real(JsonGenerator g, float value) throws IOException {
        if (Float.isFinite(value)) {
            g.writeNumber(value);
        } else {
            real(g, (double) value);
        }
    }

    /** The member {@code type} selects, as DescReader reads it back to the same 8 bytes. */
    private static void scalarUnion(JsonGenerator g, ScalarUnion value, TensorDataType type) throws IOException {
        switch (type) {
            case FLOAT32 -> real(g, Float.intBitsToFloat((int) value.bits()));
            case FLOAT16 -> real(g, Float16.toFloat((short) value.bits()));
            case FLOAT64 -> real(g, Double.longBitsToDouble(value.bits()));
            case UINT64, UINT4, INT4, UNKNOWN -> unsigned64(g, value.bits());
            default -> g.writeNumber(value.asLong(type));
        }
    }

    private static void tensor(JsonGenerator g, TensorDesc desc) throws IOException {
        g.writeStartObject();
        if (desc instanceof InvalidTensorDesc) {
            g.writeStringField("Type", "INVALID");
            g.writeEndObject();
            return;
        }
        BufferTensorDesc t = (BufferTensorDesc) desc;
        g.writeStringField("DataType", t.dataType().name());
        if (t.flags() != TensorFlags.NONE) {
            g.writeStringField("Flags", t.flags().name());
        }
        if (t.dimensionCount() != t.sizes().size()) {
            g.writeNumberField("DimensionCount", t.dimensionCount());
        }
        longArray(g, "Sizes", t.sizes());
        if (t.strides().isPresent()) {
            longArray(g, "Strides", t.strides().get());
        }
        // The reader computes a missing or 0 total, so only a different value needs writing.
        if (t.totalTensorSizeInBytes() != ModelReader.computedTotal(t.dataType(), t.sizes(), t.strides())) {
            g.writeFieldName("TotalTensorSizeInBytes");
            unsigned64(g, t.totalTensorSizeInBytes());
        }
        if (t.guaranteedBaseOffsetAlignment() != 0) {
            g.writeNumberField("GuaranteedBaseOffsetAlignment", t.guaranteedBaseOffsetAlignment());
        }
        g.writeEndObject();
    }

    private static void longArray(JsonGenerator g, String name, List<Long> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (long v : values) {
            g.writeNumber(v);
        }
        g.writeEndArray();
    }

    private static void command(JsonGenerator g, Command c) throws IOException {
        g.writeStartObject();
        if (c instanceof DispatchCommand) {
            DispatchCommand d = (DispatchCommand) c;
            g.writeStringField("type", "dispatch");
            g.writeStringField("dispatchable", d.dispatchable());
            bindings(g, d.bindings());
        } else if (c instanceof PrintCommand) {
            PrintCommand p = (PrintCommand) c;
            g.writeStringField("type", "print");
            g.writeStringField("resource", p.resource());
            if (p.verbose()) {
                g.writeBooleanField("verbose", true);
            }
        } else {
            WriteFileCommand w = (WriteFileCommand) c;
            g.writeStringField("type", "writeFile");
            g.writeStringField("resource", w.resource());
            g.writeStringField("targetPath", w.targetPath());
            if (!w.dimensions().isEmpty()) {
                g.writeArrayFieldStart("dimensions");
                for (long dimension : w.dimensions()) {
                    g.writeNumber(dimension);
                }
                g.writeEndArray();
            }
        }
        g.writeEndObject();
    }

    /** The bindings by bind point; a tensor array's elements ({@code InputTensors[0]}, ...) as one array. */
    private static void bindings(JsonGenerator g, Map<String, BindingRef> bindings) throws IOException {
        g.writeObjectFieldStart("bindings");
        String openArray = null;
        for (Map.Entry<String, BindingRef> e : bindings.entrySet()) {
            int bracket = e.getKey().indexOf('[');
            String point = bracket < 0 ? null : e.getKey().substring(0, bracket);
            if (openArray != null && !openArray.equals(point)) {
                g.writeEndArray();
                openArray = null;
            }
            if (point != null && openArray == null) {
                g.writeArrayFieldStart(point);
                openArray = point;
            }
            if (point == null) {
                g.writeFieldName(e.getKey());
            }
            binding(g, e.getValue());
        }
        if (openArray != null) {
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private static void binding(JsonGenerator g, BindingRef b) throws IOException {
        if (b.elementOffset() == 0 && b.elementSizeInBytes() == 0) {
            g.writeString(b.resource());
            return;
        }
        g.writeStartObject();
        g.writeStringField("name", b.resource());
        g.writeFieldName("elementOffset");
        unsigned64(g, b.elementOffset());
        if (b.elementSizeInBytes() != 0) {
            g.writeFieldName("elementSizeInBytes");
            unsigned64(g, b.elementSizeInBytes());
        }
        g.writeEndObject();
    }
}
