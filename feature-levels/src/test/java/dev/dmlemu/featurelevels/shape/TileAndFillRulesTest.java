package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static dev.dmlemu.desc.TensorDataType.INT32;
import static dev.dmlemu.desc.TensorDataType.INT64;
import static dev.dmlemu.desc.TensorDataType.UINT64;
import static dev.dmlemu.desc.TensorDataType.UINT8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TileOperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TILE, FILL_VALUE_CONSTANT and FILL_VALUE_SEQUENCE (docs/directml-behaviour.md §14.3). Every verdict is the one
 * DirectML.dll 1.15.4's CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are
 * worked out by hand.
 */
class TileAndFillRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static TileOperatorDesc tile(long[] in, long[] out, List<Long> repeats) {
        return new TileOperatorDesc(BufferTensorDesc.packed(FLOAT32, in), BufferTensorDesc.packed(FLOAT32, out),
                repeats.size(), repeats);
    }

    private static FillValueConstantOperatorDesc constant(TensorDataType output, TensorDataType value) {
        return new FillValueConstantOperatorDesc(BufferTensorDesc.packed(output, 2, 3), value, ScalarUnion.of(value, 1));
    }

    private static FillValueSequenceOperatorDesc sequence(TensorDataType output, TensorDataType value) {
        return new FillValueSequenceOperatorDesc(BufferTensorDesc.packed(output, 2, 3), value,
                ScalarUnion.of(value, 1), ScalarUnion.of(value, 2));
    }

    private ValidationResult assertOnly(OperatorDesc desc, Object... expected) {
        ValidationResult result = validator.validate(desc, LEVEL_6_4);
        List<String> actual = result.diagnostics().stream().map(d -> d.rule() + " " + d.path()).toList();
        List<String> wanted = new ArrayList<>();
        for (int i = 0; i < expected.length; i += 2) {
            wanted.add(expected[i] + " " + expected[i + 1]);
        }
        assertEquals(wanted, actual, result::toString);
        result.diagnostics().forEach(d -> assertTrue(d.message().startsWith(d.path() + ": "), d.message()));
        return result;
    }

    @Test
    void tileMultipliesEachSizeByItsRepeats() {
        assertOnly(tile(new long[] {2, 3}, new long[] {4, 3}, List.of(2L, 1L))); // S_OK
        ValidationResult wrong = assertOnly(tile(new long[] {2, 3}, new long[] {4, 4}, List.of(2L, 1L)), // E_INVALIDARG
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[1]");
        assertEquals("OutputTensor.Sizes[1]: expected InputTensor.Sizes * Repeats = 3 * 1 but got 4",
                wrong.errors().get(0).message());
        long max = 4294967295L;
        // E_INVALIDARG: the product does not fit a UINT32 size.
        assertOnly(tile(new long[] {max}, new long[] {max}, List.of(max)),
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[0]");
    }

    @Test
    void tileKeepsTheDimensionCountAndHasOneRepeatPerDimension() {
        // E_INVALIDARG: the tables let the output have another DimensionCount; DirectML does not.
        assertOnly(tile(new long[] {2, 3}, new long[] {4, 3, 1}, List.of(2L, 1L)),
                RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount");
        // E_INVALIDARG: one repeat for four dimensions.
        assertOnly(tile(new long[] {1, 1, 1, 1}, new long[] {1, 1, 1, 1}, List.of(1L)),
                RuleId.PER_DIMENSION_COUNT_MISMATCH, "RepeatsCount");
    }

    @Test
    void fillValuesComeInTheOutputsDataType() {
        assertOnly(constant(FLOAT32, FLOAT32)); // S_OK
        ValidationResult mismatch = assertOnly(constant(INT32, FLOAT32), // E_INVALIDARG
                RuleId.VALUE_DATA_TYPE_MISMATCH, "ValueDataType");
        assertEquals("ValueDataType: expected INT32 (OutputTensor.DataType) but got FLOAT32",
                mismatch.errors().get(0).message());
        assertOnly(sequence(UINT8, UINT8)); // S_OK
        assertOnly(sequence(INT64, UINT64), RuleId.VALUE_DATA_TYPE_MISMATCH, "ValueDataType"); // E_INVALIDARG
    }
}
