package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.Resample1OperatorDesc;
import dev.dmlemu.desc.ResampleOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The resamplings' shape rules (docs/directml-behaviour.md §14.4). Every verdict is DirectML.dll 1.15.4's (under Wine
 * in the project's host, DML_FEATURE_LEVEL_6_4), NEAREST_NEIGHBOR, FLOAT32.
 */
class ResampleShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc t(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<Float> f(float... values) {
        List<Float> list = new ArrayList<>();
        for (float value : values) {
            list.add(value);
        }
        return list;
    }

    /** RESAMPLE1 with zero pixel offsets. */
    private static OperatorDesc resample1(BufferTensorDesc in, BufferTensorDesc out, List<Float> scales) {
        List<Float> zeros = new ArrayList<>(scales.stream().map(s -> 0f).toList());
        return new Resample1OperatorDesc(in, out, InterpolationMode.NEAREST_NEIGHBOR, scales.size(), scales, zeros,
                zeros);
    }

    private static OperatorDesc resample(BufferTensorDesc in, BufferTensorDesc out, List<Float> scales) {
        return new ResampleOperatorDesc(in, out, InterpolationMode.NEAREST_NEIGHBOR, scales.size(), scales);
    }

    private List<RuleId> errors(OperatorDesc desc) {
        return validator.validate(desc, LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    @Test
    void oneScalePerDimension() {
        // S_OK: four scales for 4-D tensors, one for 1-D.
        assertEquals(List.of(), errors(resample1(t(1, 2, 3, 4), t(1, 2, 6, 8), f(1, 1, 2, 2))));
        assertEquals(List.of(), errors(resample1(t(3), t(6), f(2))));
        assertEquals(List.of(), errors(resample(t(1, 2, 3, 4), t(1, 2, 6, 8), f(1, 1, 2, 2))));
        // E_INVALIDARG: one scale for 4-D tensors; three or five.
        assertEquals(List.of(RuleId.DIMENSION_ARRAY_LENGTH), errors(resample1(t(1, 1, 1, 1), t(1, 1, 1, 1), f(1))));
        assertEquals(List.of(RuleId.DIMENSION_ARRAY_LENGTH), errors(resample(t(1, 1, 1, 1), t(1, 1, 1, 1), f(1))));
        assertEquals(List.of(RuleId.DIMENSION_ARRAY_LENGTH), errors(resample(t(1, 2, 3, 4), t(1, 2, 6, 8),
                f(1, 2, 2))));
        assertEquals(List.of(RuleId.DIMENSION_ARRAY_LENGTH), errors(resample(t(1, 2, 3, 4), t(1, 2, 6, 8),
                f(1, 1, 2, 2, 2))));
    }

    @Test
    void theOutputSizesNeedNotFollowTheScales() {
        // S_OK: 3 x 2 written as 7, 5 or 9; 3 x 1.5 as 4 or 5; 1 x 3 as 1.
        assertEquals(List.of(), errors(resample1(t(1, 2, 3, 4), t(1, 2, 7, 8), f(1, 1, 2, 2))));
        assertEquals(List.of(), errors(resample1(t(1, 2, 3, 4), t(1, 2, 5, 8), f(1, 1, 2, 2))));
        assertEquals(List.of(), errors(resample(t(1, 2, 3, 4), t(1, 2, 9, 9), f(1, 1, 2, 2))));
        assertEquals(List.of(), errors(resample1(t(3), t(4), f(1.5f))));
        assertEquals(List.of(), errors(resample1(t(3), t(5), f(1.5f))));
        assertEquals(List.of(), errors(resample1(t(1), t(1), f(3))));
    }

    @Test
    void everyScaleIsAtLeastFltEpsilon() {
        // S_OK: 2^-23 and infinity; E_INVALIDARG: the float below 2^-23, 1e-30, 0, -1, NaN.
        assertEquals(List.of(), errors(resample1(t(1), t(1), f(0x1p-23f))));
        assertEquals(List.of(), errors(resample1(t(3), t(6), f(Float.POSITIVE_INFINITY))));
        assertEquals(List.of(RuleId.SCALE_OUT_OF_RANGE), errors(resample1(t(1), t(1),
                f(Math.nextDown(0x1p-23f)))));
        assertEquals(List.of(RuleId.SCALE_OUT_OF_RANGE), errors(resample1(t(3), t(6), f(1e-30f))));
        assertEquals(List.of(RuleId.SCALE_OUT_OF_RANGE), errors(resample1(t(1, 2, 3, 4), t(1, 2, 3, 4),
                f(1, 1, 1, 0))));
        assertEquals(List.of(RuleId.SCALE_OUT_OF_RANGE), errors(resample(t(1, 2, 3, 4), t(1, 2, 3, 4),
                f(1, 1, 1, -1))));
        assertEquals(List.of(RuleId.SCALE_OUT_OF_RANGE), errors(resample1(t(3), t(6), f(Float.NaN))));
    }

    @Test
    void pixelOffsetsMayBeAnything() {
        // S_OK: offsets of 100, -100, 7, -9 and NaN.
        List<Float> scales = f(1, 1, 2, 2);
        assertEquals(List.of(), errors(new Resample1OperatorDesc(t(1, 2, 3, 4), t(1, 2, 6, 8),
                InterpolationMode.NEAREST_NEIGHBOR, 4, scales, f(100, -100, 0.5f, 0.5f), f(-0.5f, 7, 3, -9))));
        assertEquals(List.of(), errors(new Resample1OperatorDesc(t(1, 2, 3, 4), t(1, 2, 6, 8),
                InterpolationMode.NEAREST_NEIGHBOR, 4, scales, f(Float.NaN, 0, 0, 0), f(0, 0, 0, 0))));
    }
}
