package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DescField;
import dev.dmlemu.desc.ExecutionFlag;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.TensorField;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One case of the real-DirectML harness ({@code gather_elements_harness.c}): a gather or scatter desc (each tensor
 * field and UINT field under the harness's keys) plus the initial contents of the input and indices buffers, written
 * in the harness's case-file format, and for a scatter of the updates buffer (left to the harness, zeros, when
 * empty).
 *
 * <p>The harness cannot express tensor flags, GuaranteedBaseOffsetAlignment or a DimensionCount that differs from
 * the number of sizes; {@link #fromDesc} refuses such descs.
 *
 * @param inputValues every element of the input buffer (TotalTensorSizeInBytes / element size), as harness text
 * @param indicesValues every element of the indices buffer, as harness text
 * @param updatesValues every element of a scatter's updates buffer, as harness text; empty for a gather
 * @param executionFlags the flags CompileOperator gets (the harness's {@code flags} key); empty for none
 */
public record HarnessCase(String name, OperatorDesc desc, List<String> inputValues,
        List<String> indicesValues, List<String> updatesValues, Set<ExecutionFlag> executionFlags) {

    public HarnessCase {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(desc, "desc");
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException("harness case names are one word: " + name);
        }
        inputValues = List.copyOf(inputValues);
        indicesValues = List.copyOf(indicesValues);
        updatesValues = List.copyOf(updatesValues);
        executionFlags = Set.copyOf(executionFlags);
    }

    /** A case compiled with no execution flags. */
    public HarnessCase(String name, OperatorDesc desc, List<String> inputValues, List<String> indicesValues,
            List<String> updatesValues) {
        this(name, desc, inputValues, indicesValues, updatesValues, Set.of());
    }

    /** A gather's case, or a scatter's with the updates left to the harness. */
    public HarnessCase(String name, OperatorDesc desc, List<String> inputValues, List<String> indicesValues) {
        this(name, desc, inputValues, indicesValues, List.of());
    }

    /** The same case compiled with {@code flags} (the harness's {@code flags} key, passed to CompileOperator). */
    public HarnessCase withExecutionFlags(String caseName, Set<ExecutionFlag> flags) {
        return new HarnessCase(caseName, desc, inputValues, indicesValues, updatesValues, flags);
    }

    /** A case for CreateOperator only (no buffer contents). */
    public static HarnessCase validateOnly(String name, OperatorDesc desc) {
        return new HarnessCase(name, desc, List.of(), List.of());
    }

    /**
     * A case whose buffers hold the given little-endian bytes: the whole input and indices buffers are uploaded,
     * padding included, because out-of-range reads on the real DLL can land in padding.
     */
    public static HarnessCase fromDesc(String name, OperatorDesc desc, ByteBuffer inputBytes,
            ByteBuffer indicesBytes) {
        BufferTensorDesc input = (BufferTensorDesc) desc.tensorFields().get(0).desc();
        BufferTensorDesc indices = (BufferTensorDesc) desc.tensorFields().get(1).desc();
        return new HarnessCase(name, desc, HarnessValues.format(input.dataType(), inputBytes),
                HarnessValues.format(indices.dataType(), indicesBytes));
    }

    /** A scatter case whose input, indices and updates buffers hold the given little-endian bytes, padding included. */
    public static HarnessCase fromScatterDesc(String name, OperatorDesc desc, ByteBuffer inputBytes,
            ByteBuffer indicesBytes, ByteBuffer updatesBytes) {
        HarnessCase gather = fromDesc(name, desc, inputBytes, indicesBytes);
        BufferTensorDesc updates = (BufferTensorDesc) desc.tensorFields().get(2).desc();
        return new HarnessCase(name, desc, gather.inputValues(), gather.indicesValues(),
                HarnessValues.format(updates.dataType(), updatesBytes));
    }

    /** The case in the harness's text format, ending with {@code run}. */
    public String toCaseText() {
        StringBuilder text = new StringBuilder();
        text.append("name ").append(name).append('\n');
        text.append("op ").append(desc.operatorType().name()).append('\n');
        // Every tensor field under the harness's prefix: InputTensor is input_*, UpdatesTensor (scatters) updates_*.
        for (TensorField field : desc.tensorFields()) {
            BufferTensorDesc tensor = buffer(field.desc(), field.name());
            String prefix = harnessPrefix(field.name());
            text.append(prefix).append("_type ").append(tensor.dataType().name()).append('\n');
            tensorLines(text, prefix, tensor);
        }
        operatorLines(text);
        if (!executionFlags.isEmpty()) {
            int mask = executionFlags.stream().mapToInt(ExecutionFlag::code).reduce(0, (a, b) -> a | b);
            text.append("flags ").append(mask).append('\n');
        }
        valueLines(text, "input", inputValues);
        valueLines(text, "indices", indicesValues);
        valueLines(text, "updates", updatesValues);
        text.append("run\n");
        return text.toString();
    }

    /**
     * The operator's UINT fields under the harness's keys, which are the C names in snake case ({@code Axis} is
     * {@code axis}, {@code InputDimensionCount} is {@code input_dimension_count}), in C order.
     */
    private void operatorLines(StringBuilder text) {
        for (DescField field : OperatorDescs.schemaOf(desc).fields()) {
            if (field.type() == DescField.Type.UINT) {
                text.append(harnessKey(field.cName())).append(' ').append(field.valueIn(desc)).append('\n');
            }
        }
    }

    /** {@code InputTensor} to {@code input}, {@code UpdatesTensor} to {@code updates}. */
    static String harnessPrefix(String tensorField) {
        return harnessKey(tensorField.replaceFirst("Tensor$", ""));
    }

    /** {@code IndexDimensions} to {@code index_dimensions}. */
    static String harnessKey(String cName) {
        return cName.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    private static void tensorLines(StringBuilder text, String prefix, BufferTensorDesc tensor) {
        text.append(prefix).append("_sizes ").append(join(tensor.sizes())).append('\n');
        tensor.strides().ifPresent(strides -> text.append(prefix).append("_strides ").append(join(strides)).append('\n'));
        // Always explicit: the harness's own size rule must not stand in for the desc's.
        text.append(prefix).append("_bytes ").append(tensor.totalTensorSizeInBytes()).append('\n');
    }

    private static void valueLines(StringBuilder text, String key, List<String> values) {
        // The harness refuses lines over 16 MiB; repeated lines append.
        final int perLine = 4096;
        for (int from = 0; from < values.size(); from += perLine) {
            text.append(key).append(' ')
                    .append(String.join(" ", values.subList(from, Math.min(values.size(), from + perLine))))
                    .append('\n');
        }
    }

    private static String join(List<Long> values) {
        return values.stream().map(String::valueOf).collect(Collectors.joining(" "));
    }

    private static BufferTensorDesc buffer(Object tensor, String field) {
        if (!(tensor instanceof BufferTensorDesc buffer)) {
            throw new IllegalArgumentException(field + ": the harness only takes buffer tensors");
        }
        if (buffer.flags() != dev.dmlemu.desc.TensorFlags.NONE || buffer.guaranteedBaseOffsetAlignment() != 0
                || buffer.dimensionCount() != buffer.sizes().size()) {
            throw new IllegalArgumentException(field + ": the harness cannot express Flags, "
                    + "GuaranteedBaseOffsetAlignment or a DimensionCount other than len(Sizes)");
        }
        return buffer;
    }

    /** Value formatting between little-endian bytes and the harness's text. */
    public static final class HarnessValues {

        private HarnessValues() {}

        /**
         * Each element of {@code bytes} as the harness parses it: integers in decimal; FLOAT32 as the exact decimal of
         * its double widening (the harness does {@code (float) strtod(text)}, which then round-trips exactly); FLOAT64
         * as Java's shortest round-trip decimal; FLOAT16/INT16/UINT16 as the raw unsigned 16-bit pattern.
         */
        public static List<String> format(TensorDataType type, ByteBuffer bytes) {
            ByteBuffer le = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            le.rewind();
            int size = type.sizeInBytes();
            List<String> values = new ArrayList<>(le.remaining() / size);
            for (int at = 0; at + size <= le.limit(); at += size) {
                values.add(formatOne(type, le, at));
            }
            return values;
        }

        private static String formatOne(TensorDataType type, ByteBuffer le, int at) {
            return switch (type) {
                case FLOAT32 -> floatText(le.getFloat(at));
                case FLOAT64 -> doubleText(le.getDouble(at));
                case INT64 -> Long.toString(le.getLong(at));
                case UINT64 -> Long.toUnsignedString(le.getLong(at));
                case INT32 -> Integer.toString(le.getInt(at));
                case UINT32 -> Integer.toUnsignedString(le.getInt(at));
                case INT16 -> Short.toString(le.getShort(at));
                case UINT16, FLOAT16 -> Integer.toString(Short.toUnsignedInt(le.getShort(at)));
                case INT8 -> Byte.toString(le.get(at));
                case UINT8 -> Integer.toString(Byte.toUnsignedInt(le.get(at)));
                default -> throw new IllegalArgumentException("the harness has no " + type);
            };
        }

        private static String floatText(float value) {
            if (Float.isNaN(value)) {
                throw new IllegalArgumentException("the harness cannot carry a NaN payload through strtod");
            }
            return Float.isInfinite(value) ? (value > 0 ? "inf" : "-inf") : Double.toString(value);
        }

        private static String doubleText(double value) {
            if (Double.isNaN(value)) {
                throw new IllegalArgumentException("the harness cannot carry a NaN payload through strtod");
            }
            return Double.isInfinite(value) ? (value > 0 ? "inf" : "-inf") : Double.toString(value);
        }

        /**
         * The harness's printed output elements ({@code %.9g} for FLOAT32, {@code %.17g} for FLOAT64, integers in
         * decimal, 16-bit types as raw patterns), packed little-endian in the order printed.
         */
        public static ByteBuffer parse(TensorDataType type, List<String> printed) {
            ByteBuffer out = ByteBuffer.allocate(printed.size() * type.sizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
            for (String token : printed) {
                switch (type) {
                    case FLOAT32 -> out.putFloat(Float.parseFloat(cFloat(token)));
                    case FLOAT64 -> out.putDouble(Double.parseDouble(cFloat(token)));
                    case INT64 -> out.putLong(Long.parseLong(token));
                    case UINT64 -> out.putLong(Long.parseUnsignedLong(token));
                    case INT32 -> out.putInt(Integer.parseInt(token));
                    case UINT32 -> out.putInt(Integer.parseUnsignedInt(token));
                    case INT16 -> out.putShort(Short.parseShort(token));
                    case UINT16, FLOAT16 -> out.putShort((short) Integer.parseInt(token));
                    case INT8 -> out.put(Byte.parseByte(token));
                    case UINT8 -> out.put((byte) Integer.parseInt(token));
                    default -> throw new IllegalArgumentException("the harness has no " + type);
                }
            }
            return out.flip();
        }

        private static String cFloat(String token) {
            return switch (token) {
                case "inf" -> "Infinity";
                case "-inf" -> "-Infinity";
                case "nan", "-nan" -> "NaN";
                default -> token;
            };
        }
    }
}
