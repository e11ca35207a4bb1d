package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.LocalResponseNormalizationGradOperatorDesc;
import dev.dmlemu.desc.LocalResponseNormalizationOperatorDesc;
import dev.dmlemu.desc.LpNormalizationOperatorDesc;
import dev.dmlemu.desc.MeanVarianceNormalization1OperatorDesc;
import dev.dmlemu.desc.MeanVarianceNormalization2OperatorDesc;
import dev.dmlemu.desc.MeanVarianceNormalizationOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The shape rules of MEAN_VARIANCE_NORMALIZATION, 1 and 2, LP_NORMALIZATION and LOCAL_RESPONSE_NORMALIZATION(_GRAD),
 * on descs whose verdicts were measured on DirectML.dll 1.15.4 (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is
 * E_INVALIDARG), docs/directml-behaviour.md §14.5.
 */
class NormalizationShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final long[] INPUT = {2, 3, 2, 2};

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static void accepted(OperatorDesc desc) {
        assertEquals(List.of(), VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).diagnostics(), desc.toString());
    }

    private static List<OperatorDesc> mvn(TensorDesc scale, TensorDesc bias, long[] output, List<Long> axes) {
        return List.of(new MeanVarianceNormalization1OperatorDesc(f32(INPUT), scale, bias, f32(output), axes.size(),
                        axes, true, 1e-5f, Optional.empty()),
                new MeanVarianceNormalization2OperatorDesc(f32(INPUT), scale, bias, f32(output), axes.size(), axes,
                        true, true, 1e-5f, Optional.empty()));
    }

    @Test
    void meanVarianceNormalizationScaleAndBiasBroadcastToTheInput() {
        // DirectML.dll 1.15.4: S_OK (Scale alone, Bias alone, both; AxisCount 0 and repeated axes too).
        mvn(f32(1, 3, 1, 1), TensorDesc.NULL, INPUT, List.of(1L)).forEach(NormalizationShapeRulesTest::accepted);
        mvn(TensorDesc.NULL, f32(2, 3, 2, 2), INPUT, List.of(0L, 0L)).forEach(NormalizationShapeRulesTest::accepted);
        mvn(f32(2, 1, 2, 1), f32(1, 1, 1, 1), INPUT, List.of()).forEach(NormalizationShapeRulesTest::accepted);
        // DirectML.dll 1.15.4: E_INVALIDARG.
        for (OperatorDesc desc : mvn(f32(1, 4, 1, 1), TensorDesc.NULL, INPUT, List.of(1L))) {
            assertEquals(List.of(RuleId.NOT_BROADCASTABLE), errors(desc), desc.toString());
        }
        for (OperatorDesc desc : mvn(f32(1, 3, 1, 1), TensorDesc.NULL, INPUT, List.of(4L))) {
            assertEquals(List.of(RuleId.AXES_OUT_OF_RANGE), errors(desc), desc.toString());
        }
        for (OperatorDesc desc : mvn(TensorDesc.NULL, TensorDesc.NULL, new long[] {1, 3, 2, 2}, List.of(1L))) {
            assertEquals(List.of(RuleId.SIZES_MISMATCH), errors(desc), desc.toString());
        }
    }

    /** The first version, with either CrossChannel and NormalizeVariance (the four pairings measured alike). */
    private static List<OperatorDesc> firstMvn(TensorDesc scale, TensorDesc bias) {
        return List.of(new MeanVarianceNormalizationOperatorDesc(f32(INPUT), scale, bias, f32(INPUT), false, true,
                        1e-5f, Optional.empty()),
                new MeanVarianceNormalizationOperatorDesc(f32(INPUT), scale, bias, f32(INPUT), true, false,
                        Float.NaN, Optional.empty()));
    }

    @Test
    void firstMeanVarianceNormalizationScaleAndBiasEachBroadcastToTheInput() {
        // DirectML.dll 1.15.4: S_OK (Scale alone, Bias alone, both of different shapes, neither).
        firstMvn(f32(1, 3, 1, 1), TensorDesc.NULL).forEach(NormalizationShapeRulesTest::accepted);
        firstMvn(TensorDesc.NULL, f32(1, 3, 1, 1)).forEach(NormalizationShapeRulesTest::accepted);
        firstMvn(f32(2, 3, 2, 2), f32(1, 1, 1, 1)).forEach(NormalizationShapeRulesTest::accepted);
        firstMvn(TensorDesc.NULL, TensorDesc.NULL).forEach(NormalizationShapeRulesTest::accepted);
        // DirectML.dll 1.15.4: E_INVALIDARG.
        for (OperatorDesc desc : firstMvn(f32(2, 4, 2, 2), TensorDesc.NULL)) {
            assertEquals(List.of(RuleId.NOT_BROADCASTABLE), errors(desc), desc.toString());
        }
        for (OperatorDesc desc : firstMvn(f32(1, 1, 1, 1), f32(2, 3, 2, 3))) {
            assertEquals(List.of(RuleId.NOT_BROADCASTABLE), errors(desc), desc.toString());
        }
    }

    @Test
    void lpNormalizationTakesAnInputAxisAndP1Or2() {
        // DirectML.dll 1.15.4: S_OK.
        accepted(new LpNormalizationOperatorDesc(f32(INPUT), f32(INPUT), 3, 1e-5f, 1));
        accepted(new LpNormalizationOperatorDesc(f32(INPUT), f32(INPUT), 0, 1e-5f, 2));
        // DirectML.dll 1.15.4: E_INVALIDARG.
        assertEquals(List.of(RuleId.AXIS_OUT_OF_RANGE),
                errors(new LpNormalizationOperatorDesc(f32(INPUT), f32(INPUT), 4, 1e-5f, 2)));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED),
                errors(new LpNormalizationOperatorDesc(f32(INPUT), f32(INPUT), 1, 1e-5f, 0)));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED),
                errors(new LpNormalizationOperatorDesc(f32(INPUT), f32(INPUT), 1, 1f, 3)));
    }

    @Test
    void localResponseNormalizationNeedsAWindow() {
        // DirectML.dll 1.15.4: S_OK for LocalSize 1 and 2^32 - 1, across channels or not.
        accepted(new LocalResponseNormalizationOperatorDesc(f32(INPUT), f32(INPUT), false, 1, 1f, 1f, 1f));
        accepted(new LocalResponseNormalizationOperatorDesc(f32(INPUT), f32(INPUT), true, 4294967295L, 1f, 1f, 1f));
        accepted(new LocalResponseNormalizationGradOperatorDesc(f32(INPUT), f32(INPUT), f32(INPUT), true, 3, 1f, 1f,
                1f));
        // DirectML.dll 1.15.4: E_INVALIDARG.
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(new LocalResponseNormalizationOperatorDesc(
                f32(INPUT), f32(INPUT), true, 0, 1f, 1f, 1f)));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(new LocalResponseNormalizationGradOperatorDesc(
                f32(INPUT), f32(INPUT), f32(INPUT), false, 0, 1f, 1f, 1f)));
    }
}
