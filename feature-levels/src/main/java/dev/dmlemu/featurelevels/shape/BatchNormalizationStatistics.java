package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BatchNormalizationGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * The batch normalizations: the per-channel statistics broadcast to InputTensor, each size 1 or the input's. For
 * BATCH_NORMALIZATION_GRAD, BATCH_NORMALIZATION_TRAINING and BATCH_NORMALIZATION_TRAINING_GRAD the statistics (mean,
 * variance, scale, bias and their gradients) have one Sizes by the constraint lines, so the first stands for all; for
 * BATCH_NORMALIZATION each of MeanTensor, VarianceTensor, ScaleTensor and BiasTensor broadcasts on its own, whatever
 * Spatial says (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
 *
 * @param <D> the operator's desc record
 */
public final class BatchNormalizationStatistics<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** The statistics checked: one per Sizes the tables leave free (a constraint line's first tensor stands for it). */
    private final List<String> statistics;

    private BatchNormalizationStatistics(OperatorType type, Class<D> descType, List<String> statistics) {
        super(type, descType);
        this.statistics = statistics;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION,
                        BatchNormalizationOperatorDesc.class,
                        List.of("MeanTensor", "VarianceTensor", "ScaleTensor", "BiasTensor")),
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION_GRAD,
                        BatchNormalizationGradOperatorDesc.class, List.of("MeanTensor")),
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION_TRAINING,
                        BatchNormalizationTrainingOperatorDesc.class, List.of("ScaleTensor")),
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION_TRAINING_GRAD,
                        BatchNormalizationTrainingGradOperatorDesc.class, List.of("MeanTensor")));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        for (String field : statistics) {
            Broadcast.toSizes(field, check.required(field), "InputTensor", input.sizes(), check);
        }
    }
}
