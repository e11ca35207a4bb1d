package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static dev.dmlemu.desc.TensorDataType.FLOAT32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.Slice1OperatorDesc;
import dev.dmlemu.desc.SliceGradOperatorDesc;
import dev.dmlemu.desc.SliceOperatorDesc;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ValidationResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SLICE, SLICE1 and SLICE_GRAD windows (docs/directml-behaviour.md §14.3). Every verdict is the one DirectML.dll
 * 1.15.4's CreateOperator gave the same desc (S_OK or E_INVALIDARG, noted per desc); the diagnostics are worked out
 * from the formulas by hand.
 */
class SliceRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc t(long... sizes) {
        return BufferTensorDesc.packed(FLOAT32, sizes);
    }

    private static SliceOperatorDesc slice(long in, long out, long offset, long size, long stride) {
        return new SliceOperatorDesc(t(in), t(out), 1, List.of(offset), List.of(size), List.of(stride));
    }

    private static Slice1OperatorDesc slice1(long in, long out, long offset, long size, int stride) {
        return new Slice1OperatorDesc(t(in), t(out), 1, List.of(offset), List.of(size), List.of(stride));
    }

    /** {@code outputGradient} is the sliced tensor, {@code inputGradient} the slice. */
    private static SliceGradOperatorDesc sliceGrad(long outputGradient, long inputGradient, long offset, long size,
            int stride) {
        return new SliceGradOperatorDesc(t(inputGradient), t(outputGradient), 1, List.of(offset), List.of(size),
                List.of(stride));
    }

    /** Exactly the errors {@code expected} (rule, path pairs), and no warning once the rules are complete. */
    private ValidationResult assertOnly(OperatorDesc desc, Object... expected) {
        ValidationResult result = validator.validate(desc, LEVEL_6_4);
        List<String> actual = result.diagnostics().stream().map(d -> d.rule() + " " + d.path()).toList();
        List<String> wanted = new java.util.ArrayList<>();
        for (int i = 0; i < expected.length; i += 2) {
            wanted.add(expected[i] + " " + expected[i + 1]);
        }
        assertEquals(wanted, actual, result::toString);
        result.diagnostics().forEach(d -> assertTrue(d.message().startsWith(d.path() + ": "), d.message()));
        return result;
    }

    @Test
    void sliceSizesAreTheOutputsSizesAndTheLastElementReadLiesInTheInput() {
        assertOnly(slice(4, 2, 1, 2, 2)); // S_OK: reads 1 and 3
        ValidationResult past = assertOnly(slice(4, 2, 2, 2, 2), // E_INVALIDARG: would read 4
                RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "Offsets[0]");
        assertEquals("Offsets[0]: the last element read, Offsets + (Sizes - 1) * Strides = 2 + 1 * 2, must be below 4 "
                + "(InputTensor.Sizes[0])", past.errors().get(0).message());
        // E_INVALIDARG: the output is ceil(Sizes / Strides) = 1, but SLICE wants Sizes itself.
        assertOnly(slice(4, 1, 1, 2, 2), RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertOnly(slice(4, 1, 0, 1, 0), RuleId.SLICE_STRIDE_INVALID, "Strides[0]"); // E_INVALIDARG
        assertOnly(slice(4, 1, 3, 1, 7)); // S_OK: one element, the stride never steps
    }

    @Test
    void slice1OutputIsAtMostTheWindowOverTheStrideAndNegativeStridesCount() {
        assertOnly(slice1(5, 2, 1, 4, -2)); // S_OK: ceil(4 / 2) = 2
        assertOnly(slice1(3, 1, 0, 3, 1)); // S_OK: fewer than ceil(3 / 1) output elements
        ValidationResult above = assertOnly(slice1(5, 3, 1, 4, -2), // E_INVALIDARG
                RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[0]");
        assertEquals("OutputTensor.Sizes[0]: 3 is above ceil(InputWindowSizes / |InputWindowStrides|) = ceil(4 / 2)",
                above.errors().get(0).message());
        assertOnly(slice1(5, 2, 2, 4, 2), RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "InputWindowOffsets[0]"); // E_INVALIDARG
        assertOnly(slice1(5, 1, 0, 1, 0), RuleId.SLICE_STRIDE_INVALID, "InputWindowStrides[0]"); // E_INVALIDARG
        // E_INVALIDARG: an empty window has room for no output element.
        assertOnly(slice1(5, 1, 0, 0, 1), RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[0]");
    }

    @Test
    void sliceGradBoundsTheGradientByTheOutputGradientNotByTheWindow() {
        assertOnly(sliceGrad(3, 2, 0, 0, 2)); // S_OK: an empty window, the gradient lands on 0 and 2
        assertOnly(sliceGrad(2, 2, 0, 2, 2), // E_INVALIDARG: the second gradient element would land on 2
                RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "InputGradientTensor.Sizes[0]");
        assertOnly(sliceGrad(1, 1, 0, 2, 1), // E_INVALIDARG: the window ends at 2
                RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "InputWindowOffsets[0]");
        assertOnly(sliceGrad(3, 1, 0, 1, 0), RuleId.SLICE_STRIDE_INVALID, "InputWindowStrides[0]"); // E_INVALIDARG
    }

    @Test
    void oneWindowPerDimension() {
        // E_INVALIDARG: one window entry for a 4-D input (the drawn descs of the first campaign).
        assertOnly(new SliceOperatorDesc(t(1, 1, 1, 1), t(1, 1, 1, 1), 1, List.of(0L), List.of(1L), List.of(1L)),
                RuleId.PER_DIMENSION_COUNT_MISMATCH, "DimensionCount");
        // S_OK: four.
        assertOnly(new SliceOperatorDesc(t(1, 1, 1, 1), t(1, 1, 1, 1), 4, List.of(0L, 0L, 0L, 0L),
                List.of(1L, 1L, 1L, 1L), List.of(1L, 1L, 1L, 1L)));
        // S_OK: two dimensions, each its own window.
        assertOnly(new Slice1OperatorDesc(t(4, 5), t(2, 1), 2, List.of(1L, 4L), List.of(3L, 1L), List.of(-2, 3)));
    }

    @Test
    void windowsAtTheEndsOfTheUintRangeDoNotOverflow() {
        long max = 4294967295L;
        assertOnly(slice(4, 2, max, 2, 1), RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "Offsets[0]"); // E_INVALIDARG
        assertOnly(slice(4, 2, 0, 2, max), RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "Offsets[0]"); // E_INVALIDARG
        assertOnly(slice1(4, 1, 0, 4, Integer.MIN_VALUE)); // S_OK
        assertOnly(sliceGrad(4, 2, 0, 0, Integer.MIN_VALUE), // E_INVALIDARG
                RuleId.SLICE_WINDOW_OUTSIDE_INPUT, "InputGradientTensor.Sizes[0]");
    }
}
