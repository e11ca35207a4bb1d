package dev.dmlemu.bench;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One benchmark workload of docs/performance.md: its shapes, and its data generated the same way for every
 * measurement (JMH and the command-line timing), so their numbers describe the same gather.
 *
 * <p>Data elements hold their own offset as raw bits (truncated to the element size), so every element is distinct
 * up to 2^16 for float16 and outputs compare bit for bit. Indices are random and valid (seed 42).
 *
 * @param dataStrides the input's strides in elements, or null for a packed input
 */
record Workload(String name, long[] data, long[] indices, int axis, TensorDataType indexType, List<Long> dataStrides,
        TensorDataType dataType) {

    static final List<String> NAMES = List.of("W1", "W2", "W3", "W4", "W5", "STRIDED", "BROADCAST", "W2_F16",
            "W2_F64", "W1_F16", "W1_F64");

    static Workload named(String name) {
        long[] square = {4096, 4096};
        TensorDataType f32 = TensorDataType.FLOAT32;
        TensorDataType i32 = TensorDataType.INT32;
        return switch (name) {
            case "W1" -> new Workload(name, square, square, 0, i32, null, f32);
            case "W2" -> new Workload(name, square, square, 1, i32, null, f32);
            case "W3" -> new Workload(name, new long[] {64, 512, 512}, new long[] {64, 256, 512}, 1, i32, null, f32);
            case "W4" -> new Workload(name, square, square, 1, TensorDataType.INT64, null, f32);
            case "W5" -> new Workload(name, new long[] {2, 3}, new long[] {2, 3}, 1, i32, null, f32);
            case "STRIDED" -> new Workload(name, square, square, 0, i32, List.of(1L, 4096L), f32);
            case "BROADCAST" -> new Workload(name, square, square, 1, i32, List.of(0L, 1L), f32);
            case "W2_F16" -> new Workload(name, square, square, 1, i32, null, TensorDataType.FLOAT16);
            case "W2_F64" -> new Workload(name, square, square, 1, i32, null, TensorDataType.FLOAT64);
            case "W1_F16" -> new Workload(name, square, square, 0, i32, null, TensorDataType.FLOAT16);
            case "W1_F64" -> new Workload(name, square, square, 0, i32, null, TensorDataType.FLOAT64);
            default -> throw new IllegalArgumentException("unknown workload " + name + "; known: " + NAMES);
        };
    }

    int elementSize() {
        return dataType.sizeInBytes();
    }

    int dataCount() {
        return (int) Arrays.stream(data).reduce(1, (a, b) -> a * b);
    }

    int indexCount() {
        return (int) Arrays.stream(indices).reduce(1, (a, b) -> a * b);
    }

    BufferTensorDesc inputDesc() {
        return dataStrides == null ? BufferTensorDesc.packed(dataType, data)
                : BufferTensorDesc.strided(dataType, Arrays.stream(data).boxed().toList(), dataStrides);
    }

    GatherElementsOperatorDesc desc() {
        return new GatherElementsOperatorDesc(inputDesc(), BufferTensorDesc.packed(indexType, indices),
                BufferTensorDesc.packed(dataType, indices), axis);
    }

    /** The generated values: logical data (row-major raw bits) and index values. */
    Values values() {
        SplittableRandom random = new SplittableRandom(42);
        long axisSize = data[axis];
        long[] indexValues = new long[indexCount()];
        for (int i = 0; i < indexValues.length; i++) {
            indexValues[i] = random.nextLong(axisSize);
        }
        BufferTensorDesc input = inputDesc();
        List<Long> strides = input.effectiveStrides();
        int cols = (int) data[data.length - 1];
        int es = elementSize();
        long[] logical = new long[dataCount()];
        long[] offsets = new long[logical.length];
        for (int i = 0; i < logical.length; i++) {
            long offset = data.length == 2 ? (i / cols) * strides.get(0) + (i % cols) * strides.get(1) : i;
            // A broadcast element has one value wherever it appears. Float32 keeps the offset as a float value.
            logical[i] = es == 4 ? Float.floatToRawIntBits(offset) : offset;
            offsets[i] = offset;
        }
        return new Values(this, logical, offsets, indexValues, input.totalTensorSizeInBytes());
    }

    /**
     * @param logical each logical (row-major) data element's raw bits
     * @param offsets each logical element's offset in the input's strided layout, in elements
     */
    record Values(Workload workload, long[] logical, long[] offsets, long[] indexValues, long inputBytes) {

        /** The input as the emulator reads it: little-endian, laid out through its strides. */
        ByteBuffer stridedInput(ByteBuffer target) {
            int es = workload.elementSize();
            for (int i = 0; i < logical.length; i++) {
                putElement(target, (int) offsets[i] * es, es, logical[i]);
            }
            return target;
        }

        /** The data packed row-major (what ONNX Runtime, which has no strides, reads). */
        ByteBuffer packedData(ByteBuffer target) {
            int es = workload.elementSize();
            for (int i = 0; i < logical.length; i++) {
                putElement(target, i * es, es, logical[i]);
            }
            return target;
        }

        ByteBuffer indices(ByteBuffer target) {
            int size = workload.indexType().sizeInBytes();
            for (int i = 0; i < indexValues.length; i++) {
                if (size == 8) {
                    target.putLong(i * 8, indexValues[i]);
                } else {
                    target.putInt(i * 4, (int) indexValues[i]);
                }
            }
            return target;
        }

        static ByteBuffer heap(long bytes) {
            return ByteBuffer.allocate(Math.toIntExact(bytes)).order(ByteOrder.LITTLE_ENDIAN);
        }

        /** Stores the low {@code es} bytes of {@code bits} at {@code at} in the buffer's byte order. */
        private static void putElement(ByteBuffer buffer, int at, int es, long bits) {
            switch (es) {
                case 2 -> buffer.putShort(at, (short) bits);
                case 4 -> buffer.putInt(at, (int) bits);
                default -> buffer.putLong(at, bits);
            }
        }
    }
}
