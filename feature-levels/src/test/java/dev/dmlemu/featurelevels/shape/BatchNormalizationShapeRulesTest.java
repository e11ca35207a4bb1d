package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BatchNormalizationGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ActivationSigmoidOperatorDesc;
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
 * The batch normalizations' statistics broadcast to the input (BATCH_NORMALIZATION's each on its own), on descs
 * whose verdicts were measured on DirectML.dll 1.15.4 (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is
 * E_INVALIDARG), docs/directml-behaviour.md §14.5.
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

    private static final long[] NCHW = {2, 3, 2, 2};

    /** BATCH_NORMALIZATION with Spatial either way (measured alike), an odd Epsilon and a fused activation. */
    private static List<OperatorDesc> inference(long[] mean, long[] variance, long[] scale, long[] bias) {
        BufferTensorDesc i = f32(NCHW);
        return List.of(new BatchNormalizationOperatorDesc(i, f32(mean), f32(variance), f32(scale), f32(bias), i, false,
                        1e-5f, Optional.empty()),
                new BatchNormalizationOperatorDesc(i, f32(mean), f32(variance), f32(scale), f32(bias), i, true, -1f,
                        Optional.of(new ActivationSigmoidOperatorDesc(TensorDesc.NULL, TensorDesc.NULL))));
    }

    @Test
    void batchNormalizationStatisticsEachBroadcastOnTheirOwn() {
        // DirectML.dll 1.15.4: S_OK, the four of different shapes, each size 1 or the input's.
        for (OperatorDesc desc : inference(new long[] {1, 3, 1, 1}, new long[] {2, 1, 2, 1}, new long[] {1, 1, 1, 1},
                NCHW)) {
            assertEquals(List.of(), VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).diagnostics(), desc.toString());
        }
        // DirectML.dll 1.15.4: E_INVALIDARG, one statistic off in one size (the others all 1).
        long[] ones = {1, 1, 1, 1};
        List<List<OperatorDesc>> refused = List.of(inference(new long[] {2, 4, 2, 2}, ones, ones, ones),
                inference(ones, new long[] {3, 3, 2, 2}, ones, ones), inference(ones, ones, new long[] {2, 3, 3, 2},
                        ones), inference(ones, ones, ones, new long[] {2, 3, 2, 3}));
        List<String> fields = List.of("MeanTensor.Sizes[1]", "VarianceTensor.Sizes[0]", "ScaleTensor.Sizes[2]",
                "BiasTensor.Sizes[3]");
        for (int k = 0; k < refused.size(); k++) {
            for (OperatorDesc desc : refused.get(k)) {
                List<Diagnostic> errors = VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors();
                assertEquals(List.of(RuleId.NOT_BROADCASTABLE), errors.stream().map(Diagnostic::rule).toList(),
                        desc.toString());
                assertEquals(fields.get(k), errors.get(0).path(), desc.toString());
            }
        }
    }
}
