package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BatchNormalizationGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
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
 * The batch normalizations' statistics broadcast to the input, on descs whose verdicts were measured on DirectML.dll
 * 1.15.4 (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.5.
 */
class BatchNormalizationShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final long[] INPUT = {2, 1, 3};

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<OperatorDesc> withStatistics(long... statistics) {
        BufferTensorDesc i = f32(INPUT);
        BufferTensorDesc s = f32(statistics);
        return List.of(new BatchNormalizationGradOperatorDesc(i, i, s, s, s, i, s, s, 1e-5f),
                new BatchNormalizationTrainingGradOperatorDesc(i, i, s, s, s, i, s, s, 1e-5f),
                new BatchNormalizationTrainingOperatorDesc(i, s, s, TensorDesc.NULL, i, s, s, 1e-5f,
                        Optional.empty()),
                new BatchNormalizationTrainingOperatorDesc(i, s, s, i, i, s, s, 1e-5f, Optional.empty()));
    }

    @Test
    void statisticsOfSizeOneOrTheInputsAreAccepted() {
        // DirectML.dll 1.15.4: S_OK for all four.
        for (long[] statistics : new long[][] {{1, 1, 3}, {2, 1, 1}, {2, 1, 3}, {1, 1, 1}}) {
            for (OperatorDesc desc : withStatistics(statistics)) {
                assertEquals(List.of(), VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).diagnostics(),
                        desc.toString());
            }
        }
    }

    @Test
    void otherStatisticsSizesAreRefused() {
        // DirectML.dll 1.15.4: E_INVALIDARG for all four.
        for (long[] statistics : new long[][] {{3, 1, 3}, {1, 2, 3}, {1, 1, 4}}) {
            for (OperatorDesc desc : withStatistics(statistics)) {
                List<RuleId> errors = VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream()
                        .map(Diagnostic::rule).toList();
                assertEquals(List.of(RuleId.NOT_BROADCASTABLE), errors, desc.toString());
            }
        }
    }
}
