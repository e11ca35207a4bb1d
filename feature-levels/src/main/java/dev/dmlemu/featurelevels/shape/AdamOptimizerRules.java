package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.AdamOptimizerOperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * ADAM_OPTIMIZER: TrainingStepTensor is a scalar, every size 1 (its docs page; measured on DirectML.dll 1.15.4, which
 * takes it UINT32 of any DimensionCount, as the tables data says, docs/directml-behaviour.md §14.5). LearningRate,
 * Beta1, Beta2 and Epsilon take any value.
 */
public final class AdamOptimizerRules extends OperatorShapeRules<AdamOptimizerOperatorDesc> {

    public AdamOptimizerRules() {
        super(OperatorType.ADAM_OPTIMIZER, AdamOptimizerOperatorDesc.class);
    }

    @Override
    public void check(AdamOptimizerOperatorDesc desc, ShapeCheck check) {
        FixedSizes.onesThen(1, "TrainingStepTensor", check.required("TrainingStepTensor"), check);
    }
}
