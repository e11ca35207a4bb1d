package dev.dmlemu.bench;

import ai.onnxruntime.OnnxJavaType;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * One packed tensor of a {@link KernelWorkloads} workload, as both sides see it: the DirectML desc's tensor field it
 * binds to, the ONNX graph's name for it, its type and shape, and (for an input) how its values are generated.
 *
 * @param field the desc's tensor field ({@code "ATensor"}); a tensor array's element is named by the array
 *     ({@code "InputTensors"}) and bound in list order
 * @param onnxName the ONNX graph input or output it corresponds to
 * @param values the values of an input ({@link Values#NONE} for an output)
 */
record Operand(String field, String onnxName, TensorDataType type, long[] shape, Values values) {

    /** How an input's values are written, little-endian, from absolute position 0 of a buffer. */
    interface Values {

        /** An output's: nothing is written. */
        Values NONE = target -> target;

        ByteBuffer fill(ByteBuffer target);

        /**
         * Float32 whole numbers in [-2^23, 2^23), random (seeded): exact in every type the workloads cast to, so a
         * comparison does not hinge on a conversion's rounding rule.
         */
        static Values wholeNumbers(long seed) {
            return target -> {
                SplittableRandom random = new SplittableRandom(seed);
                for (int at = 0; at + 4 <= target.capacity(); at += 4) {
                    target.putFloat(at, random.nextInt(1 << 24) - (1 << 23));
                }
                return target;
            };
        }

        /**
         * Float32 rows each holding a random (seeded) permutation of 0 .. {@code rowLength} - 1: no two values of a
         * row are equal, so a selection has one answer whatever its tie rule.
         */
        static Values rowPermutations(int rowLength, long seed) {
            return target -> {
                SplittableRandom random = new SplittableRandom(seed);
                int[] row = new int[rowLength];
                for (int at = 0; at + rowLength * 4 <= target.capacity(); at += rowLength * 4) {
                    for (int i = 0; i < rowLength; i++) {
                        int j = random.nextInt(i + 1);
                        row[i] = row[j];
                        row[j] = i;
                    }
                    for (int i = 0; i < rowLength; i++) {
                        target.putFloat(at + i * 4, row[i]);
                    }
                }
                return target;
            };
        }
    }

    static Operand input(String field, String onnxName, TensorDataType type, Values values, long... shape) {
        return new Operand(field, onnxName, type, shape, values);
    }

    static Operand output(String field, String onnxName, TensorDataType type, long... shape) {
        return new Operand(field, onnxName, type, shape, Values.NONE);
    }

    long elementCount() {
        return GatherWorkload.count(shape);
    }

    long bytes() {
        return Math.multiplyExact(elementCount(), type.sizeInBytes());
    }

    BufferTensorDesc desc() {
        return BufferTensorDesc.packed(type, shape);
    }

    /** The TensorProto.DataType ONNX Runtime sees: UINT64 indices are INT64 there (the workloads' fit in 63 bits). */
    int onnxType() {
        return switch (type) {
            case FLOAT32 -> OnnxModelBytes.FLOAT;
            case INT32 -> OnnxModelBytes.INT32;
            case INT64, UINT64 -> OnnxModelBytes.INT64;
            default -> throw new IllegalArgumentException("no ONNX type for " + type);
        };
    }

    OnnxJavaType javaType() {
        return switch (type) {
            case FLOAT32 -> OnnxJavaType.FLOAT;
            case INT32 -> OnnxJavaType.INT32;
            case INT64, UINT64 -> OnnxJavaType.INT64;
            default -> throw new IllegalArgumentException("no ONNX type for " + type);
        };
    }

    OnnxModelBytes.Value onnxValue() {
        return new OnnxModelBytes.Value(onnxName, onnxType(), shape);
    }
}
