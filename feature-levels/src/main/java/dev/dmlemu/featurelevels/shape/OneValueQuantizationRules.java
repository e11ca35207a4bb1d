package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.DynamicQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseQuantizedLinearAddOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.List;

/**
 * ELEMENT_WISE_QUANTIZED_LINEAR_ADD and DYNAMIC_QUANTIZE_LINEAR, which quantize with one scale and one zero point per
 * tensor: the data tensors (A, B and the output; the input and the output) have one Sizes, nothing broadcast by
 * Sizes, and every scale and zero point holds one value, every size 1 at the shared DimensionCount (measured on
 * DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5). A scale of the data's Sizes is refused too.
 *
 * @param <D> the operator's desc record
 */
final class OneValueQuantizationRules<D extends OperatorDesc> extends OperatorShapeRules<D> {

    /** The data tensors: the first one's Sizes are the others'. */
    private final List<String> data;
    /** The scales and zero points, each one value when present. */
    private final List<String> oneValue;

    private OneValueQuantizationRules(OperatorType type, Class<D> descType, List<String> data, List<String> oneValue) {
        super(type, descType);
        this.data = data;
        this.oneValue = oneValue;
    }

    static List<ShapeRules<?>> all() {
        return List.of(
                new OneValueQuantizationRules<>(OperatorType.ELEMENT_WISE_QUANTIZED_LINEAR_ADD,
                        ElementWiseQuantizedLinearAddOperatorDesc.class,
                        List.of(ElementWiseQuantizedLinearAddOperatorDesc.A_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.B_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.OUTPUT_TENSOR),
                        List.of(ElementWiseQuantizedLinearAddOperatorDesc.A_SCALE_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.A_ZERO_POINT_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.B_SCALE_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.B_ZERO_POINT_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.OUTPUT_SCALE_TENSOR,
                                ElementWiseQuantizedLinearAddOperatorDesc.OUTPUT_ZERO_POINT_TENSOR)),
                new OneValueQuantizationRules<>(OperatorType.DYNAMIC_QUANTIZE_LINEAR,
                        DynamicQuantizeLinearOperatorDesc.class,
                        List.of(DynamicQuantizeLinearOperatorDesc.INPUT_TENSOR,
                                DynamicQuantizeLinearOperatorDesc.OUTPUT_TENSOR),
                        List.of(DynamicQuantizeLinearOperatorDesc.OUTPUT_SCALE_TENSOR,
                                DynamicQuantizeLinearOperatorDesc.OUTPUT_ZERO_POINT_TENSOR)));
    }

    @Override
    public void check(D desc, ShapeCheck check) {
        String first = data.get(0);
        List<Long> sizes = check.required(first).sizes();
        for (String field : data.subList(1, data.size())) {
            Broadcast.sameSizes(field, check.required(field), first, sizes, check);
        }
        for (String field : oneValue) {
            QuantizationTensors.oneValue(check, field);
        }
    }
}
