package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.LoweredTensors.assertTensor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherElementsOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The descs and binding notes of each lowering rule, with sizes, strides and byte counts worked out by hand. */
class LoweredDescTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final Class<GatherElementsOperatorDesc> GE = GatherElementsOperatorDesc.class;

    private static Lowered lower(GatherElementsNode node, FeatureLevel level, LoweringOptions options) {
        LoweringResult result = GatherElementsLowering.lower(node, level, options);
        Lowered lowered = assertInstanceOf(Lowered.class, result, result::toString);
        assertTrue(VALIDATOR.validate(lowered.desc(GE), level).isValid());
        return lowered;
    }

    private static Lowered lower(GatherElementsNode node, FeatureLevel level) {
        return lower(node, level, LoweringOptions.defaults());
    }

    private static GatherElementsNode onnx(List<Long> data, ElementType dataType, List<Long> indices,
            ElementType indicesType, long axis) {
        return GatherElementsNode.onnx(Frontend.ONNX_13, data, dataType, indices, indicesType).withAxis(axis);
    }

    @Test
    void smallerNonAxisIndicesReadAStridedWindowOfTheData() {
        // data float [3,3], indices int64 [3,2], axis 0: the window is columns 0-1 with the data's strides [3,1];
        // it addresses (2*3 + 1*1 + 1) = 8 floats = 32 bytes of the 36-byte data.
        Lowered lowered = lower(onnx(List.of(3L, 3L), ElementType.FLOAT, List.of(3L, 2L), ElementType.INT64, 0),
                FeatureLevel.LEVEL_3_0);
        GatherElementsOperatorDesc desc = lowered.desc(GE);
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 2L), Optional.of(List.of(3L, 1L)), 32, desc.inputTensor());
        assertTensor(TensorDataType.INT64, List.of(3L, 2L), Optional.empty(), 48, desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 2L), Optional.empty(), 24, desc.outputTensor());
        assertEquals(0, desc.axis());
        BindingNote data = lowered.note(FrameworkTensor.DATA);
        assertEquals(GatherElementsOperatorDesc.INPUT_TENSOR, data.tensorField());
        assertEquals(FrameworkTensor.DATA, data.source());
        assertEquals(0, data.byteOffset());
        assertEquals(36, data.sourceSizeInBytes());
        assertEquals(32, data.bindingSizeInBytes());
        assertEquals(List.of(Adjustment.STRIDED_WINDOW), data.adjustments());
        assertTrue(data.text().contains("strides [3, 1]"), data.text());
        assertEquals(List.of(), lowered.note(FrameworkTensor.INDICES).adjustments());
    }

    @Test
    void aWindowThatTrimsOnlyTheOutermostDimensionStaysPacked() {
        // data float [3,3], indices [2,2], axis 1: rows 0-1 of the data are a packed [2,3] prefix (24 bytes).
        Lowered lowered = lower(onnx(List.of(3L, 3L), ElementType.FLOAT, List.of(2L, 2L), ElementType.INT64, 1),
                FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L), Optional.empty(), 24, lowered.desc(GE).inputTensor());
        assertEquals(List.of(Adjustment.STRIDED_WINDOW), lowered.note(FrameworkTensor.DATA).adjustments());
    }

    @Test
    void at21TensorsArePaddedTo4DimensionsAndInt64IndicesReadAsLowHalves() {
        // data float [3,3], indices int64 [2,2], axis 0, at 2_1 with non-negative indices: window [3,2] with strides
        // [3,1], two leading 1s whose stride is the whole data (9), Axis 0 + 2 = 2; the indices read as UINT32 with
        // strides [4,2] (8 for the padding): last element at 1*4 + 1*2 = 6 -> 7 * 4 = 28 bytes.
        Lowered lowered = lower(onnx(List.of(3L, 3L), ElementType.FLOAT, List.of(2L, 2L), ElementType.INT64, 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        GatherElementsOperatorDesc desc = lowered.desc(GE);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 3L, 2L), Optional.of(List.of(9L, 9L, 3L, 1L)), 32,
                desc.inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 2L, 2L), Optional.of(List.of(8L, 8L, 4L, 2L)), 28,
                desc.indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 2L, 2L), Optional.empty(), 16, desc.outputTensor());
        assertEquals(2, desc.axis());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT64_LOW_HALVES_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(32, lowered.note(FrameworkTensor.INDICES).sourceSizeInBytes());
    }

    @Test
    void at21NonNegativeInt32IndicesAreReadAsUint32() {
        Lowered lowered = lower(onnx(List.of(4L), ElementType.INT16, List.of(6L), ElementType.INT32, 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        assertTensor(TensorDataType.INT16, List.of(1L, 1L, 1L, 4L), Optional.empty(), 8,
                lowered.desc(GE).inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 1L, 6L), Optional.empty(), 24,
                lowered.desc(GE).indicesTensor());
        assertTensor(TensorDataType.INT16, List.of(1L, 1L, 1L, 6L), Optional.empty(), 12,
                lowered.desc(GE).outputTensor());
        assertEquals(3, lowered.desc(GE).axis());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT32_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
    }

    @Test
    void negativeAxisBecomesTheUnsignedAxis() {
        // int8 data [2,3,4], int32 indices [2,3,1], axis -1 -> Axis 2; the 6-byte output rounds up to 8 bytes.
        Lowered lowered = lower(onnx(List.of(2L, 3L, 4L), ElementType.INT8, List.of(2L, 3L, 1L), ElementType.INT32,
                -1), FeatureLevel.LEVEL_4_1);
        assertEquals(2, lowered.desc(GE).axis());
        assertTensor(TensorDataType.INT8, List.of(2L, 3L, 4L), Optional.empty(), 24, lowered.desc(GE).inputTensor());
        assertTensor(TensorDataType.INT32, List.of(2L, 3L, 1L), Optional.empty(), 24, lowered.desc(GE).indicesTensor());
        assertTensor(TensorDataType.INT8, List.of(2L, 3L, 1L), Optional.empty(), 8, lowered.desc(GE).outputTensor());
        BindingNote output = lowered.note(FrameworkTensor.OUTPUT);
        assertEquals(6, output.sourceSizeInBytes());
        assertEquals(8, output.bindingSizeInBytes());
        assertEquals(List.of(Adjustment.PADDED_TO_4_BYTES), output.adjustments());
        // At 2_1 the same axis is shifted by the one padded dimension.
        assertEquals(3, lower(onnx(List.of(2L, 3L, 4L), ElementType.INT8, List.of(2L, 3L, 1L), ElementType.INT32,
                -1).withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1).desc(GE).axis());
    }

    @Test
    void indicesLargerAlongTheAxisPassThrough() {
        Lowered lowered = lower(GatherElementsNode.openVino(List.of(3L, 7L, 5L), ElementType.FLOAT,
                List.of(3L, 10L, 5L), ElementType.INT64, 1), FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 7L, 5L), Optional.empty(), 420,
                lowered.desc(GE).inputTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 10L, 5L), Optional.empty(), 600,
                lowered.desc(GE).outputTensor());
    }

    @Test
    void boolAndBfloat16MoveAsUnsignedBits() {
        Lowered bool = lower(onnx(List.of(5L), ElementType.BOOL, List.of(3L), ElementType.INT64, 0),
                FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.UINT8, List.of(5L), Optional.empty(), 8, bool.desc(GE).inputTensor());
        assertTensor(TensorDataType.UINT8, List.of(3L), Optional.empty(), 4, bool.desc(GE).outputTensor());
        assertEquals(List.of(Adjustment.BOOL_AS_UINT8, Adjustment.PADDED_TO_4_BYTES),
                bool.note(FrameworkTensor.DATA).adjustments());
        Lowered bfloat16 = lower(onnx(List.of(2L, 2L), ElementType.BFLOAT16, List.of(2L, 2L), ElementType.INT64, 0),
                FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.UINT16, List.of(2L, 2L), Optional.empty(), 8, bfloat16.desc(GE).inputTensor());
        assertTensor(TensorDataType.UINT16, List.of(2L, 2L), Optional.empty(), 8, bfloat16.desc(GE).outputTensor());
        assertEquals(List.of(Adjustment.BFLOAT16_AS_UINT16), bfloat16.note(FrameworkTensor.OUTPUT).adjustments());
    }

    @Test
    void sixtyFourBitDataIsNativeFrom41() {
        for (ElementType type : List.of(ElementType.DOUBLE, ElementType.INT64, ElementType.UINT64)) {
            Lowered lowered = lower(onnx(List.of(2L, 3L), type, List.of(2L, 3L), ElementType.INT32, 0),
                    FeatureLevel.LEVEL_4_1);
            TensorDataType expected = switch (type) {
                case DOUBLE -> TensorDataType.FLOAT64;
                case INT64 -> TensorDataType.INT64;
                default -> TensorDataType.UINT64;
            };
            assertTensor(expected, List.of(2L, 3L), Optional.empty(), 48, lowered.desc(GE).inputTensor());
        }
    }

    @Test
    void sixtyFourBitDataBelow41SplitsIntoUint32LanesOnRequest() {
        LoweringOptions lanes = LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);
        // double [2,3], int32 indices [2,3], axis 0, at 3_0: a trailing lane dimension of 2; indices repeat along it.
        Lowered at30 = lower(onnx(List.of(2L, 3L), ElementType.DOUBLE, List.of(2L, 3L), ElementType.INT32, 0),
                FeatureLevel.LEVEL_3_0, lanes);
        assertTensor(TensorDataType.UINT32, List.of(2L, 3L, 2L), Optional.empty(), 48, at30.desc(GE).inputTensor());
        assertTensor(TensorDataType.INT32, List.of(2L, 3L, 2L), Optional.of(List.of(3L, 1L, 0L)), 24,
                at30.desc(GE).indicesTensor());
        assertTensor(TensorDataType.UINT32, List.of(2L, 3L, 2L), Optional.empty(), 48, at30.desc(GE).outputTensor());
        assertEquals(0, at30.desc(GE).axis());
        assertEquals(List.of(Adjustment.UINT32_LANES, Adjustment.BROADCAST_ALONG_LANES),
                at30.note(FrameworkTensor.INDICES).adjustments());
        // At 2_1: padded to [1,2,3,2], Axis 1, indices UINT32.
        Lowered at21 = lower(onnx(List.of(2L, 3L), ElementType.DOUBLE, List.of(2L, 3L), ElementType.INT32, 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1, lanes);
        assertTensor(TensorDataType.UINT32, List.of(1L, 2L, 3L, 2L), Optional.empty(), 48, at21.desc(GE).inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 2L, 3L, 2L), Optional.of(List.of(6L, 3L, 1L, 0L)), 24,
                at21.desc(GE).indicesTensor());
        assertEquals(1, at21.desc(GE).axis());
        // At 4_1 the option changes nothing: FLOAT64 is native.
        Lowered at41 = lower(onnx(List.of(2L, 3L), ElementType.DOUBLE, List.of(2L, 3L), ElementType.INT32, 0),
                FeatureLevel.LEVEL_4_1, lanes);
        assertEquals(TensorDataType.FLOAT64, ((BufferTensorDesc) at41.desc(GE).inputTensor()).dataType());
    }

    @Test
    void complexDataSplitsIntoLanesWithAWindow() {
        // complex64 [4,3], indices [5,2] axis 0: window [4,2] of the data with strides [3,1] * 2 lanes, lane stride 1.
        // Last element: 3*6 + 1*2 + 1*1 = 21 -> 22 UINT32 = 88 bytes. Indices [5,2,2] strides [2,1,0]: last 9 -> 80.
        LoweringOptions lanes = LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);
        Lowered lowered = lower(onnx(List.of(4L, 3L), ElementType.COMPLEX64, List.of(5L, 2L), ElementType.INT64, 0),
                FeatureLevel.LEVEL_6_4, lanes);
        assertTensor(TensorDataType.UINT32, List.of(4L, 2L, 2L), Optional.of(List.of(6L, 2L, 1L)), 88,
                lowered.desc(GE).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(5L, 2L, 2L), Optional.of(List.of(2L, 1L, 0L)), 80,
                lowered.desc(GE).indicesTensor());
        assertTensor(TensorDataType.UINT32, List.of(5L, 2L, 2L), Optional.empty(), 80, lowered.desc(GE).outputTensor());
        Lowered complex128 = lower(onnx(List.of(2L), ElementType.COMPLEX128, List.of(2L), ElementType.INT64, 0),
                FeatureLevel.LEVEL_6_4, lanes);
        assertTensor(TensorDataType.UINT32, List.of(2L, 4L), Optional.empty(), 32, complex128.desc(GE).inputTensor());
    }

    @Test
    void scalarsBecomeOneElementOnRequest() {
        GatherElementsNode scalar = GatherElementsNode.onnx(Frontend.ONNX_13, List.of(), ElementType.FLOAT, List.of(),
                ElementType.INT64);
        Lowered lowered = lower(scalar, FeatureLevel.LEVEL_3_0,
                LoweringOptions.defaults().withRankZero(RankZeroHandling.RESHAPE_TO_1D));
        assertTensor(TensorDataType.FLOAT32, List.of(1L), Optional.empty(), 4, lowered.desc(GE).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L), Optional.empty(), 8, lowered.desc(GE).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L), Optional.empty(), 4, lowered.desc(GE).outputTensor());
        assertEquals(List.of(Adjustment.SCALAR_AS_1D), lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(List.of(), lowered.outputShape());
        assertEquals(4, lowered.note(FrameworkTensor.OUTPUT).sourceSizeInBytes());
    }

    @Test
    void notesFollowTheDescFieldOrder() {
        Lowered lowered = lower(onnx(List.of(2L), ElementType.FLOAT, List.of(2L), ElementType.INT64, 0),
                FeatureLevel.LEVEL_3_0);
        assertEquals(List.of(GatherElementsOperatorDesc.INPUT_TENSOR, GatherElementsOperatorDesc.INDICES_TENSOR,
                GatherElementsOperatorDesc.OUTPUT_TENSOR),
                lowered.notes().stream().map(BindingNote::tensorField).toList());
        assertEquals(List.of(FrameworkTensor.DATA, FrameworkTensor.INDICES, FrameworkTensor.OUTPUT),
                lowered.notes().stream().map(BindingNote::source).toList());
        assertEquals(FeatureLevel.LEVEL_3_0, lowered.featureLevel());
        assertEquals(ElementType.FLOAT, lowered.outputType());
    }

    @Test
    void elementTypesParseFromOnnxNumpyAndOpenVinoNames() {
        assertEquals(ElementType.FLOAT, ElementType.parse("tensor(float)"));
        assertEquals(ElementType.FLOAT, ElementType.parse("float32"));
        assertEquals(ElementType.FLOAT, ElementType.parse("f32"));
        assertEquals(ElementType.BOOL, ElementType.parse("boolean"));
        assertEquals(ElementType.BFLOAT16, ElementType.parse("BF16"));
        assertEquals(ElementType.DOUBLE, ElementType.parse("float64"));
        assertEquals(Optional.of(ElementType.BFLOAT16), ElementType.fromOnnxCode(16));
        assertEquals(Optional.of(ElementType.INT64), ElementType.fromOnnxCode(7));
        IllegalArgumentException unknown = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ElementType.parse("float8"));
        assertTrue(unknown.getMessage().contains("'float8'"), unknown.getMessage());
    }
}
