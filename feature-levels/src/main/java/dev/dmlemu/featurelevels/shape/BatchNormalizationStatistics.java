package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BatchNormalizationGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingGradOperatorDesc;
import dev.dmlemu.desc.BatchNormalizationTrainingOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * BATCH_NORMALIZATION_GRAD, BATCH_NORMALIZATION_TRAINING and BATCH_NORMALIZATION_TRAINING_GRAD: the per-channel
 * statistics (mean, variance, scale, bias and their gradients, one Sizes by the constraint lines) broadcast to
 * InputTensor, each size 1 or the input's (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
 *
 * @param <D> the operator's desc record
 */
public final class BatchNormalizationStatistics<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** The first tensor of the statistics' Sizes constraint line: the others have its Sizes. */
    private final String statistics;

    private BatchNormalizationStatistics(OperatorType type, Class<D> descType, String statistics) {
        super(type, descType);
        this.statistics = statistics;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION_GRAD,
                        BatchNormalizationGradOperatorDesc.class, "MeanTensor"),
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION_TRAINING,
                        BatchNormalizationTrainingOperatorDesc.class, "ScaleTensor"),
                new BatchNormalizationStatistics<>(OperatorType.BATCH_NORMALIZATION_TRAINING_GRAD,
                        BatchNormalizationTrainingGradOperatorDesc.class, "MeanTensor"));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        Broadcast.toSizes(statistics, check.required(statistics), "InputTensor", input.sizes(), check);
    }
}
