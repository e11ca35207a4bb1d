package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TileOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;

/**
 * TILE: input, output and Repeats share one DimensionCount (the tables do not say it; measured), and
 * {@code Output = Input * Repeats} per dimension (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
 */
final class TileRules extends OperatorShapeRules<TileOperatorDesc> {

    TileRules() {
        super(OperatorType.TILE, TileOperatorDesc.class);
    }

    @Override
    public void check(TileOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        BufferTensorDesc output = check.required("OutputTensor");
        boolean ranksAgree = true;
        if (output.dimensionCount() != input.dimensionCount()) {
            check.report(RuleId.DIMENSION_COUNT_MISMATCH, "OutputTensor.DimensionCount", "expected "
                    + input.dimensionCount() + " (InputTensor.DimensionCount) but got " + output.dimensionCount());
            ranksAgree = false;
        }
        if (!PerDimensionCount.matches(check, "RepeatsCount", desc.repeatsCount(), "InputTensor", input)
                || !ranksAgree) {
            return;
        }
        for (int i = 0; i < input.dimensionCount(); i++) {
            long in = input.sizes().get(i);
            long repeats = desc.repeats().get(i);
            long out = output.sizes().get(i);
            if (!productIs(in, repeats, out)) {
                check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes[" + i + "]", "expected InputTensor.Sizes"
                        + " * Repeats = " + in + " * " + repeats + " but got " + out);
            }
        }
    }

    private static boolean productIs(long a, long b, long product) {
        try {
            return Math.multiplyExact(a, b) == product;
        } catch (ArithmeticException overflow) {
            return false;
        }
    }
}
