package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.GatherNd1OperatorDesc;

/** {@code DML_OPERATOR_GATHER_ND1}'s rules: those of {@link GatherNdFamilyRules} with its BatchDimensionCount. */
final class GatherNd1Rules extends GatherNdFamilyRules<GatherNd1OperatorDesc> {

    GatherNd1Rules() {
        super(GatherNd1OperatorDesc.class, GatherNdSupport.ND1_SUPPORT);
    }

    @Override
    long inputDimensionCount(GatherNd1OperatorDesc desc) {
        return desc.inputDimensionCount();
    }

    @Override
    long indicesDimensionCount(GatherNd1OperatorDesc desc) {
        return desc.indicesDimensionCount();
    }

    @Override
    long batchDimensionCount(GatherNd1OperatorDesc desc) {
        return desc.batchDimensionCount();
    }
}
