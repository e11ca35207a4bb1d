package dev.dmlemu.emulator;

import static dev.dmlemu.emulator.Kernels.floats;
import static dev.dmlemu.emulator.Kernels.floatsOf;
import static dev.dmlemu.emulator.Kernels.ints;
import static dev.dmlemu.emulator.Kernels.le;
import static dev.dmlemu.emulator.Kernels.longs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The worked examples of every seed spec, with the expected outputs copied from the specs: DirectML's
 * DML_GATHER_ELEMENTS_OPERATOR_DESC page, ONNX GatherElements-11/13 (including negative indices) and OpenVINO
 * GatherElements-6 (examples 1 and 2; example 3 has indices smaller than the data in a non-axis dimension, which
 * DirectML does not allow). Each runs with INT32 and INT64 indices (UINT32 too where no index is negative) and
 * under every index policy, since all indices are in range.
 */
class SpecExamplesTest {

    private static final float[] ONE_TO_NINE = {1, 2, 3, 4, 5, 6, 7, 8, 9};

    @ParameterizedTest
    @EnumSource(IndexPolicy.class)
    void directMlDocsExample(IndexPolicy policy) {
        // Input {3,3} 1..9, Indices {2,3} [[1,2,0],[2,0,0]], Axis 0 -> [[4,8,3],[7,2,3]].
        float[] expected = {4, 8, 3, 7, 2, 3};
        for (TensorDataType indexType : new TensorDataType[] {TensorDataType.UINT32, TensorDataType.INT32,
                TensorDataType.INT64, TensorDataType.UINT64}) {
            assertArrayEquals(expected, gather(policy, new long[] {3, 3}, ONE_TO_NINE, new long[] {2, 3},
                    indexType, new long[] {1, 2, 0, 2, 0, 0}, 0), indexType.name());
        }
        // The same at 4-D, as DirectML 2_1 requires: {1,1,3,3} / {1,1,2,3}, Axis 2.
        assertArrayEquals(expected, gather(policy, new long[] {1, 1, 3, 3}, ONE_TO_NINE, new long[] {1, 1, 2, 3},
                TensorDataType.UINT32, new long[] {1, 2, 0, 2, 0, 0}, 2));
    }

    @ParameterizedTest
    @EnumSource(IndexPolicy.class)
    void onnxExamples(IndexPolicy policy) {
        for (TensorDataType indexType : new TensorDataType[] {TensorDataType.INT32, TensorDataType.INT64}) {
            // Example 1: data [[1,2],[3,4]], indices [[0,0],[1,0]], axis 1 -> [[1,1],[4,3]].
            assertArrayEquals(new float[] {1, 1, 4, 3}, gather(policy, new long[] {2, 2}, new float[] {1, 2, 3, 4},
                    new long[] {2, 2}, indexType, new long[] {0, 0, 1, 0}, 1));
            // Example 2: axis 0, [[1,2,0],[2,0,0]] -> [[4,8,3],[7,2,3]].
            assertArrayEquals(new float[] {4, 8, 3, 7, 2, 3}, gather(policy, new long[] {3, 3}, ONE_TO_NINE,
                    new long[] {2, 3}, indexType, new long[] {1, 2, 0, 2, 0, 0}, 0));
            // test_gather_elements_negative_indices: axis 0, [[-1,-2,0],[-2,0,0]] -> [[7,5,3],[4,2,3]].
            assertArrayEquals(new float[] {7, 5, 3, 4, 2, 3}, gather(policy, new long[] {3, 3}, ONE_TO_NINE,
                    new long[] {2, 3}, indexType, new long[] {-1, -2, 0, -2, 0, 0}, 0));
        }
    }

    @ParameterizedTest
    @EnumSource(IndexPolicy.class)
    void openVinoExamples(IndexPolicy policy) {
        for (TensorDataType indexType : new TensorDataType[] {TensorDataType.INT32, TensorDataType.INT64}) {
            // Example 1: data [[1,2],[3,4]], indices [[0,1],[0,0]], axis 0 -> [[1,4],[1,2]].
            assertArrayEquals(new float[] {1, 4, 1, 2}, gather(policy, new long[] {2, 2}, new float[] {1, 2, 3, 4},
                    new long[] {2, 2}, indexType, new long[] {0, 1, 0, 0}, 0));
            // Example 2: data [[1,7],[4,3]], indices [[1,1,0],[1,0,1]] (larger than data along the axis), axis 1
            // -> [[7,7,1],[3,4,3]].
            assertArrayEquals(new float[] {7, 7, 1, 3, 4, 3}, gather(policy, new long[] {2, 2},
                    new float[] {1, 7, 4, 3}, new long[] {2, 3}, indexType, new long[] {1, 1, 0, 1, 0, 1}, 1));
        }
    }

    private static float[] gather(IndexPolicy policy, long[] inputSizes, float[] input, long[] indicesSizes,
            TensorDataType indexType, long[] indices, int axis) {
        GatherElementsOperatorDesc desc = new GatherElementsOperatorDesc(
                BufferTensorDesc.packed(TensorDataType.FLOAT32, inputSizes),
                BufferTensorDesc.packed(indexType, indicesSizes),
                BufferTensorDesc.packed(TensorDataType.FLOAT32, indicesSizes), axis);
        ByteBuffer indexBytes;
        if (indexType.sizeInBytes() == 8) {
            indexBytes = longs(indices);
        } else {
            int[] narrow = new int[indices.length];
            for (int i = 0; i < indices.length; i++) {
                narrow[i] = (int) indices[i];
            }
            indexBytes = ints(narrow);
        }
        ByteBuffer output = le(indices.length * 4);
        return floatsOf(Kernels.run(desc, policy, floats(input), indexBytes, output));
    }
}
