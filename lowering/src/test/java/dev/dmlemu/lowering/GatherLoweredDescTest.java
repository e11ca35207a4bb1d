package dev.dmlemu.lowering;

import static dev.dmlemu.lowering.LoweredTensors.assertTensor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GatherOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The Gather descs and binding notes of each lowering rule, with sizes, strides, Axis, IndexDimensions and byte counts
 * worked out by hand from DirectML's output formula {@code in[0..Axis) ++ idx[D-k..D) ++ in(Axis..D)}, right-aligned
 * to the common DimensionCount D.
 */
class GatherLoweredDescTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final ElementType F32 = ElementType.FLOAT;
    private static final ElementType I32 = ElementType.INT32;
    private static final ElementType I64 = ElementType.INT64;

    private static Lowered lower(GatherNode node, FeatureLevel level, LoweringOptions options) {
        LoweringResult result = GatherLowering.lower(node, level, options);
        Lowered lowered = assertInstanceOf(Lowered.class, result, result::toString);
        assertTrue(VALIDATOR.validate(lowered.desc(), level).isValid());
        return lowered;
    }

    private static Lowered lower(GatherNode node, FeatureLevel level) {
        return lower(node, level, LoweringOptions.defaults());
    }

    private static GatherOperatorDesc desc(Lowered lowered) {
        return lowered.desc(GatherOperatorDesc.class);
    }

    private static void assertGather(Lowered lowered, long axis, long indexDimensions) {
        assertEquals(axis, desc(lowered).axis(), "Axis");
        assertEquals(indexDimensions, desc(lowered).indexDimensions(), "IndexDimensions");
    }

    private static GatherNode onnx(List<Long> data, ElementType dataType, List<Long> indices, ElementType indicesType,
            long axis) {
        return GatherNode.onnx(Frontend.ONNX_GATHER_13, data, dataType, indices, indicesType).withAxis(axis);
    }

    @Test
    void fromLevel30AllTensorsShareTheOutputsRank() {
        // ONNX example 1: data [3,2], indices [2,2], axis 0 -> output [2,2,2]; D = max(2, 2, 3) = 3. The input gets
        // one leading 1 (Axis 0 + 1 = 1); the formula {1} ++ {2,2} ++ {2} = {1,2,2,2} crops its leading 1 to {2,2,2}.
        Lowered lowered = lower(onnx(List.of(3L, 2L), F32, List.of(2L, 2L), I64, 0), FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 3L, 2L), Optional.empty(), 24, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 2L, 2L), Optional.empty(), 32, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 2L, 2L), Optional.empty(), 32, desc(lowered).outputTensor());
        assertGather(lowered, 1, 2);
        assertEquals(List.of(2L, 2L, 2L), lowered.outputShape());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.DATA).adjustments());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(), lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertTrue(lowered.note(FrameworkTensor.DATA).text().contains("leading 1s pad it to 3 dimensions"),
                lowered.note(FrameworkTensor.DATA).text());
    }

    @Test
    void below30TensorsArePaddedTo4AndInt64IndicesReadAsLowHalves() {
        // The same node at 2_1 with non-negative indices: D = 4, Axis 0 + 2 = 2. Indices [2,2] as UINT32 with
        // strides [2,1] * 2 = [4,2], the padding's stride the whole tensor (2 * 4 = 8); last element 1*4 + 1*2 = 6,
        // so 7 UINT32 = 28 bytes of the 32-byte int64 buffer.
        Lowered lowered = lower(onnx(List.of(3L, 2L), F32, List.of(2L, 2L), I64, 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 3L, 2L), Optional.empty(), 24,
                desc(lowered).inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 2L, 2L), Optional.of(List.of(8L, 8L, 4L, 2L)), 28,
                desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 2L, 2L, 2L), Optional.empty(), 32,
                desc(lowered).outputTensor());
        assertGather(lowered, 2, 2);
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.INT64_LOW_HALVES_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(32, lowered.note(FrameworkTensor.INDICES).sourceSizeInBytes());
        assertEquals(28, lowered.note(FrameworkTensor.INDICES).bindingSizeInBytes());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.OUTPUT).adjustments());
    }

    @Test
    void theIndicesTakeThePlaceOfTheAxis() {
        // ONNX example 2: data [3,3], indices [1,2], axis 1 -> output [3] ++ [1,2] ++ [] = [3,1,2]. D = 3, Axis 2.
        Lowered lowered = lower(onnx(List.of(3L, 3L), F32, List.of(1L, 2L), I64, 1), FeatureLevel.LEVEL_6_4);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 3L, 3L), Optional.empty(), 36, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 1L, 2L), Optional.empty(), 16, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(3L, 1L, 2L), Optional.empty(), 24, desc(lowered).outputTensor());
        assertGather(lowered, 2, 2);
    }

    @Test
    void theInputIsPaddedSoThatAxisIsAtLeastIndexDimensionsMinusOne() {
        // data [5], indices [2,3], axis 0: without padding the desc would be Axis 0 with IndexDimensions 2 (the shape
        // DirectML 1.15.4 accepts but corrupts its heap on). D = max(1, 2, 2) = 2 gives the input a leading 1:
        // Axis 1, and the formula {1} ++ {2,3} = {1,2,3} crops to {2,3}.
        Lowered lowered = lower(onnx(List.of(5L), F32, List.of(2L, 3L), I32, 0), FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 5L), Optional.empty(), 20, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT32, List.of(2L, 3L), Optional.empty(), 24, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L), Optional.empty(), 24, desc(lowered).outputTensor());
        assertGather(lowered, 1, 2);
    }

    @Test
    void aScalarIndexIsAllOnesWithIndexDimensions0() {
        // data [4,5], scalar index, axis 1 -> output [4]; D = max(2, 0, 1) = 2. Indices {1,1}; the formula
        // {4} ++ {} ++ {} = {4} is right-aligned to {1,4}.
        Lowered lowered = lower(onnx(List.of(4L, 5L), F32, List.of(), I32, 1), FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(4L, 5L), Optional.empty(), 80, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT32, List.of(1L, 1L), Optional.empty(), 4, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 4L), Optional.empty(), 16, desc(lowered).outputTensor());
        assertGather(lowered, 1, 0);
        assertEquals(List.of(4L), lowered.outputShape());
        assertEquals(List.of(Adjustment.SCALAR_AS_1D, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(Adjustment.RANK_PADDED), lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(4, lowered.note(FrameworkTensor.INDICES).sourceSizeInBytes());
    }

    @Test
    void aScalarIndexIntoOneDimensionGivesAScalar() {
        // int8 data [5], scalar int64 index: D = max(1, 0, 0) = 1; output {1} (1 byte, DirectML rounds to 4).
        Lowered lowered = lower(onnx(List.of(5L), ElementType.INT8, List.of(), I64, 0), FeatureLevel.LEVEL_4_1);
        assertTensor(TensorDataType.INT8, List.of(5L), Optional.empty(), 8, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L), Optional.empty(), 8, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.INT8, List.of(1L), Optional.empty(), 4, desc(lowered).outputTensor());
        assertGather(lowered, 0, 0);
        assertEquals(List.of(), lowered.outputShape());
        assertEquals(List.of(Adjustment.SCALAR_AS_1D, Adjustment.PADDED_TO_4_BYTES),
                lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(1, lowered.note(FrameworkTensor.OUTPUT).sourceSizeInBytes());
        assertEquals(List.of(Adjustment.PADDED_TO_4_BYTES), lowered.note(FrameworkTensor.DATA).adjustments());
    }

    @Test
    void aScalarInt64IndexAt21IsItsLowHalf() {
        // At 2_1 a scalar int64 index is read as one UINT32: the low little-endian half at byte 0, packed {1,1,1,1}.
        Lowered lowered = lower(onnx(List.of(3L), F32, List.of(), I64, 0).withIndexSign(IndexSign.NON_NEGATIVE),
                FeatureLevel.LEVEL_2_1);
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 1L, 1L), Optional.empty(), 4,
                desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 1L, 1L), Optional.empty(), 4,
                desc(lowered).outputTensor());
        assertGather(lowered, 3, 0);
    }

    @Test
    void negativeAxisCountsFromTheBack() {
        // OpenVINO Gather-1, data [2,3,4], axis -1 (2), indices [5] -> output [2,3,5]; D = 3, indices {1,1,5}.
        Lowered lowered = lower(GatherNode.openVino(List.of(2L, 3L, 4L), F32, List.of(5L), I32, -1),
                FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L, 4L), Optional.empty(), 96, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT32, List.of(1L, 1L, 5L), Optional.empty(), 20, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L, 5L), Optional.empty(), 120,
                desc(lowered).outputTensor());
        assertGather(lowered, 2, 1);
    }

    @Test
    void theSeedExampleKeepsItsSevenDimensionsFrom30() {
        // openvino-Gather-1.rst: data [6,12,10,24], indices [15,4,20,28], axis 1 -> [6,15,4,20,28,10,24]. D = 7:
        // input {1,1,1,6,12,10,24} with Axis 1 + 3 = 4 >= IndexDimensions 4 - 1.
        Lowered lowered = lower(GatherNode.openVino(List.of(6L, 12L, 10L, 24L), F32, List.of(15L, 4L, 20L, 28L), I32,
                1), FeatureLevel.LEVEL_6_4);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 1L, 6L, 12L, 10L, 24L), Optional.empty(), 69_120,
                desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT32, List.of(1L, 1L, 1L, 15L, 4L, 20L, 28L), Optional.empty(), 134_400,
                desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(6L, 15L, 4L, 20L, 28L, 10L, 24L), Optional.empty(),
                193_536_000, desc(lowered).outputTensor());
        assertGather(lowered, 4, 4);
        assertEquals(List.of(6L, 15L, 4L, 20L, 28L, 10L, 24L), lowered.outputShape());
    }

    @Test
    void below30ANodeNeedingMoreThan4DimensionsIsMerged() {
        // The seed example at 2_1 needs 7 dimensions: data [6,12,10,24] is viewed as [6,12,240] (axis 1), indices
        // [15,4,20,28] as [33600], output [6,15,4,20,28,10,24] as [6,33600,240]; padded to 4, Axis 1 + 1 = 2.
        Lowered lowered = lower(GatherNode.openVino(List.of(6L, 12L, 10L, 24L), F32, List.of(15L, 4L, 20L, 28L), I32,
                1), FeatureLevel.LEVEL_2_1);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 6L, 12L, 240L), Optional.empty(), 69_120,
                desc(lowered).inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 1L, 33_600L), Optional.empty(), 134_400,
                desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 6L, 33_600L, 240L), Optional.empty(), 193_536_000,
                desc(lowered).outputTensor());
        assertGather(lowered, 2, 1);
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.DATA).adjustments());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED, Adjustment.INT32_AS_UINT32),
                lowered.note(FrameworkTensor.INDICES).adjustments());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED, Adjustment.RANK_PADDED),
                lowered.note(FrameworkTensor.OUTPUT).adjustments());
        String data = lowered.note(FrameworkTensor.DATA).text();
        assertTrue(data.contains("DirectML Gather takes exactly 4 dimensions at DML_FEATURE_LEVEL_2_1 and this node "
                + "needs 7, so the data [6, 12, 10, 24] is viewed as [6, 12, 240] (axis 1) and the indices "
                + "[15, 4, 20, 28] as [33600]"), data);
        String output = lowered.note(FrameworkTensor.OUTPUT).text();
        assertTrue(output.contains("the output [6, 15, 4, 20, 28, 10, 24] is viewed as [6, 33600, 240]"), output);
    }

    @Test
    void from30ANodeNeedingMoreThan8DimensionsIsMerged() {
        // data [2,1,3,1,2,2] (axis 2) and indices [1,2,1,2] give an output of rank 9: the data becomes [2,3,4]
        // (axis 1), the indices [4], the output [2,4,4] (32 elements, as the framework's 2*1*1*2*1*2*1*2*2). D = 3.
        Lowered lowered = lower(onnx(List.of(2L, 1L, 3L, 1L, 2L, 2L), F32, List.of(1L, 2L, 1L, 2L), I64, 2),
                FeatureLevel.LEVEL_3_0);
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 3L, 4L), Optional.empty(), 96, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 1L, 4L), Optional.empty(), 32, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(2L, 4L, 4L), Optional.empty(), 128,
                desc(lowered).outputTensor());
        assertGather(lowered, 1, 1);
        assertEquals(List.of(2L, 1L, 1L, 2L, 1L, 2L, 1L, 2L, 2L), lowered.outputShape());
        assertEquals(List.of(Adjustment.DIMENSIONS_MERGED), lowered.note(FrameworkTensor.DATA).adjustments());
        assertTrue(lowered.note(FrameworkTensor.DATA).text().contains("DirectML Gather takes at most 8 dimensions "
                + "and this node needs 9"), lowered.note(FrameworkTensor.DATA).text());
        // Eight dimensions still fit: data [2,1,3,1,2] with the same indices needs 8 and is not merged.
        Lowered eight = lower(onnx(List.of(2L, 1L, 3L, 1L, 2L), F32, List.of(1L, 2L, 1L, 2L), I64, 2),
                FeatureLevel.LEVEL_3_0);
        assertEquals(List.of(1L, 1L, 1L, 2L, 1L, 3L, 1L, 2L), ((BufferTensorDesc) desc(eight).inputTensor()).sizes());
        assertGather(eight, 5, 4);
    }

    @Test
    void mergingOmitsTheSidesTheAxisDoesNotHave() {
        // Axis 0 of [3,2,2,2,2] with indices [2,2] at 2_1: output rank 6 > 4, so the data becomes [3,16] (nothing
        // before the axis), the indices [4], the output [4,16]; padded: input {1,1,3,16} Axis 2.
        Lowered lowered = lower(onnx(List.of(3L, 2L, 2L, 2L, 2L), F32, List.of(2L, 2L), I32, 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 3L, 16L), Optional.empty(), 192,
                desc(lowered).inputTensor());
        assertTensor(TensorDataType.FLOAT32, List.of(1L, 1L, 4L, 16L), Optional.empty(), 256,
                desc(lowered).outputTensor());
        assertGather(lowered, 2, 1);
    }

    @Test
    void sixtyFourBitDataBelow41SplitsIntoATrailingLaneDimension() {
        // double [3,2] with lanes at 3_0: the data is UINT32 [3,2,2], one more dimension after the axis; indices [2],
        // axis 0 -> output [2,2,2] UINT32 = the framework's [2,2] doubles, 32 bytes. D = 3.
        LoweringOptions lanes =
                LoweringOptions.defaults().withWideElements(WideElementHandling.SPLIT_INTO_UINT32_LANES);
        Lowered lowered = lower(onnx(List.of(3L, 2L), ElementType.DOUBLE, List.of(2L), I64, 0), FeatureLevel.LEVEL_3_0,
                lanes);
        assertTensor(TensorDataType.UINT32, List.of(3L, 2L, 2L), Optional.empty(), 48, desc(lowered).inputTensor());
        assertTensor(TensorDataType.INT64, List.of(1L, 1L, 2L), Optional.empty(), 16, desc(lowered).indicesTensor());
        assertTensor(TensorDataType.UINT32, List.of(2L, 2L, 2L), Optional.empty(), 32, desc(lowered).outputTensor());
        assertGather(lowered, 0, 1);
        assertEquals(List.of(Adjustment.UINT32_LANES), lowered.note(FrameworkTensor.DATA).adjustments());
        assertEquals(List.of(Adjustment.UINT32_LANES), lowered.note(FrameworkTensor.OUTPUT).adjustments());
        assertEquals(32, lowered.note(FrameworkTensor.OUTPUT).sourceSizeInBytes());
        // At 4_1 FLOAT64 is native and the option changes nothing: D = max(2, 1, 2) = 2.
        Lowered native41 = lower(onnx(List.of(3L, 2L), ElementType.DOUBLE, List.of(2L), I64, 0),
                FeatureLevel.LEVEL_4_1, lanes);
        assertTensor(TensorDataType.FLOAT64, List.of(3L, 2L), Optional.empty(), 48, desc(native41).inputTensor());
        assertTensor(TensorDataType.FLOAT64, List.of(2L, 2L), Optional.empty(), 32, desc(native41).outputTensor());
    }

    @Test
    void boolMovesAsUint8AndFloat16IsNativeAt10() {
        // bool [4] at 2_1: UINT8 {1,1,1,4}; output {1,1,1,3}: 3 bytes rounded up to 4.
        Lowered bool = lower(onnx(List.of(4L), ElementType.BOOL, List.of(3L), I32, 0)
                .withIndexSign(IndexSign.NON_NEGATIVE), FeatureLevel.LEVEL_2_1);
        assertTensor(TensorDataType.UINT8, List.of(1L, 1L, 1L, 4L), Optional.empty(), 4, desc(bool).inputTensor());
        assertTensor(TensorDataType.UINT8, List.of(1L, 1L, 1L, 3L), Optional.empty(), 4, desc(bool).outputTensor());
        assertEquals(List.of(Adjustment.RANK_PADDED, Adjustment.BOOL_AS_UINT8, Adjustment.PADDED_TO_4_BYTES),
                bool.note(FrameworkTensor.OUTPUT).adjustments());
        // float16 [2,2] at 1_0 (the first support table: FLOAT32 and FLOAT16 data, UINT32 indices, 4-D).
        Lowered half = lower(GatherNode.openVino(List.of(2L, 2L), ElementType.FLOAT16, List.of(1L), I32, 0),
                FeatureLevel.LEVEL_1_0);
        assertTensor(TensorDataType.FLOAT16, List.of(1L, 1L, 2L, 2L), Optional.empty(), 8, desc(half).inputTensor());
        assertTensor(TensorDataType.UINT32, List.of(1L, 1L, 1L, 1L), Optional.empty(), 4, desc(half).indicesTensor());
        assertTensor(TensorDataType.FLOAT16, List.of(1L, 1L, 1L, 2L), Optional.empty(), 4, desc(half).outputTensor());
        assertGather(half, 2, 1);
    }

    @Test
    void notesFollowTheDescFieldOrder() {
        Lowered lowered = lower(onnx(List.of(2L), F32, List.of(2L), I64, 0), FeatureLevel.LEVEL_3_0);
        assertEquals(List.of(GatherOperatorDesc.INPUT_TENSOR, GatherOperatorDesc.INDICES_TENSOR,
                GatherOperatorDesc.OUTPUT_TENSOR), lowered.notes().stream().map(BindingNote::tensorField).toList());
        assertEquals(List.of(FrameworkTensor.DATA, FrameworkTensor.INDICES, FrameworkTensor.OUTPUT),
                lowered.notes().stream().map(BindingNote::source).toList());
        assertEquals(FeatureLevel.LEVEL_3_0, lowered.featureLevel());
    }

    @Test
    void nodesOfEachFrontendAndTheirOutputShape() {
        assertEquals(IndexSign.MAY_BE_NEGATIVE, GatherNode.onnx(Frontend.ONNX_GATHER_11, List.of(2L), F32,
                List.of(), I64).indexSign());
        assertEquals(IndexSign.NON_NEGATIVE, GatherNode.onnx(Frontend.ONNX_GATHER_1, List.of(2L), F32,
                List.of(), I64).indexSign());
        assertEquals(OptionalLong.of(-1), GatherNode.openVino(List.of(2L), F32, List.of(), I64, -1).axis());
        assertEquals(IndexSign.NON_NEGATIVE, GatherNode.openVino(List.of(2L), F32, List.of(), I64, -1).indexSign());
        // output = data[:axis] ++ indices ++ data[axis+1:], the spec's shape rule.
        assertEquals(List.of(6L, 15L, 4L, 20L, 28L, 10L, 24L), GatherNode.openVino(List.of(6L, 12L, 10L, 24L), F32,
                List.of(15L, 4L, 20L, 28L), I32, 1).outputShape());
        assertEquals(List.of(3L, 1L, 2L), GatherNode.onnx(Frontend.ONNX_GATHER_1, List.of(3L, 3L), F32,
                List.of(1L, 2L), I64).withAxis(-1).outputShape());
        assertThrows(IllegalArgumentException.class, () -> GatherNode.onnx(Frontend.ONNX_13, List.of(2L), F32,
                List.of(), I64));
        assertThrows(IllegalArgumentException.class, () -> new GatherElementsNode(Frontend.ONNX_GATHER_13,
                List.of(2L), F32, List.of(2L), I64, OptionalLong.empty(), IndexSign.MAY_BE_NEGATIVE));
        assertThrows(IllegalStateException.class, () -> GatherNode.openVino(List.of(2L), F32, List.of(), I64, 1)
                .outputShape());
        assertInstanceOf(GatherNode.class, FrameworkNode.of(Frontend.OPENVINO_GATHER_1, List.of(2L), F32, List.of(),
                I32, OptionalLong.of(0)));
        for (Frontend frontend : Frontend.values()) {
            if (!frontend.attributes().contains(NodeAttribute.AXIS)) {
                continue; // GatherND has no axis: GatherNdLoweredDescTest.nodesOfEachGatherNdFrontend
            }
            FrameworkNode node = frontend.operator().hasUpdates()
                    ? FrameworkNode.of(frontend, List.of(2L), F32, List.of(2L), I32, List.of(2L),
                            NodeAttributes.none().withAxis(0))
                    : FrameworkNode.of(frontend, List.of(2L), F32, List.of(2L), I32, OptionalLong.of(0));
            Lowered lowered = assertInstanceOf(Lowered.class, node.lower(FeatureLevel.LEVEL_3_0,
                    LoweringOptions.defaults()));
            assertEquals(frontend.operator().dmlOperator(), lowered.desc().operatorType(), frontend.displayName());
        }
        assertInstanceOf(GatherElementsNode.class, FrameworkNode.of(Frontend.OPENVINO_6, List.of(2L), F32,
                List.of(2L), I32, OptionalLong.of(0)));
    }
}
