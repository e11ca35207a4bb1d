package dev.dmlemu.nativebridge.host;

import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.Optional;

/**
 * The DirectML.dll bugs known to end its process, recognised from the desc by the validator's rules for them, so a
 * dead host can be explained instead of only reported.
 */
public final class KnownDirectMlBugs {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();

    private KnownDirectMlBugs() {
    }

    private static final String HEAP_CORRUPTION = "GATHER with IndexDimensions - 1 > Axis corrupts DirectML's heap"
            + " (docs/directml-behaviour.md §10.6)";

    /** Said of a host that died after a GATHER desc that corrupts DirectML's heap was created in it. */
    static final String EARLIER_HEAP_CORRUPTION = "an earlier GATHER desc in this host (IndexDimensions - 1 > Axis)"
            + " corrupted DirectML's heap, which can crash a later call (docs/directml-behaviour.md §10.6)";

    /** Whether {@code bug} (from {@link #matching}) is the GATHER heap corruption. */
    static boolean isHeapCorruption(String bug) {
        return bug.equals(HEAP_CORRUPTION);
    }

    /** The bug {@code desc} triggers, in words, or empty. */
    public static Optional<String> matching(OperatorDesc desc) {
        try {
            for (Diagnostic diagnostic : VALIDATOR.validate(desc, FeatureLevel.newest()).diagnostics()) {
                if (diagnostic.rule() == RuleId.CREATE_OPERATOR_FAIL_FAST) {
                    return Optional.of("SCATTER_ND's CreateOperator fails fast on an index tuple longer than"
                            + " InputDimensionCount (docs/directml-behaviour.md §13.4)");
                }
                if (diagnostic.rule() == RuleId.HEAP_CORRUPTION_BUG) {
                    return Optional.of(HEAP_CORRUPTION);
                }
            }
        } catch (RuntimeException e) {
            // A desc the validator cannot judge matches no known bug.
        }
        return Optional.empty();
    }
}
