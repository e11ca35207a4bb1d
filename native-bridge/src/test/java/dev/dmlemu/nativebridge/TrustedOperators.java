package dev.dmlemu.nativebridge;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.featurelevels.IndexSemantics;
import dev.dmlemu.featurelevels.ValidatedOperator;
import java.lang.reflect.Constructor;

/**
 * Test fixture: wraps a desc that the test author checked by hand against the GatherElements rules as a
 * {@link ValidatedOperator}. Only the validator may create one in production; this module's tests do not depend
 * on the validator, so they reach the package-private constructor reflectively. Use only with legal descs.
 */
final class TrustedOperators {

    private TrustedOperators() {
    }

    static ValidatedOperator trusted(OperatorDesc desc, FeatureLevel level, IndexSemantics semantics) {
        try {
            Constructor<ValidatedOperator> constructor = ValidatedOperator.class.getDeclaredConstructor(
                    OperatorDesc.class, FeatureLevel.class, IndexSemantics.class);
            constructor.setAccessible(true);
            return constructor.newInstance(desc, level, semantics);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("ValidatedOperator's constructor changed: " + e, e);
        }
    }
}
