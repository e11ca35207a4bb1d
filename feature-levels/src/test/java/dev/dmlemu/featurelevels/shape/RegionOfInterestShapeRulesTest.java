package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.RoiAlign1OperatorDesc;
import dev.dmlemu.desc.RoiAlignGradOperatorDesc;
import dev.dmlemu.desc.RoiAlignOperatorDesc;
import dev.dmlemu.desc.RoiPoolingOperatorDesc;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ROI_POOLING, ROI_ALIGN, ROI_ALIGN1 and ROI_ALIGN_GRAD, on descs whose verdicts were measured on DirectML.dll 1.15.4
 * (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.2. Input
 * {@code [2, 3, 4, 4]}, two regions.
 */
class RegionOfInterestShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final long UINT32_MAX = 4294967295L;

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static RoiPoolingOperatorDesc pooling(long[] roi, long[] output, Size2d pooled) {
        return new RoiPoolingOperatorDesc(f32(2, 3, 4, 4), f32(roi), f32(output), 1f, pooled);
    }

    private static RoiAlignOperatorDesc align(long[] roi, TensorDesc batchIndices, ReduceFunction function,
            float scaleX, long minimum, long maximum) {
        return new RoiAlignOperatorDesc(f32(2, 3, 4, 4), f32(roi), batchIndices, f32(2, 3, 2, 2), function,
                InterpolationMode.LINEAR, scaleX, 1f, 0f, minimum, maximum);
    }

    private static RoiAlign1OperatorDesc align1(long[] output, long minimum) {
        return RoiAlign1OperatorDesc.builder().inputTensor(f32(1, 1, 4, 4)).roiTensor(f32(1, 4))
                .batchIndicesTensor(BufferTensorDesc.packed(TensorDataType.UINT32, 1)).outputTensor(f32(output))
                .reductionFunction(ReduceFunction.MAX).interpolationMode(InterpolationMode.LINEAR).spatialScaleX(1f)
                .spatialScaleY(1f).minimumSamplesPerOutput(minimum).maximumSamplesPerOutput(UINT32_MAX).build();
    }

    private static RoiAlignGradOperatorDesc gradient(TensorDesc input, TensorDesc outputGradient,
            TensorDesc roiGradient, ReduceFunction function) {
        return RoiAlignGradOperatorDesc.builder().inputTensor(input).inputGradientTensor(f32(2, 3, 2, 2))
                .roiTensor(f32(2, 4)).batchIndicesTensor(BufferTensorDesc.packed(TensorDataType.UINT32, 2))
                .outputGradientTensor(outputGradient).outputROIGradientTensor(roiGradient)
                .reductionFunction(function).interpolationMode(InterpolationMode.LINEAR).spatialScaleX(1f)
                .spatialScaleY(1f).minimumSamplesPerOutput(1).maximumSamplesPerOutput(1).build();
    }

    private static BufferTensorDesc indices(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
    }

    @Test
    void roiPoolingTakesRowsOfFiveAndPoolsToPooledSize() {
        Size2d widthThreeHeightTwo = new Size2d(3, 2);
        // DirectML.dll 1.15.4: S_OK.
        assertEquals(List.of(), errors(pooling(new long[] {1, 1, 2, 5}, new long[] {2, 3, 2, 3},
                widthThreeHeightTwo)));
        // E_INVALIDARG: rows of 4 or 6, a leading 2, PooledSize the other way round, channels or regions off.
        assertEquals(List.of(RuleId.ROI_SIZES_INVALID), errors(pooling(new long[] {1, 1, 2, 4},
                new long[] {2, 3, 2, 3}, widthThreeHeightTwo)));
        assertEquals(List.of(RuleId.ROI_SIZES_INVALID), errors(pooling(new long[] {1, 1, 2, 6},
                new long[] {2, 3, 2, 3}, widthThreeHeightTwo)));
        assertEquals(List.of(RuleId.ROI_SIZES_INVALID), errors(pooling(new long[] {2, 1, 2, 5},
                new long[] {2, 3, 2, 3}, widthThreeHeightTwo)));
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(pooling(new long[] {1, 1, 2, 5},
                new long[] {2, 3, 2, 3}, new Size2d(2, 3))));
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(pooling(new long[] {1, 1, 2, 5},
                new long[] {2, 4, 2, 3}, widthThreeHeightTwo)));
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(pooling(new long[] {1, 1, 2, 5},
                new long[] {1, 3, 2, 3}, widthThreeHeightTwo)));
    }

    @Test
    void roiAlignTakesRowsOfFourAndOneBatchIndexPerRegion() {
        // S_OK: rows behind 0, 1 or 2 leading 1s; batch indices [2], [1, 2]; UINT64 indices too.
        assertEquals(List.of(), errors(align(new long[] {2, 4}, indices(2), ReduceFunction.MAX, 1f, 1, 2)));
        assertEquals(List.of(), errors(align(new long[] {1, 1, 2, 4}, indices(1, 2), ReduceFunction.AVERAGE, 1f, 1,
                1)));
        assertEquals(List.of(), errors(align(new long[] {1, 2, 4}, BufferTensorDesc.packed(TensorDataType.UINT64, 1,
                2), ReduceFunction.MAX, 1f, 1, 2)));
        // E_INVALIDARG: three batch indices for two regions, a ROI [2, 1, 4], a SUM reduction.
        assertEquals(List.of(RuleId.ROI_SIZES_INVALID), errors(align(new long[] {2, 4}, indices(3),
                ReduceFunction.MAX, 1f, 1, 2)));
        assertEquals(List.of(RuleId.ROI_SIZES_INVALID, RuleId.ROI_SIZES_INVALID, RuleId.OUTPUT_SIZES_MISMATCH),
                errors(align(new long[] {2, 1, 4}, indices(2), ReduceFunction.MAX, 1f, 1, 2)));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(align(new long[] {2, 4}, indices(2),
                ReduceFunction.SUM, 1f, 1, 2)));
    }

    @Test
    void spatialScalesMayNotBeNegativeOrInfiniteButMayBeNaN() {
        // S_OK: 0, -0.0, NaN. E_INVALIDARG: -1, infinity.
        for (float accepted : new float[] {0f, -0f, Float.NaN, 0.5f}) {
            assertEquals(List.of(), errors(align(new long[] {2, 4}, indices(2), ReduceFunction.MAX, accepted, 1, 1)));
        }
        for (float refused : new float[] {-1f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            assertEquals(List.of(RuleId.ROI_SAMPLING_OUT_OF_RANGE), errors(align(new long[] {2, 4}, indices(2),
                    ReduceFunction.MAX, refused, 1, 1)));
        }
    }

    @Test
    void minimumSamplesTimesTheLargerOutputSizeFitsIn32Bits() {
        // E_INVALIDARG: 0, above the maximum.
        assertEquals(List.of(RuleId.ROI_SAMPLING_OUT_OF_RANGE), errors(align(new long[] {2, 4}, indices(2),
                ReduceFunction.MAX, 1f, 0, 1)));
        assertEquals(List.of(RuleId.ROI_SAMPLING_OUT_OF_RANGE), errors(align(new long[] {2, 4}, indices(2),
                ReduceFunction.MAX, 1f, 3, 2)));
        // Output 1x1: 2^32 - 1 accepted. 1x3 and 3x3: 1431655765 (2^32 - 1 over 3) accepted, one more refused.
        assertEquals(List.of(), errors(align1(new long[] {1, 1, 1, 1}, UINT32_MAX)));
        assertEquals(List.of(), errors(align1(new long[] {1, 1, 1, 3}, UINT32_MAX / 3)));
        assertEquals(List.of(RuleId.ROI_SAMPLING_OUT_OF_RANGE), errors(align1(new long[] {1, 1, 1, 3},
                UINT32_MAX / 3 + 1)));
        assertEquals(List.of(), errors(align1(new long[] {1, 1, 3, 3}, UINT32_MAX / 3)));
        assertEquals(List.of(RuleId.ROI_SAMPLING_OUT_OF_RANGE), errors(align1(new long[] {1, 1, 3, 3},
                UINT32_MAX / 3 + 1)));
    }

    @Test
    void theGradientNeedsAnOutputAndTheForwardInputWhereItReadsIt() {
        BufferTensorDesc input = f32(2, 3, 4, 4);
        // S_OK.
        assertEquals(List.of(), errors(gradient(input, input, f32(2, 4), ReduceFunction.MAX)));
        assertEquals(List.of(), errors(gradient(TensorDesc.NULL, f32(5, 3, 7, 1), TensorDesc.NULL,
                ReduceFunction.AVERAGE)));
        // E_INVALIDARG: no output; no input beside the ROI gradient or MAX; the ROI gradient [1, 2, 4] for the ROI
        // [2, 4]; the output gradient's channels off without an input, its batch off with one.
        assertEquals(List.of(RuleId.REQUIRED_TENSOR_MISSING), errors(gradient(input, TensorDesc.NULL,
                TensorDesc.NULL, ReduceFunction.AVERAGE)));
        assertEquals(List.of(RuleId.REQUIRED_TENSOR_MISSING), errors(gradient(TensorDesc.NULL, input, f32(2, 4),
                ReduceFunction.AVERAGE)));
        assertEquals(List.of(RuleId.REQUIRED_TENSOR_MISSING), errors(gradient(TensorDesc.NULL, input,
                TensorDesc.NULL, ReduceFunction.MAX)));
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(gradient(input, TensorDesc.NULL, f32(1, 2, 4),
                ReduceFunction.AVERAGE)));
        assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(gradient(TensorDesc.NULL, f32(2, 4, 4, 4),
                TensorDesc.NULL, ReduceFunction.AVERAGE)));
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(gradient(input, f32(1, 3, 4, 4),
                TensorDesc.NULL, ReduceFunction.AVERAGE)));
    }

    @Test
    void theFourOperatorsAreJudgedWithoutTheShapeWarning() {
        List<RuleId> warnings = VALIDATOR.validate(pooling(new long[] {1, 1, 2, 5}, new long[] {2, 3, 2, 3},
                new Size2d(3, 2)), FeatureLevel.LEVEL_6_4).diagnostics().stream()
                .filter(diagnostic -> diagnostic.rule().severity() == Severity.WARNING).map(Diagnostic::rule).toList();
        assertEquals(List.of(), warnings);
    }
}
