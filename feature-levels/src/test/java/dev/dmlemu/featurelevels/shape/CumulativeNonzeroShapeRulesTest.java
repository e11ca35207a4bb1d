package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.CumulativeSummationOperatorDesc;
import dev.dmlemu.desc.NonzeroCoordinatesOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * CUMULATIVE_SUMMATION's, CUMULATIVE_PRODUCT's and NONZERO_COORDINATES' shape rules (docs/directml-behaviour.md
 * §14.4). Every verdict is DirectML.dll 1.15.4's (under Wine in the project's host, DML_FEATURE_LEVEL_6_4).
 */
class CumulativeNonzeroShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc f(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static BufferTensorDesc u(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.UINT32, sizes);
    }

    private List<RuleId> errors(OperatorDesc desc) {
        return validator.validate(desc, LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    @Test
    void theCumulativeAxisIsBelowTheDimensionCount() {
        // S_OK: axes 0 and r - 1 for r = 1 to 8, both directions, exclusive or not; E_INVALIDARG: r, r + 1, 2^32 - 1.
        for (int rank = 1; rank <= 8; rank++) {
            long[] sizes = new long[rank];
            Arrays.fill(sizes, 2);
            for (AxisDirection direction : AxisDirection.values()) {
                for (boolean exclusive : new boolean[] {false, true}) {
                    for (long axis : new long[] {0, rank - 1}) {
                        assertEquals(List.of(), errors(new CumulativeSummationOperatorDesc(f(sizes), f(sizes), axis,
                                direction, exclusive)));
                        assertEquals(List.of(), errors(new CumulativeProductOperatorDesc(f(sizes), f(sizes), axis,
                                direction, exclusive)));
                    }
                    for (long axis : new long[] {rank, rank + 1, 4294967295L}) {
                        assertEquals(List.of(RuleId.AXIS_OUT_OF_RANGE), errors(new CumulativeSummationOperatorDesc(
                                f(sizes), f(sizes), axis, direction, exclusive)));
                        assertEquals(List.of(RuleId.AXIS_OUT_OF_RANGE), errors(new CumulativeProductOperatorDesc(
                                f(sizes), f(sizes), axis, direction, exclusive)));
                    }
                }
            }
        }
    }

    @Test
    void nonzeroCoordinatesHoldOneCountAndAnElementCountByDimensionCountMatrix() {
        // S_OK.
        for (OperatorDesc accepted : List.of(new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(6, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1, 1), u(1, 6, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1, 1, 1), u(6, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(1, 1, 6, 2)),
                new NonzeroCoordinatesOperatorDesc(f(6), u(1), u(6, 1)),
                new NonzeroCoordinatesOperatorDesc(f(1, 1), u(1), u(1, 2)))) {
            assertEquals(List.of(), errors(accepted), accepted::toString);
        }
        // E_INVALIDARG.
        for (OperatorDesc refused : List.of(new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(6, 3)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(5, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(7, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(2), u(6, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(2, 6, 2)),
                new NonzeroCoordinatesOperatorDesc(f(2, 3), u(1), u(2, 6)))) {
            assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(refused), refused::toString);
        }
    }
}
