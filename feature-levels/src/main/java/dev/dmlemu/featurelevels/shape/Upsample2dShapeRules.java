package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.Upsample2dOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.List;

/**
 * UPSAMPLE_2D beyond its tables, as DirectML.dll 1.15.4 refuses (docs/directml-behaviour.md §14.4): the output is the
 * input with its height (the next-to-last size) times {@code ScaleSize.Height} and its width (the last) times
 * {@code ScaleSize.Width}; every other size, the depth of a 5-D tensor too, is the input's.
 */
public final class Upsample2dShapeRules extends OperatorShapeRules<Upsample2dOperatorDesc> {

    public Upsample2dShapeRules() {
        super(OperatorType.UPSAMPLE_2D, Upsample2dOperatorDesc.class);
    }

    @Override
    public void check(Upsample2dOperatorDesc desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        BufferTensorDesc output = check.required("OutputTensor");
        List<Long> expected = new ArrayList<>(input.sizes());
        int rank = expected.size();
        try {
            expected.set(rank - 2, Math.multiplyExact(expected.get(rank - 2), desc.scaleSize().height()));
            expected.set(rank - 1, Math.multiplyExact(expected.get(rank - 1), desc.scaleSize().width()));
        } catch (ArithmeticException e) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes", "InputTensor.Sizes " + input.sizes()
                    + " times ScaleSize overflow 64 bits");
            return;
        }
        if (!expected.equals(output.sizes())) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, "OutputTensor.Sizes", "expected " + expected
                    + " (InputTensor.Sizes with height times ScaleSize.Height, width times ScaleSize.Width) but got "
                    + output.sizes());
        }
    }
}
