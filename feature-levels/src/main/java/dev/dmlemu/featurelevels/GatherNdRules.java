package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.GatherNdOperatorDesc;

/** {@code DML_OPERATOR_GATHER_ND}'s rules: those of {@link GatherNdFamilyRules} with no batch dimensions. */
final class GatherNdRules extends GatherNdFamilyRules<GatherNdOperatorDesc> {

    GatherNdRules() {
        super(GatherNdOperatorDesc.class, GatherNdSupport.ND_SUPPORT);
    }

    @Override
    long inputDimensionCount(GatherNdOperatorDesc desc) {
        return desc.inputDimensionCount();
    }

    @Override
    long indicesDimensionCount(GatherNdOperatorDesc desc) {
        return desc.indicesDimensionCount();
    }

    @Override
    long batchDimensionCount(GatherNdOperatorDesc desc) {
        return 0;
    }
}
