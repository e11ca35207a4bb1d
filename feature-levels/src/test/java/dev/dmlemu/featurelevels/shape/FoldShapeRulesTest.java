package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FoldOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.UnfoldOperatorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * FOLD's and UNFOLD's shape rules (docs/directml-behaviour.md §14.4). Every verdict is DirectML.dll 1.15.4's (under
 * Wine in the project's host, DML_FEATURE_LEVEL_6_4), the same for both operators with the tensors' roles swapped.
 */
class FoldShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static List<Long> l(long... values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static BufferTensorDesc f(List<Long> sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes.stream().mapToLong(Long::longValue).toArray());
    }

    /** The errors of UNFOLD spatial to blocks, then of FOLD blocks to spatial, with the same window fields. */
    private List<List<RuleId>> both(List<Long> spatial, List<Long> blocks, List<Long> window, List<Long> strides,
            List<Long> dilations, List<Long> start, List<Long> end) {
        long count = window.size();
        UnfoldOperatorDesc unfold = new UnfoldOperatorDesc(f(spatial), f(blocks), count, window, strides, dilations,
                start, end);
        FoldOperatorDesc fold = new FoldOperatorDesc(f(blocks), f(spatial), count, window, strides, dilations, start,
                end);
        return List.of(errors(validator.validate(unfold, LEVEL_6_4).errors()),
                errors(validator.validate(fold, LEVEL_6_4).errors()));
    }

    private static List<RuleId> errors(List<Diagnostic> diagnostics) {
        return diagnostics.stream().map(Diagnostic::rule).toList();
    }

    private static void accepted(List<List<RuleId>> verdicts) {
        assertEquals(List.of(List.of(), List.of()), verdicts);
    }

    private static void refused(List<List<RuleId>> verdicts) {
        assertEquals(2, verdicts.stream().filter(v -> !v.isEmpty()).count(), verdicts::toString);
    }

    @Test
    void theBlockTensorIsThreeDimensionalWhateverTheSpatialRank() {
        // S_OK: [1, 2, 4, 4] with 2x2 windows and [1, 8, 9]; [1, 2, 5] and [1, 4, 4]; 5-D and 8-D with [1, 8|64, 1].
        accepted(both(l(1, 2, 4, 4), l(1, 8, 9), l(2, 2), l(1, 1), l(1, 1), l(0, 0), l(0, 0)));
        accepted(both(l(1, 2, 5), l(1, 4, 4), l(2), l(1), l(1), l(0), l(0)));
        accepted(both(l(1, 1, 2, 2, 2), l(1, 8, 1), l(2, 2, 2), l(1, 1, 1), l(1, 1, 1), l(0, 0, 0), l(0, 0, 0)));
        accepted(both(l(1, 1, 2, 2, 2, 2, 2, 2), l(1, 64, 1), l(2, 2, 2, 2, 2, 2), l(1, 1, 1, 1, 1, 1),
                l(1, 1, 1, 1, 1, 1), l(0, 0, 0, 0, 0, 0), l(0, 0, 0, 0, 0, 0)));
        // E_INVALIDARG: the same blocks in 4-D, split or transposed.
        for (List<Long> blocks : List.of(l(1, 1, 8, 9), l(1, 8, 9, 1), l(1, 8, 3, 3), l(1, 2, 4, 9), l(1, 2, 36),
                l(1, 9, 8), l(1, 8, 10))) {
            refused(both(l(1, 2, 4, 4), blocks, l(2, 2), l(1, 1), l(1, 1), l(0, 0), l(0, 0)));
        }
    }

    @Test
    void theBlockCountFollowsTheWindowFormula() {
        // [2, 3, 5, 6], windows 2x2, strides 2, dilations (2, 1), padding (1, 0) and (0, 1): 2 x 3 blocks.
        accepted(both(l(2, 3, 5, 6), l(2, 12, 6), l(2, 2), l(2, 2), l(2, 1), l(1, 0), l(0, 1)));
        for (List<Long> blocks : List.of(l(2, 12, 7), l(2, 12, 5), l(2, 11, 6), l(1, 12, 6))) {
            refused(both(l(2, 3, 5, 6), blocks, l(2, 2), l(2, 2), l(2, 1), l(1, 0), l(0, 1)));
        }
        // Rounded down: 5 with a window of 2 and stride 2 gives 2 blocks, 6 + 1 padding gives 3.
        accepted(both(l(1, 1, 5), l(1, 2, 2), l(2), l(2), l(1), l(0), l(0)));
        refused(both(l(1, 1, 5), l(1, 2, 3), l(2), l(2), l(1), l(0), l(0)));
        accepted(both(l(1, 1, 6), l(1, 2, 3), l(2), l(2), l(1), l(0), l(1)));
        refused(both(l(1, 1, 6), l(1, 2, 2), l(2), l(2), l(1), l(0), l(1)));
        // A window as large as the input is one block; larger only with padding.
        accepted(both(l(1, 1, 2, 2), l(1, 4, 1), l(2, 2), l(1, 1), l(1, 1), l(0, 0), l(0, 0)));
        refused(both(l(1, 1, 2, 2), l(1, 9, 1), l(3, 3), l(1, 1), l(1, 1), l(0, 0), l(0, 0)));
        accepted(both(l(1, 1, 2, 2), l(1, 9, 4), l(3, 3), l(1, 1), l(1, 1), l(1, 1), l(1, 1)));
    }

    @Test
    void aDilationMayBeZeroButNotAStride() {
        // Dilation 0: the window's taps fall on one element, so a window of 2 over 4 gives 4 blocks, not 3.
        accepted(both(l(1, 1, 4), l(1, 2, 4), l(2), l(1), l(0), l(0), l(0)));
        refused(both(l(1, 1, 4), l(1, 2, 3), l(2), l(1), l(0), l(0), l(0)));
        refused(both(l(1, 1, 4), l(1, 2, 1), l(2), l(0), l(1), l(0), l(0)));
    }

    @Test
    void bothTensorsHaveOneDataTypeAndDimensionCountIsTheSpatialRank() {
        UnfoldOperatorDesc mixed = new UnfoldOperatorDesc(BufferTensorDesc.packed(TensorDataType.INT32, 1, 1, 4, 4),
                f(l(1, 4, 9)), 2, l(2, 2), l(1, 1), l(1, 1), l(0, 0), l(0, 0));
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH), errors(validator.validate(mixed, LEVEL_6_4).errors()));
        UnfoldOperatorDesc oneSpatial = new UnfoldOperatorDesc(f(l(1, 2, 4, 4)), f(l(1, 4, 9)), 1, l(2), l(1), l(1),
                l(0), l(0));
        assertEquals(List.of(RuleId.SPATIAL_DIMENSION_COUNT_MISMATCH),
                errors(validator.validate(oneSpatial, LEVEL_6_4).errors()));
    }
}
