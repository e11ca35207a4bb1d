package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.ActivationHardmax1OperatorDesc;
import dev.dmlemu.desc.ActivationHardmaxOperatorDesc;
import dev.dmlemu.desc.ActivationLogSoftmax1OperatorDesc;
import dev.dmlemu.desc.ActivationLogSoftmaxOperatorDesc;
import dev.dmlemu.desc.ActivationSoftmax1OperatorDesc;
import dev.dmlemu.desc.ActivationSoftmaxOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The softmax family's shape rules, on descs whose verdicts were measured on DirectML.dll 1.15.4 (CreateOperator at
 * DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.5.
 */
class SoftmaxFamilyShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static void accepted(OperatorDesc desc) {
        ValidationResult result = VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4);
        assertEquals(List.of(), result.diagnostics(), desc.toString());
    }

    private static List<OperatorDesc> rowOperators(long... sizes) {
        return List.of(new ActivationSoftmaxOperatorDesc(f32(sizes), f32(sizes)),
                new ActivationLogSoftmaxOperatorDesc(f32(sizes), f32(sizes)),
                new ActivationHardmaxOperatorDesc(f32(sizes), f32(sizes)));
    }

    private static List<OperatorDesc> axesOperators(long[] sizes, List<Long> axes) {
        return List.of(new ActivationSoftmax1OperatorDesc(f32(sizes), f32(sizes), axes.size(), axes),
                new ActivationLogSoftmax1OperatorDesc(f32(sizes), f32(sizes), axes.size(), axes),
                new ActivationHardmax1OperatorDesc(f32(sizes), f32(sizes), axes.size(), axes));
    }

    @Test
    void leadingOnesDoNotCountTowardsTheEffectiveRank() {
        // DirectML.dll 1.15.4: S_OK for all three operators.
        rowOperators(3).forEach(SoftmaxFamilyShapeRulesTest::accepted);
        rowOperators(3, 3).forEach(SoftmaxFamilyShapeRulesTest::accepted);
        rowOperators(1, 3, 3).forEach(SoftmaxFamilyShapeRulesTest::accepted);
        rowOperators(1, 1, 1, 1, 1, 1, 3, 3).forEach(SoftmaxFamilyShapeRulesTest::accepted);
        rowOperators(1, 1, 1, 1, 1, 1, 1, 1).forEach(SoftmaxFamilyShapeRulesTest::accepted);
    }

    @Test
    void anEffectiveRankAboveTwoIsRefused() {
        // DirectML.dll 1.15.4: E_INVALIDARG for all three operators, trailing 1s included.
        for (long[] sizes : new long[][] {{3, 3, 1}, {2, 1, 1}, {1, 2, 1, 1, 1}, {2, 2, 2, 2, 3}}) {
            for (OperatorDesc desc : rowOperators(sizes)) {
                assertEquals(List.of(RuleId.EFFECTIVE_RANK_TOO_LARGE), errors(desc), desc.toString());
            }
        }
    }

    @Test
    void axesMustNameDimensionsOfTheInput() {
        // DirectML.dll 1.15.4: S_OK, repeated axes and AxisCount 0 included.
        for (List<Long> axes : List.of(List.of(1L), List.of(0L, 1L), List.of(1L, 1L), List.<Long>of())) {
            axesOperators(new long[] {2, 3}, axes).forEach(SoftmaxFamilyShapeRulesTest::accepted);
        }
        // DirectML.dll 1.15.4: E_INVALIDARG.
        for (List<Long> axes : List.of(List.of(2L), List.of(0L, 2L))) {
            for (OperatorDesc desc : axesOperators(new long[] {2, 3}, axes)) {
                assertEquals(List.of(RuleId.AXES_OUT_OF_RANGE), errors(desc), desc.toString());
            }
        }
        // The neutral Axes {1} of a 1-D input: DirectML.dll 1.15.4 E_INVALIDARG.
        for (OperatorDesc desc : axesOperators(new long[] {2}, List.of(1L))) {
            assertEquals(List.of(RuleId.AXES_OUT_OF_RANGE), errors(desc), desc.toString());
        }
    }
}
