package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.RandomGeneratorOperatorDesc;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * RANDOM_GENERATOR: the Philox state is six UINT32s, so InputStateTensor (and OutputStateTensor, same Sizes by the
 * constraint line) has Sizes {@code [1, ..., 1, 6]}; OutputTensor may have any Sizes (docs; measured on DirectML.dll
 * 1.15.4, docs/directml-behaviour.md §14.5).
 */
public final class RandomGeneratorRules extends OperatorShapeRules<RandomGeneratorOperatorDesc> {

    public RandomGeneratorRules() {
        super(OperatorType.RANDOM_GENERATOR, RandomGeneratorOperatorDesc.class);
    }

    static final long PHILOX_STATE_ELEMENTS = 6;

    @Override
    public void check(RandomGeneratorOperatorDesc desc, ShapeCheck check) {
        FixedSizes.onesThen(PHILOX_STATE_ELEMENTS, "InputStateTensor", check.required("InputStateTensor"), check);
    }
}
