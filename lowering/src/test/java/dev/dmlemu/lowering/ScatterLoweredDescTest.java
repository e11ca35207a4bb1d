package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.LoweredTensors.assertTensor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ScatterElementsOperatorDesc;
import dev.dmlemu.desc.ScatterNdOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The SCATTER_ELEMENTS and SCATTER_ND descs and binding notes of ONNX ScatterElements and ScatterND nodes, with sizes,
 * strides, counts and byte counts worked out by hand from the ONNX shapes and DirectML's contracts
 * (docs/directml-behaviour.md §12.1, §13.1, §13.3).
 */
class ScatterLoweredDescTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final ElementType F32 = ElementType.FLOAT;
    private static final ElementType I32 = ElementType.INT32;
    private static final ElementType I64 = ElementType.INT64;

    static FrameworkNode elements(Frontend frontend, List<Long> data, ElementType dataType, List<Long> indices,
            ElementType indicesType, long axis) {
        return FrameworkNode.of(frontend, data, dataType, indices, indicesType, indices,
                NodeAttributes.none().withAxis(axis));
    }

    static FrameworkNode nd(List<Long> data, ElementType dataType, List<Long> indices, List<Long> updates) {
        return FrameworkNode.of(Frontend.ONNX_SCATTER_ND_18, data, dataType, indices, I64, updates,
                NodeAttributes.none());
    }

    private static Lowered lower(FrameworkNode node, FeatureLevel level, LoweringOptions options) {
        LoweringResult result = node.lower(level, options);
        Lowered lowered = assertInstanceOf(Lowered.class, result, result::toString);
        assertTrue(VALIDATOR.validate(lowered.desc(), level).isValid());
        return lowered;
    }

    private static Lowered lower(FrameworkNode node, FeatureLevel level) {
        return lower(node, level, LoweringOptions.defaults());
    }

    @Test
    void onnxScatterElementsExample1KeepsItsShapesAtTheHighestLevel() {
        // data [3,3], indices and updates [2,3], axis 0: all four tensors 2-D, Axis 0, nothing adjusted.
        Lowered lowered = lower(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, List.of(3L, 3L), F32, List.of(2L, 3L),
                I64, 0), FeatureLevel.LEVEL_6_4);
        ScatterElementsOperatorDesc desc = lowered.desc(ScatterElementsOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 3L), Optional.empty(), 36, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(2L, 3L), Optional.empty(), 48, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L), Optional.empty(), 24, desc.updatesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 3L), Optional.empty(), 36, desc.outputTensor());
        assertEquals(0, desc.axis());
        assertEquals(List.of(3L, 3L), lowered.outputShape());
        assertEquals(List.of(ScatterElementsOperatorDesc.INPUT_TENSOR, ScatterElementsOperatorDesc.INDICES_TENSOR,
                ScatterElementsOperatorDesc.UPDATES_TENSOR, ScatterElementsOperatorDesc.OUTPUT_TENSOR),
                lowered.notes().stream().map(BindingNote::tensorField).toList());
        assertEquals(List.of(FrameworkTensor.DATA, FrameworkTensor.INDICES, FrameworkTensor.UPDATES,
                FrameworkTensor.OUTPUT), lowered.notes().stream().map(BindingNote::source).toList());
        assertEquals(24, lowered.note(FrameworkTensor.UPDATES).sourceSizeInBytes());
        lowered.notes().forEach(note -> assertEquals(List.of(), note.adjustments(), note.text()));
    }

    @Test
    void below30ScatterElementsIs4dWithInt64IndicesReadAsLowHalves() {
        // At 2_1: D = 4, Axis 0 + 2 padding = 2. Indices [2,3] as UINT32 with strides [3,1] * 2 = [6,2], the
        // padding's stride the whole tensor (2 * 6 = 12); last element 1*6 + 2*2 = 10, so 11 UINT32 = 44 bytes.
        Lowered lowered = lower(elements(Frontend.ONNX_SCATTER_ELEMENTS_11, List.of(3L, 3L), F32, List.of(2L, 3L),
                I64, 0).withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        ScatterElementsOperatorDesc desc = lowered.desc(ScatterElementsOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 3L, 3L), Optional.empty(), 36, desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 2L, 3L), Optional.of(List.of(12L, 12L, 6L, 2L)), 44,
                desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 2L, 3L), Optional.empty(), 24, desc.updatesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 3L, 3L), Optional.empty(), 36, desc.outputTensor());
        assertEquals(2, desc.axis());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT64_LOW_HALVES_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.UPDATES).adjustments());
        assertEquals(48, lowered.note(FrameworkTensor.INDICES).sourceSizeInBytes());
        assertEquals(44, lowered.note(FrameworkTensor.INDICES).bindingSizeInBytes());
    }

    @Test
    void at10FloatDataAndInt32IndicesReadAsUint32() {
        // SCATTER_ELEMENTS exists from 1_0 (float data only): int32 indices keep their packed layout as UINT32.
        Lowered lowered = lower(elements(Frontend.ONNX_SCATTER_ELEMENTS_13, List.of(1L, 5L), F32, List.of(1L, 2L),
                I32, -1).withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_1_0);
        ScatterElementsOperatorDesc desc = lowered.desc(ScatterElementsOperatorDesc.class);
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 1L, 2L), Optional.empty(), 8, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 1L, 5L), Optional.empty(), 20, desc.outputTensor());
        assertEquals(3, desc.axis(), "axis -1 of a 2-D node, after 2 leading 1s");
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT32_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
    }

    @Test
    void fiveDimensionsBelow30MergeAroundTheAxis() {
        // data [2,3,4,5,6], axis 2: [2*3, 4, 5*6] = [6,4,30], one leading 1, Axis 1 + 1 = 2. Indices [2,3,2,5,6]:
        // [6,2,30], int32 read as UINT32, packed.
        Lowered lowered = lower(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, List.of(2L, 3L, 4L, 5L, 6L), F32,
                List.of(2L, 3L, 2L, 5L, 6L), I32, 2).withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        ScatterElementsOperatorDesc desc = lowered.desc(ScatterElementsOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 6L, 4L, 30L), Optional.empty(), 2880, desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 6L, 2L, 30L), Optional.empty(), 1440, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 6L, 2L, 30L), Optional.empty(), 1440, desc.updatesTensor());
        assertEquals(2, desc.axis());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.DATA).adjustments());
        assertTrue(lowered.note(FrameworkTensor.DATA).text().contains("is viewed as [6, 4, 30]"),
                lowered.note(FrameworkTensor.DATA).text());
    }

    @Test
    void doubleDataBelow41MovesAsUint32LanesWithTheIndicesRepeated() {
        // data [2,3] double at 3_0: [2,3,2] UINT32. Indices [1,3] int64 gain the lane dimension with stride 0:
        // [1,3,2] strides [3,1,0]; last element 2, so 3 INT64 = 24 bytes. Updates [1,3,2] UINT32 = 24 bytes.
        Lowered lowered = lower(elements(Frontend.ONNX_SCATTER_ELEMENTS_18, List.of(2L, 3L), ElementType.DOUBLE,
                List.of(1L, 3L), I64, 0), FeatureLevel.LEVEL_3_0,
                LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES));
        ScatterElementsOperatorDesc desc = lowered.desc(ScatterElementsOperatorDesc.class);
        assertTensor(TensorDataType.UINT32, List.of(2L, 3L, 2L), Optional.empty(), 48, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 3L, 2L), Optional.of(List.of(3L, 1L, 0L)), 24,
                desc.indicesTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 3L, 2L), Optional.empty(), 24, desc.updatesTensor());
        assertEquals(0, desc.axis());
        assertEquals(List.of(Adjustment.BROADCAST_ALONG_LANES), lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(Adjustment.UINT32_LANES), lowered.note(FrameworkTensor.UPDATES).adjustments());
    }

    @Test
    void onnxScatterNdExample1() {
        // data [8], indices [4,1], updates [4]: D = max(1, 2, 1) = 2, counts 1 and 2; updates idx[0..1) ++ in[1..)
        // = {4} aligned to {1,4}.
        Lowered lowered = lower(nd(List.of(8L), F32, List.of(4L, 1L), List.of(4L)), FeatureLevel.LEVEL_3_0);
        ScatterNdOperatorDesc desc = lowered.desc(ScatterNdOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 8L), Optional.empty(), 32, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(4L, 1L), Optional.empty(), 32, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 4L), Optional.empty(), 16, desc.updatesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 8L), Optional.empty(), 32, desc.outputTensor());
        assertEquals(1, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(List.of(8L), lowered.outputShape());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.UPDATES).adjustments());
    }

    @Test
    void onnxScatterNdExample1At21() {
        // D = 4. Indices [4,1] as UINT32 with strides [1,1] * 2 = [2,2], the padding's stride 4 * 2 = 8; last
        // element 3*2 = 6, so 7 UINT32 = 28 bytes.
        Lowered lowered = lower(nd(List.of(8L), F32, List.of(4L, 1L), List.of(4L))
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        ScatterNdOperatorDesc desc = lowered.desc(ScatterNdOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 1L, 8L), Optional.empty(), 32, desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 4L, 1L), Optional.of(List.of(8L, 8L, 2L, 2L)), 28,
                desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 1L, 4L), Optional.empty(), 16, desc.updatesTensor());
        assertEquals(1, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
    }

    @Test
    void onnxScatterNdExample2WritesSlices() {
        // data [4,4,4], indices [2,1], updates [2] ++ [4,4] = [2,4,4]: D = max(3, 2, 3) = 3; indices {1,2,1}.
        Lowered lowered = lower(nd(List.of(4L, 4L, 4L), F32, List.of(2L, 1L), List.of(2L, 4L, 4L)),
                FeatureLevel.LEVEL_6_4);
        ScatterNdOperatorDesc desc = lowered.desc(ScatterNdOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(4L, 4L, 4L), Optional.empty(), 256, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 2L, 1L), Optional.empty(), 16, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 4L, 4L), Optional.empty(), 128, desc.updatesTensor());
        assertEquals(3, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
    }

    @Test
    void scatterNdWithManyLeadingIndicesMergesThemBelow30() {
        // data [5,3], indices [2,2,2,1], updates [2,2,2,3]: D = max(2, 4, 3 + 1) = 4 fits 2_1 without merging.
        // With indices [2,2,2,2,1] D = 5: merged indices [8,1], updates [8,3], data [5,3]; D stays 4 at 2_1.
        Lowered lowered = lower(nd(List.of(5L, 3L), F32, List.of(2L, 2L, 2L, 2L, 1L), List.of(2L, 2L, 2L, 2L, 3L))
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        ScatterNdOperatorDesc desc = lowered.desc(ScatterNdOperatorDesc.class);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 5L, 3L), Optional.empty(), 60, desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 16L, 1L), Optional.of(List.of(32L, 32L, 2L, 2L)), 124,
                desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 16L, 3L), Optional.empty(), 192, desc.updatesTensor());
        assertEquals(2, desc.inputDimensionCount());
        assertEquals(2, desc.indicesDimensionCount());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.UPDATES).adjustments());
    }
}
