package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.TopK1OperatorDesc;
import dev.dmlemu.desc.TopKOperatorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * TOP_K and TOP_K1: Axis is a dimension, {@code 1 <= K <= Input[Axis]}, and both outputs have the input's sizes with
 * K along Axis (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
 */
final class TopKRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    private static final List<String> OUTPUTS = List.of("OutputValueTensor", "OutputIndexTensor");

    private final ToLongFunction<D> axis;
    private final ToLongFunction<D> k;

    private TopKRules(OperatorType type, Class<D> descType, ToLongFunction<D> axis, ToLongFunction<D> k) {
        super(type, descType);
        this.axis = axis;
        this.k = k;
    }

    static TopKRules<TopKOperatorDesc> topK() {
        return new TopKRules<>(OperatorType.TOP_K, TopKOperatorDesc.class, TopKOperatorDesc::axis, TopKOperatorDesc::k);
    }

    static TopKRules<TopK1OperatorDesc> topK1() {
        return new TopKRules<>(OperatorType.TOP_K1, TopK1OperatorDesc.class, TopK1OperatorDesc::axis,
                TopK1OperatorDesc::k);
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        BufferTensorDesc input = check.required("InputTensor");
        long a = axis.applyAsLong(desc);
        long count = k.applyAsLong(desc);
        if (a < 0 || a >= input.dimensionCount()) {
            check.report(RuleId.AXIS_OUT_OF_RANGE, "Axis", a + " is not a dimension of InputTensor (0 to "
                    + (input.dimensionCount() - 1) + ")");
            return;
        }
        long along = input.sizes().get((int) a);
        if (count < 1 || count > along) {
            check.report(RuleId.K_OUT_OF_RANGE, "K", count + " is not in [1, " + along + "] (InputTensor.Sizes["
                    + a + "])");
        }
        List<Long> expected = new ArrayList<>(input.sizes());
        expected.set((int) a, count);
        for (String output : OUTPUTS) {
            List<Long> sizes = check.required(output).sizes();
            if (!sizes.equals(expected)) {
                check.report(RuleId.OUTPUT_SIZES_MISMATCH, output + ".Sizes", "expected " + expected
                        + " (InputTensor.Sizes with K along Axis " + a + ") but got " + sizes);
            }
        }
    }
}
