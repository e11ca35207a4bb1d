package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.LoweredTensors.assertTensor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherNd1OperatorDesc;
import dev.dmlemu.desc.GatherNdOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The GatherND and GatherND1 descs and binding notes of each lowering rule, with sizes, strides, counts and byte
 * counts worked out by hand from ONNX GatherND's output shape {@code indices.shape[:-1] ++ data.shape[b+k:]} and
 * DirectML's formula {@code idx[0 .. len-1) ++ in[B+k ..)} right-aligned to the common DimensionCount
 * (docs/directml-behaviour.md §11.3).
 */
class GatherNdLoweredDescTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final ElementType F32 = ElementType.FLOAT;
    private static final ElementType I64 = ElementType.INT64;
    private static final LoweringOptions LANES =
            LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);

    static GatherNdNode onnx(List<Long> data, ElementType dataType, List<Long> indices, long batchDims) {
        return GatherNdNode.onnx(Frontend.ONNX_GATHER_ND_13, data, dataType, indices, I64).withBatchDims(batchDims);
    }

    private static Lowered lower(GatherNdNode node, FeatureLevel level, LoweringOptions options) {
        LoweringResult result = GatherNdLowering.lower(node, level, options);
        Lowered lowered = assertInstanceOf(Lowered.class, result, result::toString);
        assertTrue(VALIDATOR.validate(lowered.desc(), level).isValid());
        return lowered;
    }

    private static Lowered lower(GatherNdNode node, FeatureLevel level) {
        return lower(node, level, LoweringOptions.defaults());
    }

    private static GatherNdOperatorDesc nd(Lowered lowered) {
        return lowered.desc(GatherNdOperatorDesc.class);
    }

    private static GatherNd1OperatorDesc nd1(Lowered lowered) {
        return lowered.desc(GatherNd1OperatorDesc.class);
    }

    @Test
    void onnxExample1TuplesAsLongAsTheDataRankGatherElements() {
        // data [2,2], indices [2,2], b 0 -> output [2] ++ [] = [2]. D = max(2, 2, 2 - 1 + 2 - 0 - 2) = 2; the counts
        // are the ranks. DirectML's formula idx[0..1) ++ in[2..) = {2} aligns to {1,2}.
        Lowered lowered = lower(onnx(List.of(2L, 2L), F32, List.of(2L, 2L), 0), FeatureLevel.LEVEL_3_0);
        GatherNdOperatorDesc desc = nd(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 2L), Optional.empty(), 16, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(2L, 2L), Optional.empty(), 32, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 2L), Optional.empty(), 8, desc.outputTensor());
        assertEquals(2, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(List.of(2L), lowered.outputShape());
        assertEquals(List.of(), lowered.note(FrameworkTensor.DATA).adjustments());
        assertEquals(List.of(), lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(List.of(GatherNdOperatorDesc.INPUT_TENSOR, GatherNdOperatorDesc.INDICES_TENSOR,
                GatherNdOperatorDesc.OUTPUT_TENSOR), lowered.notes().stream().map(BindingNote::tensorField).toList());
    }

    @Test
    void below30TensorsArePaddedTo4AndInt64IndicesReadAsLowHalves() {
        // The same node at 2_1 with non-negative indices: D = 4. Indices [2,2] as UINT32 with strides [2,1] * 2 =
        // [4,2], the padding's stride the whole tensor (2 * 4 = 8); last element 1*4 + 1*2 = 6, so 7 UINT32 = 28
        // bytes of the 32-byte int64 buffer.
        Lowered lowered = lower(onnx(List.of(2L, 2L), F32, List.of(2L, 2L), 0).withIndexSign(IndexSign.NON_NEGATIVE),
                FeatureLevel.LEVEL_2_1);
        GatherNdOperatorDesc desc = nd(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 2L, 2L), Optional.empty(), 16, desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 2L, 2L), Optional.of(List.of(8L, 8L, 4L, 2L)), 28,
                desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 1L, 2L), Optional.empty(), 8, desc.outputTensor());
        assertEquals(2, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT64_LOW_HALVES_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(32, lowered.note(FrameworkTensor.INDICES).sourceSizeInBytes());
        assertEquals(28, lowered.note(FrameworkTensor.INDICES).bindingSizeInBytes());
    }

    @Test
    void shortTuplesGatherSlices() {
        // ONNX example 4: data [2,2,2], indices [2,1,2] -> output [2,1] ++ data[2:] = [2,1,2]. D = max(3, 3, 3) = 3.
        Lowered lowered = lower(onnx(List.of(2L, 2L, 2L), F32, List.of(2L, 1L, 2L), 0), FeatureLevel.LEVEL_6_4);
        GatherNdOperatorDesc desc = nd(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 2L, 2L), Optional.empty(), 32, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(2L, 1L, 2L), Optional.empty(), 32, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 1L, 2L), Optional.empty(), 16, desc.outputTensor());
        assertEquals(3, desc.inputDimensionCount());
        assertEquals(3, desc.indicesDimensionCount());
        assertEquals(List.of(2L, 1L, 2L), lowered.outputShape());
    }

    @Test
    void batchDimsLowerOntoGatherNd1From30() {
        // ONNX example 5: data [2,2,2], indices [2,1], b 1 -> output [2] ++ data[1+1:] = [2,2]. D = max(3, 2, 2) = 3:
        // indices {1,2,1} with IndicesDimensionCount 2, BatchDimensionCount 1; the formula idx[0..1) ++ in[2..) =
        // {2} ++ {2} aligns to {1,2,2}.
        Lowered lowered = lower(onnx(List.of(2L, 2L, 2L), F32, List.of(2L, 1L), 1), FeatureLevel.LEVEL_3_0);
        GatherNd1OperatorDesc desc = nd1(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 2L, 2L), Optional.empty(), 32, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 2L, 1L), Optional.empty(), 16, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 2L, 2L), Optional.empty(), 16, desc.outputTensor());
        assertEquals(3, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(1, desc.batchDimensionCount());
        assertEquals(List.of(2L, 2L), lowered.outputShape());
        assertEquals(OperatorType.GATHER_ND1, lowered.desc().operatorType());
    }

    @Test
    void aTupleOfTheWholeRankGivesAScalar() {
        // data [2,3], indices [2] (one tuple of 2) -> output [] ++ [] = [], a scalar. D = max(2, 1, 0) = 2: indices
        // {1,2} with IndicesDimensionCount 1, the output one element {1,1}.
        Lowered lowered = lower(onnx(List.of(2L, 3L), F32, List.of(2L), 0), FeatureLevel.LEVEL_3_0);
        GatherNdOperatorDesc desc = nd(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L), Optional.empty(), 24, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 2L), Optional.empty(), 16, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L), Optional.empty(), 4, desc.outputTensor());
        assertEquals(2, desc.inputDimensionCount());
        assertEquals(1, desc.indicesDimensionCount());
        assertEquals(List.of(), lowered.outputShape());
        assertEquals(List.of(Adjustment.SCALAR_AS_1D, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(4, lowered.note(FrameworkTensor.OUTPUT).sourceSizeInBytes());
    }

    @Test
    void below30AFiveDimensionalNodeMergesItsSliceInto4() {
        // data [2,3,4,5,6], indices [7,1] -> output [7] ++ [3,4,5,6] = [7,3,4,5,6]: 5 dimensions, 4 allowed at 2_1.
        // The slice [3,4,5,6] merges into 360: data [2,360] (InputDimensionCount 2), indices [7,1] unchanged
        // (IndicesDimensionCount 2), output [7,360]. Indices as UINT32 low halves: packed [1,1] * 2 = [2,2], padding
        // stride 7 * 2 = 14; last element 6 * 2 = 12, so 13 UINT32 = 52 bytes.
        GatherNdNode node = onnx(List.of(2L, 3L, 4L, 5L, 6L), F32, List.of(7L, 1L), 0)
                .withIndexSign(IndexSign.NON_NEGATIVE);
        Lowered lowered = lower(node, FeatureLevel.LEVEL_2_1);
        GatherNdOperatorDesc desc = nd(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 2L, 360L), Optional.empty(), 2880, desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 7L, 1L), Optional.of(List.of(14L, 14L, 2L, 2L)), 52,
                desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 7L, 360L), Optional.empty(), 10080,
                desc.outputTensor());
        assertEquals(2, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(List.of(7L, 3L, 4L, 5L, 6L), lowered.outputShape());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.DATA).adjustments());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT64_LOW_HALVES_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertTrue(lowered.note(FrameworkTensor.DATA).text().contains("the data [2, 3, 4, 5, 6] is viewed as "
                + "[2, 360]"), lowered.note(FrameworkTensor.DATA).text());

        // From 3_0 the same node fits in 5 dimensions as it is.
        GatherNdOperatorDesc at30 = nd(lower(node, FeatureLevel.LEVEL_3_0));
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L, 4L, 5L, 6L), Optional.empty(), 2880,
                at30.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 1L, 1L, 7L, 1L), Optional.empty(), 56, at30.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(7L, 3L, 4L, 5L, 6L), Optional.empty(), 10080,
                at30.outputTensor());
        assertEquals(5, at30.inputDimensionCount());
        assertEquals(2, at30.indicesDimensionCount());
    }

    @Test
    void batchDimensionsMergeIntoOneWhenNineDimensionsAreNeeded() {
        // data [2,3,4,5,1,1,1,1,6], indices [2,3,2], b 2 -> output [2,3] ++ data[4:] = [2,3,1,1,1,1,6]; D would be
        // 9. Merged: batch [2,3] -> 6 in both, the indexed [4,5] kept, the slice [1,1,1,1,6] -> 6: data [6,4,5,6]
        // (count 4), indices [6,2] (count 2), BatchDimensionCount 1; formula idx[0..1) ++ in[1+2..) = {6} ++ {6},
        // D = max(4, 2, 2) = 4, output {1,1,6,6}.
        Lowered lowered = lower(onnx(List.of(2L, 3L, 4L, 5L, 1L, 1L, 1L, 1L, 6L), F32, List.of(2L, 3L, 2L), 2),
                FeatureLevel.LEVEL_3_0);
        GatherNd1OperatorDesc desc = nd1(lowered);
        assertTensor(TensorDataType.FLOAT32, List.of(6L, 4L, 5L, 6L), Optional.empty(), 2880, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 1L, 6L, 2L), Optional.empty(), 96, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 6L, 6L), Optional.empty(), 144, desc.outputTensor());
        assertEquals(4, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(1, desc.batchDimensionCount());
        assertEquals(List.of(2L, 3L, 1L, 1L, 1L, 1L, 6L), lowered.outputShape());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.INDICES).adjustments());
    }

    @Test
    void wideDataMovesAsLanesThatJoinTheSlice() {
        // double data [2,2], indices [2,1] at 3_0 with lanes: data [2,2,2] UINT32, output [2] ++ [2] ++ lanes
        // [2] = [2,2,2]. D = max(3, 2, 1 + 3 - 1) = 3; InputDimensionCount 3.
        Lowered lowered = lower(onnx(List.of(2L, 2L), ElementType.DOUBLE, List.of(2L, 1L), 0), FeatureLevel.LEVEL_3_0,
                LANES);
        GatherNdOperatorDesc desc = nd(lowered);
        assertTensor(TensorDataType.UINT32, List.of(2L, 2L, 2L), Optional.empty(), 32, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 2L, 1L), Optional.empty(), 16, desc.indicesTensor());
        assertTensor(TensorDataType.UINT32, List.of(2L, 2L, 2L), Optional.empty(), 32, desc.outputTensor());
        assertEquals(3, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(List.of(Adjustment.UINT32_LANES), lowered.note(FrameworkTensor.DATA).adjustments());
        assertEquals(List.of(Adjustment.UINT32_LANES), lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(List.of(2L, 2L), lowered.outputShape());
    }

    @Test
    void boolAndBfloat16DataMoveAsTheirBits() {
        Lowered bool = lower(onnx(List.of(2L, 2L), ElementType.BOOL, List.of(2L, 1L), 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        assertEquals(TensorDataType.UINT8, ((BufferTensorDesc) nd(bool).inputTensor()).dataType());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.BOOL_AS_UINT8),
                bool.note(FrameworkTensor.DATA).adjustments());
        Lowered bf16 = lower(onnx(List.of(2L, 2L), ElementType.BFLOAT16, List.of(2L, 1L), 0),
                FeatureLevel.LEVEL_3_0);
        assertEquals(TensorDataType.UINT16, ((BufferTensorDesc) nd(bf16).outputTensor()).dataType());
        assertEquals(List.of(Adjustment.BFLOAT16_AS_UINT16), bf16.note(FrameworkTensor.OUTPUT).adjustments());
    }

    @Test
    void nodesOfEachGatherNdFrontend() {
        for (Frontend frontend : List.of(Frontend.ONNX_GATHER_ND_11, Frontend.ONNX_GATHER_ND_12,
                Frontend.ONNX_GATHER_ND_13)) {
            FrameworkNode node = FrameworkNode.of(frontend, List.of(2L, 2L), F32, List.of(2L, 2L), I64,
                    NodeAttributes.none());
            GatherNdNode gatherNd = assertInstanceOf(GatherNdNode.class, node);
            assertEquals(0, gatherNd.batchDims());
            assertEquals(IndexSign.MAY_BE_NEGATIVE, gatherNd.indexSign());
            Lowered lowered = assertInstanceOf(Lowered.class, node.lower(FeatureLevel.LEVEL_3_0,
                    LoweringOptions.defaults()));
            assertEquals(OperatorType.GATHER_ND, lowered.desc().operatorType(), frontend.displayName());
        }
        assertEquals(1, assertInstanceOf(GatherNdNode.class, FrameworkNode.of(Frontend.ONNX_GATHER_ND_12,
                List.of(2L, 2L), F32, List.of(2L, 1L), I64, NodeAttributes.none().withBatchDims(1))).batchDims());
        // Attributes the operator version lacks are refused when the node is made.
        assertThrows(IllegalArgumentException.class, () -> FrameworkNode.of(Frontend.ONNX_GATHER_ND_13,
                List.of(2L), F32, List.of(1L), I64, OptionalLong.of(0)));
        assertThrows(IllegalArgumentException.class, () -> FrameworkNode.of(Frontend.ONNX_GATHER_ND_11,
                List.of(2L), F32, List.of(1L), I64, NodeAttributes.none().withBatchDims(0)));
        assertThrows(IllegalArgumentException.class, () -> FrameworkNode.of(Frontend.ONNX_GATHER_13,
                List.of(2L), F32, List.of(1L), I64, NodeAttributes.none().withBatchDims(0)));
        assertThrows(IllegalArgumentException.class, () -> GatherNdNode.onnx(Frontend.ONNX_GATHER_13, List.of(2L),
                F32, List.of(1L), I64));
        // The output shape exists only for a node whose batch_dims and tuple fit its shapes.
        assertEquals(List.of(2L, 2L), onnx(List.of(2L, 2L, 2L), F32, List.of(2L, 1L), 1).outputShape());
        assertThrows(IllegalStateException.class, () -> onnx(List.of(2L, 2L), F32, List.of(2L, 3L), 0).outputShape());
        assertThrows(IllegalStateException.class, () -> onnx(List.of(2L, 2L), F32, List.of(2L, 1L), 2).outputShape());
    }
}
