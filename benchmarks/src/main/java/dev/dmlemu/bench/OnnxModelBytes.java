package dev.dmlemu.bench;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One-node opset-13 ONNX models ({@code y = GatherElements(data, indices, axis)}, {@code y = Gather(data, indices,
 * axis)}, {@code y = GatherND(data, indices)}, {@code y = ScatterElements(data, indices, updates, axis)}, and any node
 * with INT and INTS attributes and INT64 constant inputs, as {@link KernelWorkloads} states them) encoded as
 * protobuf bytes by hand, so the benchmark needs no onnx package. Field numbers are those of
 * onnx.proto3.
 */
final class OnnxModelBytes {

    /** TensorProto.DataType values. */
    static final int FLOAT = 1;
    static final int INT32 = 6;
    static final int INT64 = 7;
    static final int FLOAT16 = 10;
    static final int DOUBLE = 11;

    private OnnxModelBytes() {}

    /** The floating-point TensorProto.DataType of an element size: FLOAT16, FLOAT or DOUBLE. */
    static int typeOf(int elementSize) {
        return switch (elementSize) {
            case 2 -> FLOAT16;
            case 4 -> FLOAT;
            case 8 -> DOUBLE;
            default -> throw new IllegalArgumentException("no floating-point type of " + elementSize + " bytes");
        };
    }

    static byte[] gatherElements(long[] dataShape, long[] indicesShape, int indicesType, long axis, int dataType) {
        return singleNode("GatherElements", List.of(new Value("data", dataType, dataShape),
                new Value("indices", indicesType, indicesShape)), new Value("y", dataType, indicesShape),
                Map.of("axis", axis));
    }

    /** {@code y = Gather(data, indices, axis)}: the output's shape is the data's with the indices' in place of axis. */
    static byte[] gather(long[] dataShape, long[] indicesShape, long[] outputShape, int indicesType, long axis,
            int dataType) {
        return singleNode("Gather", List.of(new Value("data", dataType, dataShape),
                new Value("indices", indicesType, indicesShape)), new Value("y", dataType, outputShape),
                Map.of("axis", axis));
    }

    /**
     * {@code y = GatherND(data, indices, batch_dims=0)}: the output's shape is the indices' without the tuple
     * dimension, then the data's after the indexed ones.
     */
    static byte[] gatherNd(long[] dataShape, long[] indicesShape, long[] outputShape, int indicesType, int dataType) {
        return singleNode("GatherND", List.of(new Value("data", dataType, dataShape),
                new Value("indices", indicesType, indicesShape)), new Value("y", dataType, outputShape),
                Map.of("batch_dims", 0L));
    }

    /** {@code y = ScatterElements(data, indices, updates, axis)}, opset 13 (no reduction): y has the data's shape. */
    static byte[] scatterElements(long[] dataShape, long[] indicesShape, int indicesType, long axis, int dataType) {
        return singleNode("ScatterElements", List.of(new Value("data", dataType, dataShape),
                new Value("indices", indicesType, indicesShape), new Value("updates", dataType, indicesShape)),
                new Value("y", dataType, dataShape), Map.of("axis", axis));
    }

    /** A graph input or output: its name, TensorProto.DataType and shape. */
    record Value(String name, int type, long[] shape) {}

    /** One node of {@code opType} reading {@code inputs} in order, writing {@code output}, with INT attributes. */
    private static byte[] singleNode(String opType, List<Value> inputs, Value output, Map<String, Long> attributes) {
        return singleNode(opType, inputs, List.of(), List.of(output), new TreeMap<>(attributes).entrySet().stream()
                .map(a -> Attribute.of(a.getKey(), a.getValue())).toList());
    }

    /**
     * A node attribute: one INT, or a list of INTs (AttributeProto type INTS).
     *
     * @param list whether the values are an INTS list (else exactly one INT)
     */
    record Attribute(String name, long[] values, boolean list) {

        static Attribute of(String name, long value) {
            return new Attribute(name, new long[] {value}, false);
        }

        static Attribute ints(String name, long... values) {
            return new Attribute(name, values.clone(), true);
        }
    }

    /** A constant INT64 vector of the graph (an initializer): operands opset 13 takes as inputs (pads, starts, K). */
    record Int64Constant(String name, long... values) {}

    /**
     * One node of {@code opType} whose inputs are {@code inputs} (graph inputs, fed on every run) followed by
     * {@code constants} (initializers), in that order, writing {@code outputs} in order.
     */
    static byte[] singleNode(String opType, List<Value> inputs, List<Int64Constant> constants, List<Value> outputs,
            List<Attribute> attributes) {
        Message node = new Message();
        for (Value input : inputs) {
            node.string(1, input.name());
        }
        for (Int64Constant constant : constants) {
            node.string(1, constant.name());
        }
        for (Value output : outputs) {
            node.string(2, output.name());
        }
        node.string(4, opType);
        for (Attribute a : attributes) {
            Message attribute = new Message().string(1, a.name());
            if (a.list()) {
                for (long v : a.values()) {
                    attribute.varint(8, v);
                }
                attribute.varint(20, 7); // INTS
            } else {
                attribute.varint(3, a.values()[0]).varint(20, 2); // INT
            }
            node.message(5, attribute);
        }
        Message graph = new Message().message(1, node).string(2, opType.toLowerCase());
        for (Int64Constant constant : constants) {
            graph.message(5, int64Tensor(constant));
        }
        for (Value input : inputs) {
            graph.message(11, valueInfo(input.name(), input.type(), input.shape()));
        }
        for (Value output : outputs) {
            graph.message(12, valueInfo(output.name(), output.type(), output.shape()));
        }
        Message opset = new Message().string(1, "").varint(2, 13);
        return new Message().varint(1, 7).string(2, "dmlemu-bench").message(7, graph).message(8, opset).bytes();
    }

    /** TensorProto: dims (1), data_type (2), name (8), raw_data (9, little-endian). */
    private static Message int64Tensor(Int64Constant constant) {
        ByteBuffer raw = ByteBuffer.allocate(Math.multiplyExact(constant.values().length, 8))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (long v : constant.values()) {
            raw.putLong(v);
        }
        return new Message().varint(1, constant.values().length).varint(2, INT64).string(8, constant.name())
                .bytes(9, raw.array());
    }

    private static Message valueInfo(String name, int elemType, long[] shape) {
        Message dims = new Message();
        for (long d : shape) {
            dims.message(1, new Message().varint(1, d));
        }
        Message tensor = new Message().varint(1, elemType).message(2, dims);
        return new Message().string(1, name).message(2, new Message().message(1, tensor));
    }

    /** Protobuf wire format: varints (wire type 0) and length-delimited fields (wire type 2). */
    private static final class Message {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Message varint(int field, long value) {
            writeVarint((long) field << 3);
            writeVarint(value);
            return this;
        }

        Message string(int field, String value) {
            return bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Message message(int field, Message value) {
            return bytes(field, value.bytes());
        }

        Message bytes(int field, byte[] value) {
            writeVarint(((long) field << 3) | 2);
            writeVarint(value.length);
            out.writeBytes(value);
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }

        private void writeVarint(long value) {
            while ((value & ~0x7FL) != 0) {
                out.write((int) ((value & 0x7F) | 0x80));
                value >>>= 7;
            }
            out.write((int) value);
        }
    }
}
