package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;
import java.util.Map;

/**
 * The window of a pooling gradient that DirectML.dll 1.15.4 checks (MAX_POOLING_GRAD, docs/directml-behaviour.md
 * §14.2): every stride, window size and dilation at least 1, and InputGradientTensor's spatial sizes the forward
 * output's over OutputGradientTensor, {@code (padded - extent) / stride + 1} with {@code padded = in + start + end}
 * and {@code extent = (window - 1) * dilation + 1}, or 1 when the extent is above the padded size (measured: a window
 * of 9 over 4 gives 1, and 2 is refused). Paddings are not bounded.
 */
record PoolingGradientWindow(List<Long> strides, List<Long> windowSize, List<Long> startPadding,
        List<Long> endPadding, List<Long> dilations) {

    /**
     * Reports the window's zero fields, else every spatial size of {@code inputGradient} off the formula; only the
     * arrays' first entries, one per spatial dimension of {@code forwardInput}, are read.
     */
    void check(ShapeCheck check, List<Long> forwardInput, List<Long> inputGradient) {
        int spatial = forwardInput.size() - 2;
        boolean zero = false;
        for (Map.Entry<String, List<Long>> array : List.of(Map.entry("Strides", strides),
                Map.entry("WindowSize", windowSize), Map.entry("Dilations", dilations))) {
            List<Long> values = array.getValue();
            for (int i = 0; i < spatial; i++) {
                if (values.get(i) == 0) {
                    check.report(RuleId.WINDOW_FIELD_ZERO, array.getKey() + "[" + i + "]", "0");
                    zero = true;
                }
            }
        }
        if (zero) {
            return;
        }
        for (int i = 0; i < spatial; i++) {
            long expected = forwardOutputSize(forwardInput.get(2 + i), i);
            if (inputGradient.get(2 + i) != expected) {
                check.report(RuleId.POOLING_GRADIENT_SIZES_MISMATCH, "InputGradientTensor.Sizes[" + (2 + i) + "]",
                        inputGradient.get(2 + i) + " but the forward output over OutputGradientTensor's "
                                + forwardInput.get(2 + i) + " is " + expected);
            }
        }
    }

    /** The forward pooling's output size along spatial dimension {@code i} over an input size of {@code in}. */
    private long forwardOutputSize(long in, int i) {
        // Sizes and UINT fields are below 2^32: the sum cannot overflow, the extent's product can.
        long padded = in + startPadding.get(i) + endPadding.get(i);
        long extent;
        try {
            extent = Math.addExact(Math.multiplyExact(windowSize.get(i) - 1, dilations.get(i)), 1);
        } catch (ArithmeticException overflow) {
            return 1;
        }
        return extent > padded ? 1 : (padded - extent) / strides.get(i) + 1;
    }
}
