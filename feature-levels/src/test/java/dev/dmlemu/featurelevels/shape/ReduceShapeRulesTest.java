package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_2_1;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_3_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_5_0;
import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT16;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT64;
import static dev.dmlemu.desc.TensorDataType.INT8;
import static dev.dmlemu.desc.TensorDataType.UINT32;
import static dev.dmlemu.desc.TensorDataType.UINT8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.Severity;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * REDUCE: its tables per Function and its shape rules (docs/directml-behaviour.md §14.4). The 6_4 verdicts are
 * DirectML.dll 1.15.4's (under Wine in the project's host, DML_FEATURE_LEVEL_6_4); the lower levels' are the docs'
 * tables.
 */
class ReduceShapeRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc t(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static ReduceOperatorDesc reduce(ReduceFunction function, BufferTensorDesc input, BufferTensorDesc output,
            Long... axes) {
        return new ReduceOperatorDesc(function, input, output, axes.length, List.of(axes));
    }

    private List<RuleId> errors(ReduceOperatorDesc desc, FeatureLevel level) {
        return validator.validate(desc, level).errors().stream().map(Diagnostic::rule).toList();
    }

    @Test
    void theReducedAxesAreOneAndTheOthersKeepTheInputsSize() {
        // DirectML.dll 1.15.4: S_OK for every Function.
        for (ReduceFunction function : ReduceFunction.values()) {
            TensorDataType out = function == ReduceFunction.ARGMAX || function == ReduceFunction.ARGMIN ? UINT32
                    : FLOAT32;
            assertEquals(List.of(), errors(reduce(function, t(FLOAT32, 2, 3, 4, 5), t(out, 2, 1, 4, 5), 1L),
                    LEVEL_6_4), function::name);
            // DirectML.dll 1.15.4: E_INVALIDARG, the reduced axis keeps its size; then another axis changes.
            assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(reduce(function, t(FLOAT32, 2, 3, 4, 5),
                    t(out, 2, 3, 4, 5), 1L), LEVEL_6_4), function::name);
            assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(reduce(function, t(FLOAT32, 2, 3, 4, 5),
                    t(out, 2, 1, 4, 4), 1L), LEVEL_6_4), function::name);
            // DirectML.dll 1.15.4: E_INVALIDARG, the reduced axis dropped from the output.
            assertEquals(List.of(RuleId.DIMENSION_COUNT_MISMATCH), errors(reduce(function, t(FLOAT32, 2, 3, 4, 5),
                    t(out, 2, 4, 5), 1L), LEVEL_6_4), function::name);
        }
    }

    @Test
    void axesMayRepeatComeInAnyOrderOrBeNone() {
        // DirectML.dll 1.15.4: S_OK for each.
        assertEquals(List.of(), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3, 4, 5), t(FLOAT32, 2, 1, 4, 5),
                1L, 1L), LEVEL_6_4));
        assertEquals(List.of(), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3, 4, 5), t(FLOAT32, 2, 1, 4, 1),
                3L, 1L), LEVEL_6_4));
        assertEquals(List.of(), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3), t(FLOAT32, 1, 1),
                0L, 1L, 0L, 1L, 0L, 1L, 0L, 1L, 0L), LEVEL_6_4));
        assertEquals(List.of(), errors(reduce(ReduceFunction.ARGMAX, t(FLOAT32, 2, 3), t(UINT32, 2, 3)),
                LEVEL_6_4));
        // DirectML.dll 1.15.4: E_INVALIDARG, AxisCount 0 reduces nothing, not everything.
        assertEquals(List.of(RuleId.OUTPUT_SIZES_MISMATCH), errors(reduce(ReduceFunction.ARGMAX, t(FLOAT32, 2, 3),
                t(UINT32, 1, 1)), LEVEL_6_4));
    }

    @Test
    void everyAxisIsBelowTheInputsDimensionCount() {
        // DirectML.dll 1.15.4: S_OK for the last axis, E_INVALIDARG for DimensionCount and 2^32 - 1.
        assertEquals(List.of(), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3), t(FLOAT32, 2, 1), 1L),
                LEVEL_6_4));
        assertEquals(List.of(RuleId.AXIS_OUT_OF_RANGE), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3),
                t(FLOAT32, 2, 3), 2L), LEVEL_6_4));
        assertEquals(List.of(RuleId.AXIS_OUT_OF_RANGE), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3),
                t(FLOAT32, 2, 3), 4294967295L), LEVEL_6_4));
        Diagnostic axis = validator.validate(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3, 4, 5),
                t(FLOAT32, 2, 3, 4, 5), 4L), LEVEL_6_4).errors().get(0);
        assertEquals("Axes[0]", axis.path());
    }

    @Test
    void theOutputHasTheInputsDataTypeButForArgMinAndArgMax() {
        // DirectML.dll 1.15.4: S_OK for MAX INT8 -> INT8, ARGMAX INT8 -> UINT32 and INT8 -> INT64, ARGMIN FLOAT32 ->
        // INT32; E_INVALIDARG for MAX INT8 -> UINT8, SUM INT32 -> UINT32, SUM FLOAT32 -> FLOAT16.
        assertEquals(List.of(), errors(reduce(ReduceFunction.MAX, t(INT8, 2, 3), t(INT8, 2, 1), 1L), LEVEL_6_4));
        assertEquals(List.of(), errors(reduce(ReduceFunction.ARGMAX, t(INT8, 2, 3), t(UINT32, 2, 1), 1L),
                LEVEL_6_4));
        assertEquals(List.of(), errors(reduce(ReduceFunction.ARGMAX, t(INT8, 2, 3), t(INT64, 2, 1), 1L), LEVEL_6_4));
        assertEquals(List.of(), errors(reduce(ReduceFunction.ARGMIN, t(FLOAT32, 2, 3), t(INT32, 2, 1), 1L),
                LEVEL_6_4));
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH), errors(reduce(ReduceFunction.MAX, t(INT8, 2, 3),
                t(UINT8, 2, 1), 1L), LEVEL_6_4));
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH), errors(reduce(ReduceFunction.SUM, t(INT32, 2, 3),
                t(UINT32, 2, 1), 1L), LEVEL_6_4));
        assertEquals(List.of(RuleId.DATA_TYPE_MISMATCH), errors(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3, 4, 5),
                t(FLOAT16, 2, 1, 4, 5), 1L), LEVEL_6_4));
    }

    @Test
    void eachFunctionIsJudgedByItsOwnTables() {
        // The docs' tables: SUM takes INT32 from 2_1 and INT64 from 5_0; MIN takes INT8 from 3_0; an ARGMAX output
        // is UINT32 only before 3_0; AVERAGE takes floats only.
        assertEquals(List.of(), errors(reduce(ReduceFunction.SUM, t(INT32, 1, 1, 2, 3), t(INT32, 1, 1, 2, 1), 3L),
                LEVEL_2_1));
        assertEquals(List.of(RuleId.DATA_TYPE_UNSUPPORTED, RuleId.DATA_TYPE_UNSUPPORTED),
                errors(reduce(ReduceFunction.SUM, t(INT64, 1, 1, 2, 3), t(INT64, 1, 1, 2, 1), 3L), LEVEL_3_0));
        assertEquals(Optional.of(LEVEL_5_0), validator.minimumFeatureLevel(reduce(ReduceFunction.SUM,
                t(INT64, 1, 1, 2, 3), t(INT64, 1, 1, 2, 1), 3L)).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(reduce(ReduceFunction.MIN,
                t(INT8, 1, 1, 2, 3), t(INT8, 1, 1, 2, 1), 3L)).level());
        assertEquals(Optional.of(LEVEL_3_0), validator.minimumFeatureLevel(reduce(ReduceFunction.ARGMAX,
                t(FLOAT32, 1, 1, 2, 3), t(INT32, 1, 1, 2, 1), 3L)).level());
        assertEquals(List.of(RuleId.DATA_TYPE_UNSUPPORTED, RuleId.DATA_TYPE_UNSUPPORTED),
                errors(reduce(ReduceFunction.AVERAGE, t(INT32, 2, 3), t(INT32, 2, 1), 1L), LEVEL_6_4));
    }

    @Test
    void completeRulesDropTheWarningThatShapesAreNotChecked() {
        List<RuleId> warnings = validator.validate(reduce(ReduceFunction.SUM, t(FLOAT32, 2, 3), t(FLOAT32, 2, 1),
                1L), LEVEL_6_4).diagnostics().stream().filter(d -> d.severity() == Severity.WARNING)
                .map(Diagnostic::rule).toList();
        assertEquals(List.of(), warnings);
    }
}
