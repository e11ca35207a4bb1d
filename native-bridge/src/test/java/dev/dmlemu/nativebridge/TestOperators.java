package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;

/**
 * Test fixture: a desc validated at a level by the real validator, as production code obtains one, with the test's
 * expectation of the index semantics checked so a changed rule cannot silently change what a test exercises.
 */
final class TestOperators {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private TestOperators() {
    }

    static ValidatedOperator validated(OperatorDesc desc, FeatureLevel level, IndexSemantics expectedSemantics) {
        ValidatedOperator operator = VALIDATOR.validate(desc, level).validated();
        if (operator.indexSemantics() != expectedSemantics) {
            throw new IllegalStateException("expected " + expectedSemantics + " index semantics for " + desc
                    + " at " + level.cName() + " but the validator chose " + operator.indexSemantics());
        }
        return operator;
    }
}
